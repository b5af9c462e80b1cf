/** @jest-environment @happy-dom/jest-environment */
import { emitEvent } from '@telegram-apps/sdk-react';
import { act, screen, waitFor } from '@testing-library/react';
import { renderComponent } from '../../testing/render';
import { startMiniApp } from './mini-app';
import { apiConfirmsPhonesByTelegram, launchTelegram as launch, LIGHT, mainButtonCalls, telegramCalls as calls } from './test-support';

/** A page whose main action is its own button, marked so. */
function Page() {
  return (
    <>
      <h1>Numbers</h1>
      <button type="button" data-main-action onClick={() => calls.push(['page-continued', null])}>
        Continue
      </button>
    </>
  );
}
const token = (name: string) => document.documentElement.style.getPropertyValue(name);

/** Stops the Mini App a test started. */
let stop = () => {};

beforeEach(() => apiConfirmsPhonesByTelegram(false));

afterEach(() => {
  act(() => stop());
  stop = () => {};
  window.location.hash = '';
  document.cookie = 'lang=; Max-Age=0; Path=/';
});

describe('the Mini App', () => {
  it('puts Telegram’s theme on the site’s colour tokens, follows its change, and opens the start parameter in the user’s language', async () => {
    launch({ languageCode: 'en', startParam: 'category-gold' });
    const { router } = renderComponent(<Page />, { lang: 'ru', path: '*', url: '/numbers' });
    act(() => {
      stop = startMiniApp(router) ?? stop;
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
      stop = startMiniApp(router) ?? stop;
    });
    await waitFor(() =>
      expect(mainButtonCalls().at(-1)).toEqual(expect.objectContaining({ text: 'Continue', is_visible: true, is_active: true })),
    );
    expect(router.state.location.pathname).toBe('/uz/numbers');

    act(() => emitEvent('main_button_pressed'));
    expect(calls.some(([method]) => method === 'page-continued')).toBe(true);
  });

  it('is no Mini App without Telegram’s launch parameters: it answers null and asks nothing of Telegram', () => {
    window.location.hash = '';
    sessionStorage.clear();
    calls.length = 0;
    const { router } = renderComponent(<Page />, { lang: 'en', path: '/numbers' });
    expect(startMiniApp(router)).toBeNull();
    expect(calls).toEqual([]);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeVisible();
  });
});
