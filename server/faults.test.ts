import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeNewsItem, startFakeApi, type FakeApi } from './fake-api';
import { createTestApp, type TestApp } from './test-app';

describe('a visitor who goes away mid-render', () => {
  let api: FakeApi;
  let t: TestApp;
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    api = await startFakeApi(1500, fakeNewsItem);
    t = createTestApp({ API_BASE_URL: api.baseUrl });
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    t.close();
    await api.close();
  });

  it('frees the render: the API calls made for them are cancelled, and the server carries on', async () => {
    const req = http.get(`${origin}/en/news/abandoned`);
    req.on('error', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.calls.map((c) => c.path)).toContain('/api/v1/news/abandoned');
    req.destroy();
    const deadline = Date.now() + 3000;
    while (!api.calls.find((c) => c.path === '/api/v1/news/abandoned')?.abandoned && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(api.calls.find((c) => c.path === '/api/v1/news/abandoned')?.abandoned).toBe(true);
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
  });
});
