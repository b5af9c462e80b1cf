import { createRequire } from 'node:module';
import type { NextFunction, Request, Response } from 'express';
import { renderAsync } from '@resvg/resvg-js';
import { LRUCache } from 'lru-cache';
import type { NewsItem } from '../../../shared/api-types';
import { failureStatus } from '../../../shared/api-failure';
import { INTL_LOCALE, type Language } from '../../../shared/languages';
import { parseOgImagePath, type OgPage } from '../../../shared/og-image';
import { formatDate } from '../../../client/format';
import type { Config } from '../../process/config';
import type { ServerReader } from '../operator-api/server-reader';

type Texts = Record<string, unknown>;

// The font travels with the package (an OFL TTF), so the image looks the same on a server
// without any system fonts and nothing is fetched from the network.
const requireFont = createRequire(__filename);
const FONT_FILES = ['@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf', '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'].map(
  (file) => requireFont.resolve(file),
);

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** Rendered images kept in memory (about 40 KB each): every page in 4 languages plus recent news. */
const CACHE_ENTRIES = 300;

function text(texts: Texts, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Texts)[part] : undefined), texts);
  return typeof value === 'string' ? value : '';
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * SVG text has no line breaking, so titles are wrapped by an estimate of Inter Bold's average
 * glyph width (about 0.56 em); at most `maxLines` lines, the last one shortened with an ellipsis.
 */
export function wrapLines(value: string, fontSize: number, width: number, maxLines: number): string[] {
  const perLine = Math.max(8, Math.floor(width / (fontSize * 0.56)));
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, perLine - 1).replace(/[\s,.:;-]+$/, '')}…`;
  return kept;
}

/** The language's mark in the card's corner: Uzbek in Cyrillic is ЎЗ, told apart from Latin UZ. */
const BADGE: Record<Language, string> = { ru: 'RU', en: 'EN', uz: 'UZ', 'uz-cyrl': 'ЎЗ' };

interface Card {
  lang: Language;
  title: string;
  subtitle: string;
  kicker: string;
}

/**
 * The share card: the brand's colours, the mark, the language, the page's title and a line under
 * it. The gradient runs top to bottom: rows of equal pixels keep the PNG around 40 kB (a diagonal
 * one weighs about 200 kB).
 */
export function cardSvg({ lang, title, subtitle, kicker }: Card): string {
  const titleSize = title.length > 60 ? 54 : 68;
  const titleLines = wrapLines(title, titleSize, 1020, 3);
  const subtitleLines = wrapLines(subtitle, 30, 1020, 2);
  const titleTop = 330 - ((titleLines.length - 1) * titleSize * 1.15) / 2;
  const subtitleTop = titleTop + (titleLines.length - 1) * titleSize * 1.15 + 64;
  const tspans = (lines: string[], x: number, lineHeight: number) =>
    lines.map((l, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : lineHeight}">${escapeXml(l)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4b2bd6"/><stop offset="1" stop-color="#6a4cf0"/></linearGradient></defs>
  <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#bg)"/>
  <circle cx="1130" cy="600" r="190" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="140" cy="120" r="56" fill="#ffffff"/>
  <text x="140" y="138" text-anchor="middle" font-family="Inter" font-weight="700" font-size="50" fill="#4b2bd6">oq</text>
  <text x="220" y="134" font-family="Inter" font-weight="400" font-size="30" fill="#ffffff" fill-opacity="0.9">${escapeXml(kicker)}</text>
  <rect x="1010" y="84" width="110" height="64" rx="14" fill="none" stroke="#ffffff" stroke-width="4"/>
  <text x="1065" y="130" text-anchor="middle" font-family="Inter" font-weight="700" font-size="36" fill="#ffffff">${BADGE[lang]}</text>
  <text y="${titleTop}" font-family="Inter" font-weight="700" font-size="${titleSize}" fill="#ffffff">${tspans(titleLines, 90, titleSize * 1.15)}</text>
  <text y="${subtitleTop}" font-family="Inter" font-weight="400" font-size="30" fill="#ffffff" fill-opacity="0.92">${tspans(subtitleLines, 90, 40)}</text>
</svg>`;
}

