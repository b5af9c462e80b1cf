/**
 * Made by build.mjs (plugin `catalogue-sections`) from locales/<lang>.json: for each language and
 * top-level section of its catalogue, the `import()` of that section's chunk (the document's
 * sections share one chunk and each loader answers its own section of it: `catalogueChunkOf`).
 * Jest reads the same map from locales/sections.cjs. Typed loosely here; client/catalogs.ts narrows it.
 */
declare module 'virtual:catalogue-sections' {
  export const CATALOGUE_SECTIONS: Record<
    string,
    Record<string, (() => Promise<{ default: Record<string, unknown> }>) | undefined> | undefined
  >;
}
