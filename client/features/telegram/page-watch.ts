/**
 * Follows the page's DOM for the Mini App's chunk: the pages know nothing of Telegram (their first
 * load carries none of its code, issue 53), so what the Mini App adds to them, Telegram's Main
 * button and the phone Telegram shares, reads what they render (`data-main-action`, the phone
 * step's `.phone-verification`) whenever it may have changed. `onChange` runs once now and after
 * each batch of changes: nodes added or removed, text, or one of the attributes that say what a
 * control does (disabled, class, data-main-action). Returns the function that stops it.
 */
export function watchPage(onChange: () => void): () => void {
  const observer = new MutationObserver(() => onChange());
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['disabled', 'class', 'data-main-action'],
  });
  onChange();
  return () => observer.disconnect();
}
