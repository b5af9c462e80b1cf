import { PAGE_KEYS, pageFolder, type PageKey } from '../../shared/paths';

/**
 * `virtual:page-modules` for Jest, which has no bundler (jest.config.js maps the name here): the
 * same map build/page-modules.mjs makes, each page's `client/pages/<folder>/route.tsx` required by
 * its name.
 */
export const PAGE_MODULES = Object.fromEntries(
  PAGE_KEYS.map((key) => [key, () => import(`../pages/${pageFolder(key)}/route`) as Promise<unknown>]),
) as Record<PageKey, () => Promise<unknown>>;
