import { sign } from '@telegram-apps/init-data-node';
import { buildSync } from 'esbuild';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { signedContact, TEST_BOT_TOKEN } from '../server/api/test-support/telegram';

/** Test support for telegram.test.ts: the Telegram app around the site, as the SDK's own mock plays it. */

export { TEST_BOT_TOKEN };

export const DARK_THEME = {
  bg_color: '#17212b',
  secondary_bg_color: '#0e1621',
  section_bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
} as const;

export const LIGHT_THEME = {
  bg_color: '#ffffff',
  secondary_bg_color: '#efeff3',
  section_bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
} as const;

let mockScript: string | null = null;

/** e2e/telegram-mock.ts with the SDK, as one script for page.addInitScript. */
function telegramMockScript(): string {
  mockScript ??= buildSync({
    entryPoints: [path.join(__dirname, 'telegram-mock.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
  }).outputFiles[0].text;
  return mockScript;
}

export interface TelegramVisitor {
  userId: number;
  languageCode: string;
  /** The phone Telegram shares, as Telegram writes it (digits, no +). */
  phone: string;
}

/** The launch parameters Telegram gives the Mini App: initData signed now with the test bot's token, the theme. */
export function launchParams(visitor: TelegramVisitor, startParam?: string): string {
  const user = { id: visitor.userId, first_name: 'Aziza', language_code: visitor.languageCode, allows_write_to_pm: true };
  const initData = sign({ user, chat_type: 'sender', chat_instance: '-1' }, TEST_BOT_TOKEN, new Date());
  return new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'android',
    tgWebAppThemeParams: JSON.stringify(DARK_THEME),
    ...(startParam ? { tgWebAppStartParam: startParam } : {}),
  }).toString();
}

/** The context as a Telegram app: every page of it gets the mock, with the contact signed now for this visitor. */
export async function actAsTelegram(context: BrowserContext, visitor: TelegramVisitor, startParam?: string): Promise<string> {
  const launch = launchParams(visitor, startParam);
  const contact = signedContact(Date.now(), { phone: visitor.phone, userId: visitor.userId, token: TEST_BOT_TOKEN });
  await context.addInitScript(
    (config) => {
      window.telegramTestConfig = config;
    },
    { launch, contact },
  );
  await context.addInitScript({ content: telegramMockScript() });
  return launch;
}

/** What the Mini App set on Telegram's buttons. */
export function telegramState(page: Page) {
  return page.evaluate(() => window.telegramTest!.state);
}

export async function pressMain(page: Page): Promise<void> {
  await page.evaluate(() => window.telegramTest!.pressMain());
}

export async function pressBack(page: Page): Promise<void> {
  await page.evaluate(() => window.telegramTest!.pressBack());
}

/** Waits until Telegram's Main button shows `text`, enabled. */
export async function mainButtonShows(page: Page, text: string): Promise<void> {
  await page.waitForFunction((label) => {
    const main = window.telegramTest?.state.main;
    return main?.is_visible === true && main.text === label && main.is_active === true;
  }, text);
}
