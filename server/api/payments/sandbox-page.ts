import crypto from 'node:crypto';
import { INTL_LOCALE, type Language } from '../../../shared/languages';
import { formatUzPhone } from '../../../shared/validation';
import { translate } from '../http/language';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface SandboxPageModel {
  lang: Language;
  /** Where the API is mounted (req.baseUrl), so the forms post back to it. */
  apiBase: string;
  paymentId: string;
  provider: string;
  amount: number;
  number: string;
  /** An auction's own payment (a buy-now, a deposit) says what it pays for; an order's needs no word. */
  purpose?: 'buy_now' | 'deposit';
  /** pending shows the two buttons; anything else says the payment was already decided (or can no longer be made). */
  status: 'pending' | 'approved' | 'declined' | 'refunded' | 'expired';
}

/** The page gets its own CSP: no script at all, its one style block by nonce, forms only to itself. */
export function sandboxCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function newNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f3f5f8;color:#14202e}
main{max-width:28rem;margin:8vh auto;padding:2rem;background:#fff;border-radius:1rem;box-shadow:0 8px 30px rgba(20,32,46,.12)}
h1{font-size:1.4rem;margin:0 0 .5rem}p.note{color:#5a6878;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:1.5rem 0}dt{color:#5a6878}dd{margin:0;font-weight:600}
.actions{display:flex;gap:.75rem}form{flex:1}button{width:100%;padding:.8rem;border:0;border-radius:.6rem;font:inherit;font-weight:600;cursor:pointer}
button.approve{background:#0b7a4b;color:#fff}button.decline{background:#e8ebf0;color:#14202e}
button:focus-visible{outline:3px solid #2f6fed;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#0f1722;color:#e8edf3}main{background:#172232}dt,p.note{color:#9fb0c3}button.decline{background:#263449;color:#e8edf3}}`;

export function renderSandboxPage(model: SandboxPageModel, nonce: string): string {
  const t = (key: string, params?: Record<string, string | number>) => escapeHtml(translate(model.lang, `sandbox.${key}`, params));
  const amount = `${new Intl.NumberFormat(INTL_LOCALE[model.lang]).format(model.amount)} ${translate(model.lang, 'sandbox.currency')}`;
  const base = `${model.apiBase}/sandbox/payments/${model.paymentId}`;
  const action = (kind: string) => escapeHtml(`${base}/${kind}?lang=${model.lang}`);
  const body =
    model.status === 'pending'
      ? `<div class="actions">
  <form method="post" action="${action('approve')}"><button class="approve" type="submit">${t('approve')}</button></form>
  <form method="post" action="${action('decline')}"><button class="decline" type="submit">${t('decline')}</button></form>
</div>`
      : `<p role="status">${t(`decided.${model.status}`)}</p>`;
  return `<!doctype html>
<html lang="${model.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t('title')}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body>
<main>
<h1>${t('title')}</h1>
<p class="note">${t('note')}</p>
<dl>
<dt>${t('provider')}</dt><dd>${escapeHtml(translate(model.lang, `sandbox.providers.${model.provider}`))}</dd>
${
  model.purpose
    ? `<dt>${t('purpose')}</dt><dd>${t(`purposes.${model.purpose}`)}</dd>
`
    : ''
}<dt>${t('number')}</dt><dd>${escapeHtml(formatUzPhone(model.number))}</dd>
<dt>${t('amount')}</dt><dd>${escapeHtml(amount)}</dd>
</dl>
${body}
</main>
</body>
</html>`;
}

export function renderSandboxNotFound(lang: Language, nonce: string): string {
  const t = (key: string) => escapeHtml(translate(lang, `sandbox.${key}`));
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t('title')}</title><style nonce="${escapeHtml(nonce)}">${STYLE}</style></head>
<body><main><h1>${t('title')}</h1><p role="alert">${t('notFound')}</p></main></body></html>`;
}
