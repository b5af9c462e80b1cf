// Route and API tests start apps, stores and many requests on a shared 2-core machine:
// a generous time per test keeps a busy machine from failing correct code.
jest.setTimeout(60_000);
