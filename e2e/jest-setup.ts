// Browser tests drive a real Chromium on a shared 2-core machine: generous per-test time.
jest.setTimeout(120_000);
