// What build.mjs does to the client files besides bundling them: the public files and the favicon,
// React DOM's compile hint, and the precompressed copies of every text asset.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';

// The repository root (this file is in build/).
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));

/** The files of client/public, and the favicon drawn from its SVG, into `clientOut`. */
export function copyPublic(clientOut) {
  const from = path.join(root, 'client', 'public');
  if (fs.existsSync(from)) fs.cpSync(from, clientOut, { recursive: true });
  renderFavicon(clientOut);
}

/**
 * The tab's icon as a PNG drawn from client/public/favicon.svg (the one source; its letters are
 * paths). Chromium draws an SVG icon as a document of its own on the page's main thread: on a
 * slow phone that was a task of 100–300 ms just after the first paint (issue 35, bench/README.md).
 * A PNG is only decoded. 96 px: sharp at 32 px on a screen of three device pixels per px.
 */
function renderFavicon(clientOut) {
  const svg = fs.readFileSync(path.join(root, 'client', 'public', 'favicon.svg'), 'utf8');
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: 96 }, font: { loadSystemFonts: false } }).render().asPng();
  fs.writeFileSync(path.join(clientOut, 'favicon.png'), png);
}

/**
 * React DOM is a CommonJS function of 200 kB that runs as the app starts (client/app/entry.tsx). V8
 * compiles a function's inner functions only when each is first called, on the main thread, which
 * made most of the app's first long task. Chrome's explicit compile hint (`//# allFunctionsCalledOnLoad`
 * as the file's first line, Chrome 136+; a plain comment elsewhere) has the whole file compiled
 * while it downloads, off the main thread. Only React DOM's chunk: marking every chunk would
 * compile code a page never calls. The source map gets one empty line for the added one.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
export function hintEagerCompile(metafile) {
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js') || !Object.keys(output.inputs).some((input) => input.includes('react-dom/cjs/react-dom-client.'))) continue;
    const target = path.join(root, file);
    fs.writeFileSync(target, COMPILE_HINT + fs.readFileSync(target, 'utf8'));
    const mapFile = `${target}.map`;
    if (fs.existsSync(mapFile)) {
      const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
      fs.writeFileSync(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
    }
  }
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text the browser downloads; source maps and licence texts are for people, fetched rarely. */
const PRECOMPRESSED = /\.(js|css|svg|json)$/;

/**
 * Every text asset also as `<file>.br` (brotli at its best quality, 11) and `<file>.gz` (gzip at
 * 9), made once here instead of per response: the server (express-static-gzip, server/site/app.ts) and
 * nginx (`brotli_static`/`gzip_static`, deploy/nginx.conf) send them as they are. Quality 11 takes
 * about a second for the whole build but makes the first load of `/` about 14 % smaller than the
 * quality a per-response compressor can afford (bench/README.md). Small files too: the compression
 * middleware sends anything under 1 kB as it is, and a page loads a dozen such text chunks.
 */
export async function precompress(dir) {
  const files = fs
    .readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => PRECOMPRESSED.test(file));
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      // A copy only where it is smaller: a few bytes of text can grow by the format's own header.
      await Promise.all([
        br.length < bytes.length && fs.promises.writeFile(`${file}.br`, br),
        gz.length < bytes.length && fs.promises.writeFile(`${file}.gz`, gz),
      ]);
    }),
  );
}
