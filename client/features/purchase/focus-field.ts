/**
 * Focus the field to fix, centred on screen: the browser's own focus scroll puts it at the very
 * top, under the sticky header on phones.
 */
export function focusField(element: HTMLElement | null | undefined): void {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'center' });
}
