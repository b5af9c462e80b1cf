/**
 * Telegram's theme on the site's own colour tokens (client/styles/tokens.css): the Mini App looks
 * like the chat it was opened from, light or dark, and follows a change made in Telegram. Set on
 * the root element's style, over the tokens of `[data-theme]`; the colour-mode switch is hidden
 * meanwhile (client/styles/telegram.css) and the system scheme is not followed (browser-services.ts).
 */

/** Telegram's theme parameters as its SDK keeps them: `bg_color: '#ffffff'`, … */
export type TelegramTheme = Partial<Record<string, string>>;

/** Each site token and the Telegram parameters that give it, the first one present winning. */
export const THEME_TOKENS: Record<string, readonly string[]> = {
  '--color-bg': ['secondary_bg_color', 'bg_color'],
  '--color-surface': ['section_bg_color', 'bg_color'],
  '--color-surface-2': ['secondary_bg_color'],
  '--color-text': ['text_color'],
  '--color-text-muted': ['hint_color', 'subtitle_text_color'],
  '--color-border': ['section_separator_color', 'hint_color'],
  '--color-primary': ['button_color'],
  '--color-primary-strong': ['accent_text_color', 'link_color', 'button_color'],
  '--color-on-primary': ['button_text_color'],
  '--color-danger': ['destructive_text_color'],
};

const HEX = /^#[0-9a-f]{3,8}$/i;

/** Writes the theme's colours into the tokens (a token Telegram gives no colour for keeps the site's) and the light or dark scheme. */
export function applyTelegramTheme(theme: TelegramTheme, isDark: boolean, root: HTMLElement = document.documentElement): void {
  for (const [token, names] of Object.entries(THEME_TOKENS)) {
    const colour = names.map((name) => theme[name]).find((value) => value !== undefined && HEX.test(value));
    if (colour) root.style.setProperty(token, colour);
    else root.style.removeProperty(token);
  }
  root.setAttribute('data-theme', isDark ? 'dark' : 'light');
}
