/**
 * What a browser test checks a page for: the errors it reports, its full document loads, and
 * axe-core's accessibility violations.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { isLoopback } from './browser';

/**
 * Everything a page reports as an error: console errors and warnings, uncaught exceptions.
 * A third-party resource refused by the test's closed network (map tiles) is not the page's fault.
 */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const source = message.location().url;
    if (/^Failed to load resource/.test(message.text()) && source && !isLoopback(source)) return;
    problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Text to match literally inside a RegExp (a label with dots, brackets or a plus). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Counts full document loads of the main frame (a client-side navigation is not one). */
export function countDocumentLoads(page: Page): { count: number } {
  const loads = { count: 0 };
  page.on('load', () => {
    loads.count += 1;
  });
  return loads;
}

let axeScript: string | null = null;
const axeSource = () => (axeScript ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's violations on the page, or only within the elements `within` selects, each as one
 * readable line; `serious` keeps only the serious and critical ones. The checker is evaluated
 * through the DevTools protocol, which the page's CSP does not govern (a script tag would be
 * refused by it): the page runs under its real CSP, so a sweep that checks axe also sees a CSP
 * violation as a console error.
 */
export async function axeViolations(
  page: Page,
  { within, serious = false }: { within?: string; serious?: boolean } = {},
): Promise<string[]> {
  await page.evaluate(axeSource());
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(selector ? { include: [[selector]] } : document, { resultTypes: ['violations'] });
    return result.violations;
  }, within ?? null);
  return violations
    .filter((v) => !serious || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}
