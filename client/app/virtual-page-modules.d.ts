/**
 * Made by build.mjs (plugin `page-modules`, build/page-modules.mjs) from the page table (PAGES,
 * shared/paths.ts): each page's `import()` of its route module. Jest reads the same map from
 * client/app/page-modules.node.ts. Typed loosely here; client/app/routes.tsx names what a route
 * module exports.
 */
declare module 'virtual:page-modules' {
  export const PAGE_MODULES: Record<string, () => Promise<unknown>>;
}
