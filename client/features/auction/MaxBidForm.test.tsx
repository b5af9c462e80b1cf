/** @jest-environment @happy-dom/jest-environment */
import { screen, waitFor } from '@testing-library/react';
import type { ActionFunction } from 'react-router';
import { CATALOGUES } from '../../../locales/catalogues';
import type { AuctionLot, AuctionLotDetail } from '../../../shared/api-types';
import { LANGUAGES, type Language } from '../../../shared/languages';
import { held, renderComponent } from '../../testing/render';
import { auctionIntents, type MaxBidOutcome } from './actions';
import { FORM_LOT as LOT } from './auction-test-support';
import { MaxBidForm } from './MaxBidForm';

/** The page's action for a maximum as far as it runs without the network: the amount read and checked. */
const checksOnly: ActionFunction = async ({ request }) => auctionIntents['max-bid'](await request.formData());
const refusing =
  (minimumAmount: number | null, message: string | null): ActionFunction =>
  async () =>
    ({ intent: 'max-bid', ok: false, minimumAmount, message }) satisfies MaxBidOutcome;

function show(action: ActionFunction, lot: AuctionLot = LOT, onChanged = jest.fn(), lang: Language = 'en') {
  const rendered = renderComponent(<MaxBidForm lot={lot} onChanged={onChanged} />, { lang, path: '/numbers/auction/lot-1', action });
  return { ...rendered, onChanged };
}

async function setMax(user: ReturnType<typeof show>['user'], amount: string, label = 'Your maximum', button = 'Set the maximum') {
  await user.type(screen.getByLabelText(label), amount);
  await user.click(screen.getByRole('button', { name: button }));
}

describe('the maximum bid form', () => {
  it('refuses a maximum that is not a positive whole sum, with the smallest amount accepted next to the field', async () => {
    const { user } = show(checksOnly);
    // The field takes digits alone: words are not an amount.
    await user.type(screen.getByLabelText('Your maximum'), 'a lot');
    expect(screen.getByLabelText('Your maximum')).toHaveValue('');
    await setMax(user, '0');
    const field = screen.getByLabelText('Your maximum');
    await screen.findByText('The maximum is too low: the minimum now is 1,100,000 UZS.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('The maximum is too low: the minimum now is 1,100,000'));
  });

  it('tells the amount the API asks for when it refuses the maximum as too low', async () => {
    const { user } = show(refusing(1_200_000, null));
    await setMax(user, '1 150 000');
    expect(await screen.findByText('The maximum is too low: the minimum now is 1,200,000 UZS.')).toBeInTheDocument();
  });

  it('shows the API’s own words for another refusal', async () => {
    const { user } = show(refusing(null, 'A maximum must stay below the buy-now price, 5 000 000 UZS: to buy now, bid that price.'));
    await setMax(user, '6 000 000');
    // Six times the current price: shown back once before it is sent.
    await user.click(screen.getByRole('button', { name: 'Yes, my maximum is 6,000,000\u00a0UZS' }));
    expect(await screen.findByText(/A maximum must stay below the buy-now price/)).toBeInTheDocument();
  });

  it('says the maximum could not be saved when no answer came', async () => {
    const { user } = show(refusing(null, null));
    await setMax(user, '2 000 000');
    expect(await screen.findByText('The maximum could not be saved. Please try again.')).toBeInTheDocument();
  });

  it('takes no second maximum while one is being saved', async () => {
    const answer = held<MaxBidOutcome>();
    const { user } = show(async () => answer.promise);
    await setMax(user, '2 000 000');
    expect(screen.getByRole('button', { name: 'Set the maximum' })).toBeDisabled();
    answer.resolve({ intent: 'max-bid', ok: false, minimumAmount: null, message: null });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set the maximum' })).toBeEnabled());
  });

  it('hands the lot with the saved maximum on and empties the field', async () => {
    const result: AuctionLotDetail = { ...LOT, myMaxBid: 2_000_000, bids: [] };
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user, onChanged } = show(async ({ request }) => {
      sent.push(Object.fromEntries(await request.formData()));
      return { intent: 'max-bid', ok: true, result } satisfies MaxBidOutcome;
    });
    await setMax(user, '2 000 000');
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(result));
    await waitFor(() => expect(screen.getByLabelText('Your maximum')).toHaveValue(''));
    expect(sent).toEqual([{ intent: 'max-bid', lotId: 'lot-1', minimumBid: '1100000', maxAmount: '2000000' }]);
  });

  it('shows the owner their maximum, to change or remove, and the API’s refusal to remove it', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user } = show(
      async ({ request }) => {
        sent.push(Object.fromEntries(await request.formData()));
        return {
          intent: 'remove-max-bid',
          ok: false,
          minimumAmount: null,
          message: 'Another bidder has bid since you set your maximum: it can now only be raised, not lowered or removed.',
        } satisfies MaxBidOutcome;
      },
      { ...LOT, myMaxBid: 2_000_000 },
    );
    expect(screen.getByText(/^Your maximum: 2,000,000 UZS \(only you see it\)\./)).toBeInTheDocument();
    expect(screen.getByLabelText('New maximum')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change the maximum' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/it can now only be raised, not lowered or removed\./)).toBeInTheDocument();
    expect(sent).toEqual([{ intent: 'remove-max-bid', lotId: 'lot-1' }]);
  });
});

describe.each(LANGUAGES)('the maximum bid form in %s', (lang) => {
  const c = CATALOGUES[lang].auction;

  it('names its field and button, and says a maximum is too low with the smallest amount accepted', async () => {
    const { user } = show(checksOnly, LOT, jest.fn(), lang);
    await setMax(user, '0', c.maxLabel, c.setMax);
    const tooLow = new RegExp(c.maxTooLow.split('{{')[0].replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    expect(await screen.findByText(tooLow)).toBeInTheDocument();
    expect(screen.getByLabelText(c.maxLabel)).toHaveAttribute('aria-invalid', 'true');
  });
});
