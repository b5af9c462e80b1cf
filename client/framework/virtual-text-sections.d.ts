/**
 * Made by build.mjs (plugin `text-sections`) from locales/<lang>.json: for each language and
 * top-level section of its texts, the `import()` of that section's chunk (the document's
 * sections share one chunk and each loader answers its own section of it: `textChunkOf`).
 * Jest reads the same map from locales/text-sections.node.ts. Typed loosely here; client/framework/text-sections.ts narrows it.
 */
declare module 'virtual:text-sections' {
  export const TEXT_SECTIONS: Record<string, Record<string, (() => Promise<{ default: Record<string, unknown> }>) | undefined> | undefined>;
}

/** The same map for the sections only Telegram's Mini App shows (MINI_APP_SECTIONS, client/framework/page-sections.ts), which `virtual:text-sections` leaves out. */
declare module 'virtual:mini-app-text-sections' {
  export const MINI_APP_TEXT_SECTIONS: Record<
    string,
    Record<string, (() => Promise<{ default: Record<string, unknown> }>) | undefined> | undefined
  >;
}
