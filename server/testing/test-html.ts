/** Small readers of server-rendered HTML for route tests (no DOM needed). */
function decode(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function titleOf(html: string): string | null {
  const match = /<title>([^<]*)<\/title>/.exec(html);
  return match ? decode(match[1]) : null;
}

export function tags(html: string, name: string): string[] {
  return html.match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? [];
}

export function attr(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1]) : null;
}

export function metaContent(html: string, key: string): string | null {
  const tag = tags(html, 'meta').find((t) => attr(t, 'name') === key || attr(t, 'property') === key);
  return tag ? attr(tag, 'content') : null;
}

export function linkHref(html: string, rel: string, hrefLang?: string): string | null {
  const tag = tags(html, 'link').find((t) => attr(t, 'rel') === rel && (hrefLang === undefined || attr(t, 'hrefLang') === hrefLang));
  return tag ? attr(tag, 'href') : null;
}

export function htmlLang(html: string): string | null {
  const tag = tags(html, 'html')[0];
  return tag ? attr(tag, 'lang') : null;
}

export function textOf(html: string): string {
  return decode(html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}
