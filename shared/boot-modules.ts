import { scriptSafeJson } from './script-json';

/**
 * The inline script that starts the browser app once the server's HTML has been painted: it asks
 * for the entry and the page's chunks (as `modulepreload` links, so they download side by side
 * rather than one import after another) only after the first frame, then imports the entry, which
 * hydrates. A tab opened in the background, which paints nothing until shown, starts at once.
 *
 * Why not `<link rel="modulepreload">` in the head and `<script type="module" async>`: the
 * browser then downloads and evaluates a phone's worth of JavaScript while it is still to paint
 * the page, and on a slow link the largest text waits for it (Lighthouse's LCP was 2.5 s with
 * the page's own text, 0.9 s with this). The HTML is whole and usable before any script runs.
 *
 * Three links per task: starting a request costs the main thread several milliseconds on a slow
 * phone (Chromium's own work for each request); forty of them at once were a long task that
 * counted against the page's blocking time, and so were six (issue 35, bench/README.md).
 *
 * `window.__MODULES__` lists the files, the entry first (the bundle benchmark and the tests read it).
 */
export function bootModulesScript(modules: string[]): string {
  return (
    `window.__MODULES__=${scriptSafeJson(modules)};` +
    '(function(m){var i=0;function go(){var f=document.createDocumentFragment();m.slice(i,i+3).forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;f.appendChild(l)});document.head.appendChild(f);i+=3;if(i<m.length)setTimeout(go,0);else import(m[0])}' +
    'if(document.visibilityState==="hidden")go();else requestAnimationFrame(function(){setTimeout(go,0)})})(window.__MODULES__);'
  );
}

/** The files a page's boot script loads, as `bootModulesScript` wrote them (tests, benchmarks). */
export function bootModulesOf(html: string): string[] {
  const list = /window\.__MODULES__=(\[[^\]]*\])/.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}
