// Lints an OpenAPI document (a JSON file) with Redocly's programmatic linter and the project's
// redocly.yaml (and the places its .redocly.lint-ignore.yaml excuses), and prints { problems, network } as JSON. A separate process because
// @redocly/openapi-core is an ES module, and so that every way out to the network can be
// watched before it is even loaded: `network` lists each attempt, which is also refused.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const network = [];
const refuse =
  (what) =>
  (...args) => {
    network.push(`${what} ${String(args[0]?.href ?? args[0]?.host ?? args[0])}`);
    throw new Error(`no network in the lint: ${what}`);
  };
net.connect = net.createConnection = refuse('net.connect');
http.request = http.get = refuse('http.request');
https.request = https.get = refuse('https.request');
dns.lookup = refuse('dns.lookup');
globalThis.fetch = refuse('fetch');

const [documentPath, configPath] = process.argv.slice(2);
const { lintFromString, loadConfig } = await import('@redocly/openapi-core');
const config = await loadConfig({ configPath });
// Named openapi.json next to the config, so the places .redocly.lint-ignore.yaml lists match it.
const absoluteRef = path.resolve(path.dirname(configPath), 'openapi.json');
const problems = await lintFromString({ source: readFileSync(documentPath, 'utf8'), absoluteRef, config });
process.stdout.write(
  JSON.stringify({
    problems: problems.map((p) => ({
      rule: p.ruleId,
      severity: p.severity,
      message: p.message,
      where: p.location?.[0]?.pointer,
      ignored: p.ignored === true,
    })),
    network,
  }),
);
