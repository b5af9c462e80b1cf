/**
 * Maximum (proxy) bids: a bidder states the most they will pay, and the reference API bids for
 * them only as far as needed. The rules, as docs/api.md states them to bidders:
 *
 * - A maximum bids only above the current price: it places the smallest bid that makes its owner
 *   highest, one step over the best rival, capped at the maximum.
 * - Of two maximums the higher wins, at one step above the lower (or at its own maximum when that
 *   step would pass it); the lower one's owner is shown bidding their maximum first. At equal
 *   maximums the earlier one (set or last raised first) wins, at that amount.
 * - A plain bid equal to a rival's maximum leads: the maximum cannot bid above it.
 * - Maximums stay below the buy-now price, so no automatic bid ever buys the lot.
 *
 * What an owner may do with their maximum, and a leader with a plain bid, is bid-rules.ts's: a
 * maximum another phone has bid against only rises (rule 3), and a leader bids more through their
 * maximum, never by a plain bid (rule 4).
 *
 * Hand-written: the rules are this auction's own; the service applies them inside the write
 * transaction of the bid or maximum that calls for them.
 */

/** A standing maximum: whose, how much, and its place in time (lower is earlier). */
export interface StandingMax {
  phone: string;
  amount: number;
  order: number;
}

/** The best bid so far and its bidder. */
export interface TopBid {
  phone: string;
  amount: number;
}

export interface AutomaticBid {
  phone: string;
  amount: number;
}

interface Contender {
  phone: string;
  /** The most this bidder stands at: their maximum, or the leader's own bid. */
  reach: number;
  order: number;
}

/**
 * The automatic bids the maximums call for now, in the order they are placed (none, one, or the
 * runner-up's maximum then the winner's bid). After them no maximum can bid again until a rival
 * bids or a maximum is raised: the result is the same however often it is asked.
 */
export function automaticBids(top: TopBid | null, startPrice: number, step: number, maxima: readonly StandingMax[]): AutomaticBid[] {
  const price = top?.amount ?? null;
  const contenders: Contender[] = maxima
    .filter((m) => m.phone !== top?.phone && (price === null ? m.amount >= startPrice : m.amount > price))
    .map(({ phone, amount, order }) => ({ phone, reach: amount, order }));
  if (contenders.length === 0) return [];
  if (top) {
    const own = maxima.find((m) => m.phone === top.phone);
    const standing = own !== undefined && own.amount > top.amount;
    contenders.push({ phone: top.phone, reach: standing ? own.amount : top.amount, order: standing ? own.order : -Infinity });
  }
  contenders.sort((a, b) => b.reach - a.reach || a.order - b.order);
  const [winner, runnerUp] = contenders;
  if (!runnerUp) return [{ phone: winner.phone, amount: startPrice }];
  const tie = winner.reach === runnerUp.reach;
  const bids: AutomaticBid[] = [];
  // The runner-up's maximum is shown as their bid, unless it is the price they already lead at
  // or the winner's equal (earlier) maximum takes that very amount.
  const runnerUpStands = top !== null && runnerUp.phone === top.phone && runnerUp.reach === top.amount;
  if (!tie && !runnerUpStands) bids.push({ phone: runnerUp.phone, amount: runnerUp.reach });
  bids.push({ phone: winner.phone, amount: tie ? runnerUp.reach : Math.min(runnerUp.reach + step, winner.reach) });
  return bids;
}
