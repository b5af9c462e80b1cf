/** @jest-environment @happy-dom/jest-environment */
import { screen, waitFor } from '@testing-library/react';
import type { ActionFunction } from 'react-router';
import type { AuctionLot } from '../../../shared/api-types';
import type { Language } from '../../../shared/languages';
import { renderComponent } from '../../testing/render';
import type { BidOutcome, MaxBidOutcome } from './actions';
import { FORM_LOT } from './auction-test-support';
import { BidForm } from './BidForm';
import { MaxBidForm } from './MaxBidForm';

/**
 * The amount fields of a lot (a bid, a maximum): digits grouped as they are typed or pasted, the
 * plain integer sent; and a large amount (above the API's `rules.confirmAbove`, or three times the
 * current price) shown back once for a confirming tap before it is sent.
 */

/** A lot at 3,000,000 UZS whose API asks a review above 10,000,000 UZS: 9,000,000 is three times the price. */
const LOT: AuctionLot = {
  ...FORM_LOT,
  currentBid: 3_000_000,
  minimumBid: 3_500_000,
  step: 500_000,
  buyNowPrice: null,
  rules: { ...FORM_LOT.rules, plainBidMaxSteps: 100, confirmAbove: 10_000_000 },
};

/** The page's action, recording what each submission sent. */
function recording(intent: 'bid' | 'max-bid') {
  const sent: Record<string, FormDataEntryValue>[] = [];
  const action: ActionFunction = async ({ request }) => {
    sent.push(Object.fromEntries(await request.formData()));
    return { intent, ok: false, minimumAmount: null, message: 'Refused here.' } satisfies BidOutcome | MaxBidOutcome;
  };
  return { sent, action };
}

const FORMS = {
  bid: {
    label: 'Your bid',
    button: 'Place the bid',
    field: 'amount',
    show: (lot: AuctionLot, action: ActionFunction, lang: Language = 'en') =>
      renderComponent(<BidForm lot={lot} onAccepted={jest.fn()} />, { lang, path: '/numbers', action }),
    question: (amount: string, times: string) => `You are bidding ${amount}, ${times} times the current price. Confirm?`,
    confirm: (amount: string) => `Yes, bid ${amount}`,
  },
  'max-bid': {
    label: 'Your maximum',
    button: 'Set the maximum',
    field: 'maxAmount',
    show: (lot: AuctionLot, action: ActionFunction, lang: Language = 'en') =>
      renderComponent(<MaxBidForm lot={lot} onChanged={jest.fn()} />, { lang, path: '/numbers', action }),
    question: (amount: string, times: string) => `Your maximum is ${amount}, ${times} times the current price. Confirm?`,
    confirm: (amount: string) => `Yes, my maximum is ${amount}`,
  },
} as const;

