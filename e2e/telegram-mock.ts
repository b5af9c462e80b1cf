/**
 * Runs in the browser before the site's own scripts (bundled by e2e/telegram-support.ts and given to
 * page.addInitScript): the SDK's own mock of the Telegram app (`mockTelegramEnv`), answering the
 * Mini App as Telegram would. It shares the contact the test signed when the contact request comes,
 * keeps what the Mini App set on its Back and Main buttons, and lets the test press them and change
 * the theme (`window.telegramTest`).
 */
import { emitEvent, mockTelegramEnv } from '@telegram-apps/sdk-react';

interface TelegramTestConfig {
  /** The launch parameters as Telegram puts them in the URL's fragment (tgWebAppData=…&…). */
  launch: string;
  /** The signed answer of the contact request: contact=<json>&auth_date=…&hash=…. */
  contact: string;
}

interface TelegramTestState {
  main: { text?: string; is_visible?: boolean; is_active?: boolean; is_progress_visible?: boolean } | null;
  backVisible: boolean;
  contactRequested: number;
}

declare global {
  interface Window {
    telegramTestConfig?: TelegramTestConfig;
    telegramTest?: {
      state: TelegramTestState;
      pressMain: () => void;
      pressBack: () => void;
      changeTheme: (theme: Record<string, `#${string}`>) => void;
    };
  }
}

const config = window.telegramTestConfig;
// Only the pages of the site itself: the payment provider's sandbox is no Mini App page.
if (config && !window.location.pathname.startsWith('/api/')) {
  const state: TelegramTestState = { main: null, backVisible: false, contactRequested: 0 };
  let shared = false;
  const answer = (event: string, data: unknown) => setTimeout(() => emitEvent(event as 'theme_changed', data as never), 0);
  mockTelegramEnv({
    launchParams: new URLSearchParams(config.launch),
    resetPostMessage: true,
    onEvent: ([method, params]) => {
      const p = (params ?? {}) as Record<string, unknown>;
      if (method === 'web_app_setup_main_button') state.main = p as TelegramTestState['main'];
      if (method === 'web_app_setup_back_button') state.backVisible = p.is_visible === true;
      if (method === 'web_app_request_phone') {
        state.contactRequested += 1;
        shared = true;
        answer('phone_requested', { status: 'sent' });
      }
      if (method === 'web_app_invoke_custom_method' && p.method === 'getRequestedContact') {
        // Telegram has the contact once the visitor shared it; before that, it says so.
        answer('custom_method_invoked', shared ? { req_id: p.req_id, result: config.contact } : { req_id: p.req_id, error: 'no contact' });
      }
    },
  });
  window.telegramTest = {
    state,
    pressMain: () => emitEvent('main_button_pressed'),
    pressBack: () => emitEvent('back_button_pressed'),
    changeTheme: (theme) => emitEvent('theme_changed', { theme_params: theme }),
  };
}
