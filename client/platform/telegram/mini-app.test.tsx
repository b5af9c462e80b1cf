/** @jest-environment @happy-dom/jest-environment */
import { emitEvent, mockTelegramEnv } from '@telegram-apps/sdk-react';
import { act, screen, waitFor } from '@testing-library/react';
import { renderComponent } from '../../testing/render';
import { useMainAction } from './main-action';
import { startMiniApp } from './mini-app';

type Theme = Record<string, `#${string}`>;
const DARK: Theme = {
  bg_color: '#17212b',
  secondary_bg_color: '#0e1621',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
};
const LIGHT: Theme = {
  bg_color: '#ffffff',
  secondary_bg_color: '#efeff3',
  text_color: '#000000',
  hint_color: '#999999',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
};

/** What the Mini App asked of Telegram, method by method (the SDK's own mock of the Telegram app). */
let calls: Array<[string, unknown]> = [];

/** Telegram opens the Mini App: its launch parameters in the URL's fragment, as Telegram gives them. */
function launch({ languageCode, startParam }: { languageCode: string; startParam?: string }) {
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
  calls = [];
  mockTelegramEnv({ launchParams: params, onEvent: (event) => void calls.push(event as [string, unknown]), resetPostMessage: true });
}

function Page() {
  useMainAction({ label: 'Continue', onClick: () => calls.push(['page-continued', null]) });
  return <h1>Numbers</h1>;
}

const mainButtonCalls = () => calls.filter(([method]) => method === 'web_app_setup_main_button').map(([, params]) => params);
const token = (name: string) => document.documentElement.style.getPropertyValue(name);

/** Stops the Mini App a test started. */
let stop = () => {};

afterEach(() => {
  act(() => stop());
  window.location.hash = '';
  document.cookie = 'lang=; Max-Age=0; Path=/';
});

describe('the Mini App', () => {
  it('puts Telegram’s theme on the site’s colour tokens, follows its change, and opens the start parameter in the user’s language', async () => {
    launch({ languageCode: 'en', startParam: 'category-gold' });
    const { router } = renderComponent(<Page />, { lang: 'ru', path: '*', url: '/numbers' });
    act(() => {
      stop = startMiniApp(router);
    });
    await screen.findByRole('heading', { name: 'Numbers' });
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/en/numbers?category=gold'));
    expect(router.state.historyAction).toBe('REPLACE');

    expect(token('--color-bg')).toBe('#0e1621');
    expect(token('--color-surface')).toBe('#17212b');
    expect(token('--color-text')).toBe('#f5f5f5');
    expect(token('--color-primary')).toBe('#5288c1');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');

    act(() => emitEvent('theme_changed', { theme_params: LIGHT }));
    expect(token('--color-bg')).toBe('#efeff3');
    expect(token('--color-primary')).toBe('#2481cc');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });

  it('keeps the language the visitor chose, and gives the page’s main action to the Main button', async () => {
    document.cookie = 'lang=uz; Path=/';
    launch({ languageCode: 'en' });
    const { router } = renderComponent(<Page />, { lang: 'uz', path: '/numbers' });
    act(() => {
      stop = startMiniApp(router);
    });
    await waitFor(() =>
      expect(mainButtonCalls().at(-1)).toEqual(expect.objectContaining({ text: 'Continue', is_visible: true, is_active: true })),
    );
    expect(router.state.location.pathname).toBe('/uz/numbers');

    act(() => emitEvent('main_button_pressed'));
    expect(calls.some(([method]) => method === 'page-continued')).toBe(true);
  });
});