describe.each(Object.entries(FORMS))('the %s field', (intent, form) => {
  const field = () => screen.getByRole('textbox', { name: new RegExp(`^${form.label}`) });

  it('groups the digits as they are typed, numeric on phones, and sends the plain integer', async () => {
    const { sent, action } = recording(intent as 'bid');
    const { user } = form.show(LOT, action);
    expect(field()).toHaveAttribute('inputmode', 'numeric');
    await user.type(field(), '4500000');
    expect(field()).toHaveValue('4,500,000');
    await user.click(screen.getByRole('button', { name: form.button }));
    await screen.findByText('Refused here.');
    expect(sent[0][form.field]).toBe('4500000');
  });

  it('groups by the language: no-break spaces in Russian and Uzbek', async () => {
    const { user } = form.show(LOT, recording(intent as 'bid').action, 'ru');
    const input = screen.getByRole('textbox', { name: new RegExp(intent === 'bid' ? '^Ваша ставка' : '^Ваш максимум') });
    await user.type(input, '4500000');
    expect(input).toHaveValue('4\u00a0500\u00a0000');
  });

  it.each(['10 500 000', '10,500,000', '10\u00a0500\u00a0000', '10,500,000.00', '10 500 000,00', '10,500,000.5 UZS'])(
    'takes %p pasted',
    async (pasted) => {
      const { user } = form.show(LOT, recording(intent as 'bid').action);
      await user.click(field());
      await user.paste(pasted);
      expect(field()).toHaveValue('10,500,000');
    },
  );

  it('reads a deleted last digit as a digit, not a fraction: 1,050 less its 0 is 105', async () => {
    const { user } = form.show(LOT, recording(intent as 'bid').action);
    await user.type(field(), '1050');
    expect(field()).toHaveValue('1,050');
    await user.type(field(), '{Backspace}');
    expect(field()).toHaveValue('105');
  });

  it('keeps the caret among the same digits when the groups move, and deletes a digit across a separator', async () => {
    const { user } = form.show(LOT, recording(intent as 'bid').action);
    await user.type(field(), '450000');
    expect(field()).toHaveValue('450,000');
    // A digit typed after the "4": the caret stays after it, not at the end.
    await user.type(field(), '1', { initialSelectionStart: 1, initialSelectionEnd: 1 });
    expect(field()).toHaveValue('4,150,000');
    expect((field() as HTMLInputElement).selectionStart).toBe(3);
    // Backspace just after a separator deletes the digit before it.
    await user.type(field(), '{Backspace}', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(field()).toHaveValue('150,000');
    expect((field() as HTMLInputElement).selectionStart).toBe(0);
  });

  it('asks once above the API’s sum, then sends the plain integer on confirming', async () => {
    const { sent, action } = recording(intent as 'bid');
    const { user } = form.show(LOT, action);
    await user.type(field(), '10500000');
    await user.click(screen.getByRole('button', { name: form.button }));
    const confirm = screen.getByRole('button', { name: form.confirm('10,500,000\u00a0UZS') });
    expect(confirm).toHaveAccessibleDescription(form.question('10,500,000\u00a0UZS', '3.5'));
    expect(confirm).toHaveFocus();
    expect(screen.queryByRole('button', { name: form.button })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(confirm);
    await screen.findByText('Refused here.');
    expect(sent).toHaveLength(1);
    expect(sent[0][form.field]).toBe('10500000');
  });

  it('asks above three times the current price, under the API’s sum', async () => {
    const { sent, action } = recording(intent as 'bid');
    const { user } = form.show(LOT, action);
    await user.type(field(), '9500000');
    await user.click(screen.getByRole('button', { name: form.button }));
    expect(screen.getByRole('button', { name: form.confirm('9,500,000\u00a0UZS') })).toHaveAccessibleDescription(
      form.question('9,500,000\u00a0UZS', '3.2'),
    );
    expect(sent).toEqual([]);
  });

  it('does not ask at or under both limits: one tap sends it', async () => {
    const { sent, action } = recording(intent as 'bid');
    const { user } = form.show({ ...LOT, currentBid: 4_000_000, minimumBid: 4_500_000 }, action);
    await user.type(field(), '10000000');
    await user.click(screen.getByRole('button', { name: form.button }));
    await screen.findByText('Refused here.');
    expect(sent[0][form.field]).toBe('10000000');
    expect(screen.queryByRole('button', { name: /^Yes, / })).not.toBeInTheDocument();
  });

  it('goes back to editing on "Change the amount", with nothing sent; a changed amount is asked about again', async () => {
    const { sent, action } = recording(intent as 'bid');
    const { user } = form.show(LOT, action);
    await user.type(field(), '31500000');
    await user.click(screen.getByRole('button', { name: form.button }));
    await user.click(screen.getByRole('button', { name: 'Change the amount' }));
    expect(field()).toHaveFocus();
    expect(field()).toHaveValue('31,500,000');
    expect(screen.queryByRole('button', { name: /^Yes, / })).not.toBeInTheDocument();
    await user.clear(field());
    await user.type(field(), '12000000');
    await user.click(screen.getByRole('button', { name: form.button }));
    expect(screen.getByRole('button', { name: form.confirm('12,000,000\u00a0UZS') })).toHaveAccessibleDescription(
      form.question('12,000,000\u00a0UZS', '4'),
    );
    expect(sent).toEqual([]);
  });
});

describe('the outbid bidder’s one button', () => {
  it('bids the new minimum at once when it is small, and asks first when it is large', async () => {
    const small = recording('bid');
    const { user, unmount } = FORMS.bid.show({ ...LOT, myBid: 3_000_000, myPosition: 2 }, small.action);
    await user.click(screen.getByRole('button', { name: 'Bid 3,500,000\u00a0UZS' }));
    await waitFor(() => expect(small.sent).toHaveLength(1));
    expect(small.sent[0].amount).toBe('3500000');
    unmount();

    const large = recording('bid');
    const { user: again } = FORMS.bid.show(
      { ...LOT, currentBid: 10_000_000, minimumBid: 10_500_000, myBid: 10_000_000, myPosition: 2 },
      large.action,
    );
    await again.click(screen.getByRole('button', { name: 'Bid 10,500,000\u00a0UZS' }));
    const confirm = screen.getByRole('button', { name: 'Yes, bid 10,500,000\u00a0UZS' });
    expect(confirm).toHaveAccessibleDescription('You are bidding 10,500,000\u00a0UZS, 1.1 times the current price. Confirm?');
    expect(large.sent).toEqual([]);
    await again.click(confirm);
    await waitFor(() => expect(large.sent).toHaveLength(1));
    expect(large.sent[0].amount).toBe('10500000');
  });
});
