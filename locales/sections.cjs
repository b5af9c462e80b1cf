// The browser downloads each language's texts by top-level section (`common`, `nav`, `home`,
// ...): one chunk per language and section, so a page loads only the texts it shows (issue 15);
// the document's sections, which every page loads, share one (`textChunkOf`, client/framework/page-sections.ts).
// locales/<lang>.json stays the one source: build.mjs makes the chunks from it with
// `browserSection` (plugin `text-sections`); locales/text-sections.node.ts is the same map for
// Jest, which has no bundler. The server renders with the whole files and never loads sections.

/** What the browser gets of one section of the texts: all of it (the API's texts are its own, server/api/messages/). */
function browserSection(texts, section) {
  return texts[section];
}

module.exports = { browserSection };
