import { mockTelegramEnv } from '@telegram-apps/sdk-react';
import { forgetTelegramPhoneEnabled } from '../../api/telegram';

/** Tests of the Mini App's part: Telegram opening it, and what it asked of Telegram, with the SDK's own mock of the Telegram app. */

export type Theme = Record<string, `#${string}`>;
export const DARK: Theme = {
  bg_color: '#17212b',
  secondary_bg_color: '#0e1621',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
};
export const LIGHT: Theme = {
  bg_color: '#ffffff',
  secondary_bg_color: '#efeff3',
  text_color: '#000000',
  hint_color: '#999999',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
};

/** What the Mini App asked of Telegram since the launch, method by method. */
export const telegramCalls: Array<[string, unknown]> = [];

/** Telegram opens the Mini App: its launch parameters in the URL's fragment, as Telegram gives them. */
export function launchTelegram({ languageCode = 'en', startParam }: { languageCode?: string; startParam?: string } = {}): void {
  const params = new URLSearchParams({
    tgWebAppData: new URLSearchParams({
      user: JSON.stringify({ id: 7, first_name: 'Aziz', language_code: languageCode }),
      auth_date: '1',
      hash: 'h',
      signature: 's',
    }).toString(),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(DARK),
    ...(startParam ? { tgWebAppStartParam: startParam } : {}),
  });
  window.location.hash = `#${params.toString()}`;
  telegramCalls.length = 0;
  mockTelegramEnv({
    launchParams: params,
    onEvent: (event) => void telegramCalls.push(event as [string, unknown]),
    resetPostMessage: true,
  });
}

/** What the Main button was set to show, call by call. */
export const mainButtonCalls = () => telegramCalls.filter(([method]) => method === 'web_app_setup_main_button').map(([, params]) => params);

/**
 * Whether the API confirms phones through Telegram, as its probe finds it (client/api/telegram.ts:
 * an empty POST /auth/telegram answers 400 when it does, 404 when it has no bot token). Returns the fetch stand-in.
 */
export function apiConfirmsPhonesByTelegram(confirms: boolean): jest.Mock {
  forgetTelegramPhoneEnabled();
  const fetch = jest.fn(async () => new Response('{}', { status: confirms ? 400 : 404 }));
  Object.assign(window, { fetch, __APP__: { config: { apiBaseUrl: '/api/v1' } } });
  return fetch;
}
