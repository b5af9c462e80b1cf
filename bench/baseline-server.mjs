// The two baselines of bench/ssr.mjs, run as a child process like the site itself:
//   BASELINE_MODE=static  the same Express serving one static file (BASELINE_FILE) at `/`
//   BASELINE_MODE=react   the same Express answering `/` with a bare renderToString of a trivial page
//   BASELINE_MODE=markup  the same Express answering `/` with BASELINE_FILE (a page of the site) whose
//                         body React renders on every request, streamed as the site streams it, from
//                         plain host elements (lib/markup.mjs): React's own cost for the page's markup
// BASELINE_WORKERS > 1 runs that many workers with node's cluster module, as WEB_CONCURRENCY does.
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import { createElement as h, Fragment } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { splitPage } from './lib/markup.mjs';

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
  } else if (mode === 'markup') {
    const page = splitPage(fs.readFileSync(path.resolve(process.env.BASELINE_FILE ?? ''), 'utf8'));
    app.get('/', (_req, res) => {
      res.type('html').write(page.before);
      const body = new Writable({
        write(chunk, _encoding, done) {
          res.write(chunk);
          done();
        },
        final(done) {
          res.end(page.after);
          done();
        },
      });
      const stream = renderToPipeableStream(h(Fragment, null, ...page.elements()), {
        onShellReady() {
          stream.pipe(body);
        },
      });
    });
  } else {
    throw new Error(`BASELINE_MODE must be static, react or markup, not ${mode}`);
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
