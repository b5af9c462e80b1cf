import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { createTestApi, type TestApi } from '../test-support/test-api';

interface LintReport {
  problems: Array<{ rule: string; severity: string; message: string; where?: string; ignored: boolean }>;
  network: string[];
}

const ROOT = path.resolve(__dirname, '../../..');
const LINT = path.join(__dirname, 'lint-openapi.mjs');
// Redocly's own switches for telemetry and update checks, off even though only its library runs here.
const OFFLINE_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

let t: TestApi;
let dir: string;
let documentPath: string;

async function lint(configPath: string, document = documentPath): Promise<LintReport> {
  const { stdout } = await promisify(execFile)(process.execPath, [LINT, document, configPath], { env: OFFLINE_ENV, cwd: ROOT });
  return JSON.parse(stdout) as LintReport;
}

beforeAll(async () => {
  t = createTestApi();
  dir = mkdtempSync(path.join(os.tmpdir(), 'openapi-lint-'));
  documentPath = path.join(dir, 'served.json');
  writeFileSync(documentPath, (await request(t.app).get('/api/v1/openapi.json').expect(200)).text);
});
afterAll(() => {
  t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the served OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error or warning, offline", async () => {
    const report = await lint(path.join(ROOT, 'redocly.yaml'));
    expect(report.problems.filter((p) => !p.ignored)).toEqual([]);
    expect(report.network).toEqual([]);
    // Only the places .redocly.lint-ignore.yaml names, each with its reason there.
    expect(report.problems.map((p) => `${p.rule} ${p.where}`).sort()).toEqual([
      'no-unused-components #/components/schemas/LotBidEvent',
      'no-unused-components #/components/schemas/LotEndEvent',
      'no-unused-components #/components/schemas/LotExtendedEvent',
      'no-unused-components #/components/schemas/NumberSnapshotEvent',
      'operation-2xx-response #/paths/~1sandbox~1payments~1{paymentId}~1approve/post/responses',
      'operation-2xx-response #/paths/~1sandbox~1payments~1{paymentId}~1decline/post/responses',
      'operation-4xx-response #/paths/~1openapi.json/get/responses',
    ]);
  });

  it('is linted by a process that notices and refuses any network call', async () => {
    const remote = path.join(dir, 'redocly.yaml');
    writeFileSync(remote, 'extends:\n  - https://rules.example.invalid/ruleset.yaml\n');
    const report = await lint(remote);
    expect(report.network).toEqual(['fetch https://rules.example.invalid/ruleset.yaml']);
  });

  it('reports a document that breaks a rule', async () => {
    const broken = JSON.parse((await request(t.app).get('/api/v1/openapi.json').expect(200)).text) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    delete broken.paths['/news'].get.operationId;
    const brokenPath = path.join(dir, 'broken.json');
    writeFileSync(brokenPath, JSON.stringify(broken));
    const report = await lint(path.join(ROOT, 'redocly.yaml'), brokenPath);
    expect(report.problems.filter((p) => !p.ignored).map((p) => `${p.rule} ${p.where}`)).toEqual([
      'operation-operationId #/paths/~1news/get/operationId',
    ]);
  });
});
