import { cpuSlowdown } from './browser';

// Browser tests drive a real Chromium on a shared 2-core machine: generous per-test time.
// Under E2E_CPU_SLOWDOWN every page is that much slower: so is the limit.
jest.setTimeout(120_000 * cpuSlowdown());
