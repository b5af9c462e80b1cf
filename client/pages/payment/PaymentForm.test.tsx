/** @jest-environment @happy-dom/jest-environment */
import { screen, waitFor } from '@testing-library/react';
import type { ActionFunction } from 'react-router';
import { CATALOGUES } from '../../../locales/catalogues';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { formatUzs } from '../../format';
import { draftStorage, findRegionWith, held, renderComponent } from '../../testing/render';
import { LAST_PAYMENT_METHOD_KEY } from './last-method';
import { PaymentForm } from './PaymentForm';

/** The pay button: the amount grouped as English writes it, the currency after a no-break space. */
const PAY = 'Pay 94,500\u00a0UZS';

type Outcome = { ok: true } | { ok: false; code: string | null; message: string | null };

function show(
  action: ActionFunction,
  draft: Record<string, unknown> = { provider: 'click' },
  onAlreadyPaid: (() => void) | null = null,
  { lang = 'en', stored = {} }: { lang?: Language; stored?: Record<string, string> } = {},
) {
  return renderComponent(<PaymentForm orderId="ord-7" total={94_500} onAlreadyPaid={onAlreadyPaid} />, {
    lang,
    path: '/payment',
    action,
    sessionStorage: draftStorage(draft),
    localStorage: stored,
  });
}

const refusing =
  (code: string | null, message: string | null): ActionFunction =>
  async () =>
    ({ ok: false, code, message }) satisfies Outcome;
const pay = (user: ReturnType<typeof show>['user']) => user.click(screen.getByRole('button', { name: PAY }));

describe('the payment form', () => {
  it('asks for a payment method when none is chosen, next to the methods, and focuses the first one', async () => {
    const action = jest.fn();
    const { user } = show(action, {});
    await pay(user);
    const payme = screen.getByRole('radio', { name: 'Payme' });
    expect(payme).toHaveAccessibleDescription(expect.stringContaining('Choose a payment method.'));
    for (const name of ['Payme', 'Click', 'Uzum', 'Bank card'])
      expect(screen.getByRole('radio', { name })).toHaveAttribute('aria-invalid', 'true');
    expect(payme).toHaveFocus();
    expect(action).not.toHaveBeenCalled();
  });

  it('drops the method message once a method is chosen and sent', async () => {
    const { user } = show(refusing(null, null), {});
    await pay(user);
    await user.click(screen.getByRole('radio', { name: 'Uzum' }));
    await pay(user);
    expect(screen.queryByText('Choose a payment method.')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Uzum' })).not.toHaveAttribute('aria-invalid');
  });

  it('posts the chosen provider for the order, and stays busy while the payment page opens', async () => {
    const answer = held<Outcome>();
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user } = show(async ({ request }) => {
      sent.push(Object.fromEntries(await request.formData()));
      return answer.promise;
    });
    await pay(user);
    expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toBeDisabled();
    answer.resolve({ ok: true });
    // A success leaves for the provider's page: the form stays busy until it does.
    expect(await screen.findByRole('button', { name: 'Opening the payment page…' })).toBeDisabled();
    expect(sent[0]).toMatchObject({ intent: 'pay', provider: 'click', orderId: 'ord-7' });
  });

  it('sends a visitor who is not identified to identification, in the spec’s words', async () => {
    const { user } = show(refusing('registration_required', 'Registration is required.'));
    await pay(user);
    await findRegionWith('alert', 'First you need to register');
    expect(screen.getByRole('link', { name: 'Go to identification' })).toHaveAttribute('href', '/en/identification');
    expect(screen.getByRole('button', { name: PAY })).toBeEnabled();
  });

  it('sends a visitor whose booking expired back to the numbers', async () => {
    const { user } = show(refusing('reservation_expired', 'Expired.'));
    await pay(user);
    await findRegionWith('alert', 'The booking time has expired. Please select it again.');
    expect(screen.getByRole('link', { name: 'Choose a number' })).toHaveAttribute('href', '/en/numbers');
  });

  it('shows the API’s own words for another refusal, with no link', async () => {
    const { user } = show(refusing('too_many_orders', 'This phone already has as many orders awaiting payment as allowed (3).'));
    await pay(user);
    await findRegionWith('alert', 'This phone already has as many orders awaiting payment as allowed (3).');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says the payment could not be started when no answer came', async () => {
    const { user } = show(refusing(null, null));
    await pay(user);
    await findRegionWith('alert', 'The payment could not be started. Please try again.');
  });

  it('asks the server about the order when the API says it was paid meanwhile', async () => {
    const onAlreadyPaid = jest.fn();
    const { user } = show(refusing('order_already_paid', 'This order has already been paid.'), { provider: 'payme' }, onAlreadyPaid);
    await pay(user);
    await screen.findByText('This order has already been paid.');
    // An effect of the refusal's render: it runs after that render is on screen, not with it.
    await waitFor(() => expect(onAlreadyPaid).toHaveBeenCalledTimes(1));
  });

  it('offers “I’ve already paid” for a placed order', async () => {
    const onAlreadyPaid = jest.fn();
    const { user } = show(jest.fn(), {}, onAlreadyPaid);
    await user.click(screen.getByRole('button', { name: "I've already paid" }));
    expect(onAlreadyPaid).toHaveBeenCalledTimes(1);
  });

  it('keeps the pay button, named with the amount, in the bar on the screen’s bottom edge', () => {
    show(jest.fn());
    const button = screen.getByRole('button', { name: PAY });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('data-main-action');
    expect(button.closest('.payment-bar')).not.toBeNull();
  });

  it('preselects the method of the visitor’s last started payment, and posts it', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user } = show(
      async ({ request }) => {
        sent.push(Object.fromEntries(await request.formData()));
        return { ok: false, code: null, message: null };
      },
      {},
      null,
      { stored: { [LAST_PAYMENT_METHOD_KEY]: 'uzum' } },
    );
    expect(screen.getByRole('radio', { name: 'Uzum' })).toBeChecked();
    await pay(user);
    await findRegionWith('alert', 'The payment could not be started. Please try again.');
    expect(sent[0]).toMatchObject({ provider: 'uzum' });
  });

  it('lets a method chosen in this tab win over the remembered one', () => {
    show(jest.fn(), { provider: 'payme' }, null, { stored: { [LAST_PAYMENT_METHOD_KEY]: 'uzum' } });
    expect(screen.getByRole('radio', { name: 'Payme' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Uzum' })).not.toBeChecked();
  });

  it('preselects nothing on a first visit, nor from a stored value that is no method', () => {
    show(jest.fn(), {}, null, { stored: { [LAST_PAYMENT_METHOD_KEY]: 'paypal' } });
    for (const name of ['Payme', 'Click', 'Uzum', 'Bank card']) expect(screen.getByRole('radio', { name })).not.toBeChecked();
  });

  it.each(LANGUAGES)('names the amount on the pay button as %s writes it', (lang) => {
    show(jest.fn(), { provider: 'click' }, null, { lang });
    const name = CATALOGUES[lang].payment.payAmount.replace('{{amount}}', formatUzs(94_500, lang));
    expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });
});
