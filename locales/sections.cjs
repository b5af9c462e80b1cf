// The browser downloads each language's texts by top-level section (`common`, `nav`, `home`,
// ...): one chunk per language and section, so a page loads only the texts it shows (issue 15);
// the document's sections, which every page loads, share one (`textChunkOf`, client/page-sections.ts).
// locales/<lang>.json stays the one source: build.mjs makes the chunks from it with
// `browserSection` (plugin `text-sections`), and this file's `TEXT_SECTIONS` is the
// same map for Jest, which has no bundler (jest.config.js maps `virtual:text-sections` here).
// The server renders with the whole files and never loads sections.
const fs = require('node:fs');
const path = require('node:path');

/** What the browser gets of one section of the texts: all of it (the API's texts are its own, server/api/messages/). */
function browserSection(texts, section) {
  return texts[section];
}

/** The languages that have texts: the `<lang>.json` files of this folder. */
function textLanguages(dir = __dirname) {
  return fs
    .readdirSync(dir)
    .map((file) => /^([a-z]{2})\.json$/.exec(file)?.[1])
    .filter(Boolean)
    .sort();
}

/** Language → section → loader, for Node: each answers what `import()` of the chunk does, from the whole file. */
const TEXT_SECTIONS = Object.fromEntries(
  textLanguages().map((lang) => {
    const texts = JSON.parse(fs.readFileSync(path.join(__dirname, `${lang}.json`), 'utf8'));
    return [
      lang,
      Object.fromEntries(
        Object.keys(texts).map((section) => [section, () => Promise.resolve({ default: browserSection(texts, section) })]),
      ),
    ];
  }),
);

module.exports = { browserSection, textLanguages, TEXT_SECTIONS };
