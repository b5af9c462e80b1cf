// The two baselines of bench/ssr.mjs, run as a child process like the site itself:
//   BASELINE_MODE=static  the same Express serving one static file (BASELINE_FILE) at `/`
//   BASELINE_MODE=react   the same Express answering `/` with a bare renderToString of a trivial page
// BASELINE_WORKERS > 1 runs that many workers with node's cluster module, as WEB_CONCURRENCY does.
import cluster from 'node:cluster';
import path from 'node:path';
import express from 'express';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';

const mode = process.env.BASELINE_MODE;
const workers = Number(process.env.BASELINE_WORKERS ?? '1');

function trivialPage() {
  return h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Baseline')),
    h('body', null, h('main', null, h('h1', null, 'Hello'), h('p', null, 'A trivial React page rendered with renderToString.'))),
  );
}

function serve() {
  const app = express();
  app.disable('x-powered-by');
  if (mode === 'static') {
    const file = path.resolve(process.env.BASELINE_FILE ?? '');
    app.use(express.static(path.dirname(file), { index: path.basename(file) }));
  } else if (mode === 'react') {
    app.get('/', (_req, res) => {
      res.type('html').send(`<!DOCTYPE html>${renderToString(trivialPage())}`);
    });
  } else {
    throw new Error(`BASELINE_MODE must be static or react, not ${mode}`);
  }
  // In a cluster, listen(0) gives every worker the same port, so each may print the line.
  const server = app.listen(0, '127.0.0.1', () => {
    process.stdout.write(`Listening on http://127.0.0.1:${server.address().port}\n`);
  });
  // A baseline has nothing to drain.
  process.on('SIGTERM', () => process.exit(0));
}

if (workers > 1 && cluster.isPrimary) {
  for (let i = 0; i < workers; i += 1) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  serve();
}
