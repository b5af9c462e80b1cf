import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '../../../shared/languages';
import { telegramPhoneEnabled } from '../../api/telegram';
import { TelegramPhoneChoice } from '../purchase/TelegramPhoneChoice';
import { providedI18n } from '../../framework/i18n';
import { browserI18nFor, ensureLanguage } from '../../framework/language-loader';
import { watchPage } from './page-watch';
import { addMiniAppTexts } from './texts';

/** The phone step waiting for a phone (client/features/purchase/PhoneVerification.tsx); a confirmed phone has another class. */
const PHONE_STEP = '.phone-verification';
/** Its request form's id ends so; what comes before is the step's prefix, which names its analytics events. */
const REQUEST_FORM_SUFFIX = '-sms-request';

interface Offer {
  slot: HTMLElement;
  root: Root;
  /** The language it is rendered in (or being rendered in, its texts loading). */
  lang: Language | null;
  withdrawn: boolean;
}

/**
 * Offers the phone Telegram shares in every phone step on the page, above its SMS form, when the
 * API confirms phones that way (asked once: client/api/telegram.ts). The phone step carries no
 * Telegram code, so the Mini App's chunk gives it its choice: a root of its own in a slot at the
 * top of the step, in the page's language, taken away when the step goes or has its phone. The
 * token it stores reaches the page through the tokens' own subscription (usePhoneAuth). Returns
 * the function that takes every choice away.
 */
export function offerTelegramPhone(language: () => Language): () => void {
  addMiniAppTexts();
  const offers = new Map<Element, Offer>();
  let stopWatching: (() => void) | null = null;
  let stopped = false;

  function withdraw(step: Element, offer: Offer) {
    offer.withdrawn = true;
    offer.root.unmount();
    offer.slot.remove();
    offers.delete(step);
  }

  function render(offer: Offer, idPrefix: string, lang: Language) {
    offer.lang = lang;
    void ensureLanguage(lang, ['telegram']).then(
      () => {
        // Another language or none since: that render is the one to keep.
        if (offer.withdrawn || offer.lang !== lang) return;
        offer.root.render(
          <I18nextProvider i18n={providedI18n(browserI18nFor(lang))}>
            <TelegramPhoneChoice idPrefix={idPrefix} />
          </I18nextProvider>,
        );
      },
      // Its texts did not come: the SMS step alone, as without Telegram.
      () => undefined,
    );
  }

  function update() {
    for (const [step, offer] of offers) {
      if (!step.isConnected || !step.matches(PHONE_STEP) || offer.slot.parentElement !== step) withdraw(step, offer);
    }
    const lang = language();
    for (const step of document.querySelectorAll(PHONE_STEP)) {
      const form = step.querySelector(`form[id$="${REQUEST_FORM_SUFFIX}"]`);
      if (!form) continue;
      let offer = offers.get(step);
      if (!offer) {
        const slot = document.createElement('div');
        slot.className = 'phone-verification__telegram';
        step.prepend(slot);
        offer = { slot, root: createRoot(slot), lang: null, withdrawn: false };
        offers.set(step, offer);
      }
      if (offer.lang !== lang) render(offer, form.id.slice(0, -REQUEST_FORM_SUFFIX.length), lang);
    }
  }

  void telegramPhoneEnabled().then((enabled) => {
    if (enabled && !stopped) stopWatching = watchPage(update);
  });
  return () => {
    stopped = true;
    stopWatching?.();
    for (const [step, offer] of offers) withdraw(step, offer);
  };
}
