import fs from 'node:fs';
import path from 'node:path';
import { MINI_APP_SECTIONS } from '../client/framework/page-sections';
import { firstLoads, overBudget, readClientBuild } from './lib/first-load';

// The build `npm test` has just made (dist/, or $DIST_DIR as for every other test reading a build).
const DIST_DIR = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(__dirname, '..', 'dist');

// Sizes from the build's manifest and files, not timed: the same build always gives the same figures
// (bench/lib/first-load.ts, which `npm run bench:bundle` prints).
describe('the JavaScript a first visit downloads before hydration (bench/budgets.ts)', () => {
  const build = readClientBuild(DIST_DIR);
  const loads = firstLoads(build);

  it.each(loads.map((load) => [load.route, load]))('%s is within its gzip budget', (_route, load) => {
    expect(overBudget(load)).toBe('');
  });

  // The browser takes the contract's values from its zod-free modules (shared/contract/values.ts)
  // and its schemas as types only, so no file of the browser's build is made from zod.
  it('builds no file of the browser from zod', () => {
    const meta = JSON.parse(fs.readFileSync(path.join(DIST_DIR, 'client-meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const withZod = Object.entries(meta.outputs)
      .filter(([, output]) => Object.keys(output.inputs).some((input) => /(^|\/)node_modules\/zod\//.test(input)))
      .map(([file]) => file);
    expect(withZod).toEqual([]);
  });

  // Issue 53: Telegram's Mini App is a chunk of its own, loaded only inside Telegram. What each
  // file is built from comes from esbuild's metafile (build.mjs writes client-meta.json).
  describe('carries no Telegram code on any page, nor names a file of it', () => {
    const meta = JSON.parse(fs.readFileSync(path.join(DIST_DIR, 'client-meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const outputOf = (url: string) => {
      const output = Object.keys(meta.outputs).find((file) => file.endsWith(`/client${url}`));
      if (!output) throw new Error(`${url} is not in the build's metafile`);
      return meta.outputs[output];
    };
    // The Mini App's modules, Telegram's SDK, and the Mini App's texts (MINI_APP_SECTIONS).
    const TELEGRAM = new RegExp(
      String.raw`^client/features/telegram/|^client/api/telegram\.ts$|^client/features/purchase/(TelegramPhoneChoice|telegram-step)|@telegram-apps/|^text-section:[a-z-]+-(${MINI_APP_SECTIONS.join('|')})$`,
    );
    // The test of Telegram mode, which the browser services run after hydration on every page.
    const MODE_TEST = 'client/features/telegram/shell.ts';
    // The files only the Mini App loads.
    const telegramFiles = Object.entries(meta.outputs)
      .filter(
        ([file, output]) => file.endsWith('.js') && Object.keys(output.inputs).some((input) => TELEGRAM.test(input) && input !== MODE_TEST),
      )
      .map(([file]) => path.basename(file));

    it('finds the Mini App’s files in the build, so the checks below look for the right names', () => {
      const inputs = Object.values(meta.outputs).flatMap((output) => Object.keys(output.inputs));
      expect(inputs).toEqual(
        expect.arrayContaining([
          'client/features/telegram/mini-app.ts',
          'client/features/purchase/TelegramPhoneChoice.tsx',
          'text-section:ru-telegram',
        ]),
      );
      expect(inputs.some((input) => input.includes('@telegram-apps/'))).toBe(true);
      expect(telegramFiles.length).toBeGreaterThanOrEqual(6);
    });

    it.each(loads.map((load) => [load.route, load]))('%s', (_route, load) => {
      const found = load.urls.flatMap((url) => [
        ...Object.keys(outputOf(url).inputs)
          .filter((input) => TELEGRAM.test(input))
          .map((input) => `${url} is built from ${input}`),
        ...telegramFiles
          .filter((file) => fs.readFileSync(path.join(DIST_DIR, 'client', url), 'utf8').includes(file))
          .map((file) => `${url} names ${file}`),
      ]);
      expect(found).toEqual([]);
    });

    it('nor do the browser services every page loads after hydration, but for Telegram mode’s test (shell.ts)', () => {
      const services = build.manifest.modules['client/app/browser-services.ts'];
      const found = [services.file, ...services.imports].flatMap((url) =>
        Object.keys(outputOf(url).inputs).filter((input) => TELEGRAM.test(input) && input !== MODE_TEST),
      );
      expect(found).toEqual([]);
    });
  });
});