export async function renderCard(card: Card): Promise<Buffer> {
  const image = await renderAsync(cardSvg(card), {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'Inter' },
    fitTo: { mode: 'width', value: OG_WIDTH },
  });
  return image.asPng();
}

/** `pages.<key>` of the texts (the constructor's texts are under `tariffConstructor`). */
function pageCard(lang: Language, page: OgPage, texts: Texts): Card {
  const key = page === 'constructor' ? 'tariffConstructor' : page;
  const brand = text(texts, 'common.brand');
  if (page === 'home')
    return { lang, kicker: brand, title: text(texts, 'common.tagline'), subtitle: text(texts, 'pages.home.welcomeDescription') };
  return {
    lang,
    kicker: `${brand} · ${text(texts, 'common.tagline')}`,
    title: text(texts, `pages.${key}.title`),
    subtitle: text(texts, `pages.${key}.intro`),
  };
}

function newsCard(lang: Language, item: NewsItem, texts: Texts): Card {
  return {
    lang,
    kicker: `${text(texts, 'common.brand')} · ${text(texts, 'pages.news.title')} · ${formatDate(item.publishedAt, lang)}`,
    title: item.title,
    subtitle: item.summary,
  };
}

/**
 * `GET /og/<lang>/<page>.png` and `/og/<lang>/news/<slug>.png`: the raster share image of a page
 * or a news item in a language (social networks show no preview for SVG). Rendered on the first
 * request and kept in memory; a news item's key holds its title, so an edited title renders anew.
 */
export function ogImages(config: Config, siteTexts: Record<Language, Texts>, serverReader: ServerReader) {
  // The images asked for most recently (lru-cache); a render that fails is forgotten, so the next request tries again.
  const cache = new LRUCache<string, Promise<Buffer>>({ max: CACHE_ENTRIES });
  const cached = (key: string, render: () => Promise<Buffer>): Promise<Buffer> => {
    let image = cache.get(key);
    if (!image) {
      image = render();
      image.catch(() => cache.delete(key));
      cache.set(key, image);
    }
    return image;
  };

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (!req.path.startsWith('/og/') || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const target = parseOgImagePath(req.path);
    if (!target) {
      res.status(404).type('text/plain').set('Cache-Control', 'no-store').send('404 Not Found');
      return;
    }
    const texts = siteTexts[target.lang];
    let key: string;
    let card: Card;
    let maxAge = 86400;
    if ('page' in target) {
      key = `${target.lang}:${target.page}`;
      card = pageCard(target.lang, target.page, texts);
    } else {
      const abort = new AbortController();
      res.on('close', () => abort.abort());
      try {
        const data = await serverReader({
          lang: target.lang,
          signal: abort.signal,
          requestId: res.locals.requestId as string | undefined,
        }).newsItem(target.slug);
        key = `${target.lang}:news:${target.slug}:${data.title}:${data.publishedAt}`;
        card = newsCard(target.lang, data, texts);
      } catch (error) {
        if (failureStatus(error) === 404) {
          res.status(404).type('text/plain').set('Cache-Control', 'no-store').send('404 Not Found');
          return;
        }
        // The API is away: the news list's card rather than no preview at all, kept briefly.
        key = `${target.lang}:news`;
        card = pageCard(target.lang, 'news', texts);
        maxAge = 60;
      }
    }
    try {
      const png = await cached(key, () => renderCard(card));
      res
        .status(200)
        .type('image/png')
        .set('Cache-Control', `public, max-age=${maxAge}`)
        .set('Content-Language', INTL_LOCALE[target.lang])
        .send(png);
    } catch (error) {
      next(error);
    }
  };
}
