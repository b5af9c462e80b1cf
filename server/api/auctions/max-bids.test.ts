import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ApiContext } from '../context';
import { ApiError } from '../http/api-error';
import { createPrng } from '../seed/prng';
import { openDatabase, type Db } from '../store/database';
import { createAuctionService, type AuctionService } from './auction-service';
import { automaticBids } from './max-bids';

/**
 * The auction engine (the service, in SQLite write transactions) against a plain model of the
 * rules of plain and maximum bids, written from the rules as docs/api.md states them: random
 * sequences of bids, maximums and removals from up to five bidders must give the same answers,
 * the same bid list (who, how much, automatic or not) and so the same winner and price.
 */

interface ModelBid {
  phone: string;
  amount: number;
  automatic: boolean;
}

interface LotRules {
  start: number;
  step: number;
  buyNow: number | null;
}

/** The rules, as a referee would apply them by hand: one list of bids, one book of maximums. */
class AuctionModel {
  bids: ModelBid[] = [];
  /** Each maximum, its place in time, and how many bids the lot had when it was first set. */
  private maximums = new Map<string, { amount: number; setAt: number; since: number }>();
  private time = 0;

  constructor(private readonly rules: LotRules) {}

  private get top(): ModelBid | undefined {
    return this.bids[this.bids.length - 1];
  }

  /** The next step, but never above the buy-now price. */
  private get minimum(): number {
    const next = this.top ? this.top.amount + this.rules.step : this.rules.start;
    return this.rules.buyNow === null ? next : Math.min(next, this.rules.buyNow);
  }

  /** Someone else has bid since the phone's maximum was first set. */
  private contested(phone: string): boolean {
    const mine = this.maximums.get(phone);
    return mine !== undefined && this.bids.slice(mine.since).some((b) => b.phone !== phone);
  }

  bid(phone: string, amount: number): string {
    // A bid never reaches the buy-now price: buying now is a payment of its own (rule 1).
    if (this.rules.buyNow !== null && amount >= this.rules.buyNow) return 'bid_reaches_buy_now';
    // The leader does not outbid themselves.
    if (this.top?.phone === phone) return 'bid_already_leading';
    if (amount < this.minimum) return 'bid_too_low';
    this.bids.push({ phone, amount, automatic: false });
    this.referee();
    return 'ok';
  }

  setMax(phone: string, amount: number): string {
    if (this.rules.buyNow !== null && amount >= this.rules.buyNow) return 'max_bid_reaches_buy_now';
    const mine = this.maximums.get(phone);
    if (mine && amount < mine.amount && this.contested(phone)) return 'max_bid_contested';
    if (this.top?.phone === phone && mine) {
      if (amount <= this.top.amount) return 'max_bid_below_price';
    } else if (amount < this.minimum) return 'max_bid_too_low';
    if (mine?.amount !== amount) {
      this.time += 1;
      this.maximums.set(phone, { amount, setAt: this.time, since: mine?.since ?? this.bids.length });
      this.referee();
    }
    return 'ok';
  }

  removeMax(phone: string): string {
    const mine = this.maximums.get(phone);
    if (!mine) return 'max_bid_not_found';
    if (this.top && mine.amount <= this.top.amount) return 'max_bid_spent';
    if (this.contested(phone)) return 'max_bid_contested';
    this.maximums.delete(phone);
    return 'ok';
  }

  /**
   * Whoever can still go higher than the leader does, through their maximum. The claims: every
   * maximum above the price (or at least the start price before any bid), and the leader's own
   * standing (their maximum, or the price). The strongest claim wins; at equal claims the earlier
   * maximum. The winner pays one step over the second claim, never past their own; an equal claim
   * takes that very amount. The second claim, when a maximum that lost outright, is shown as its bid.
   */
  private referee(): void {
    const top = this.top;
    const claims: Array<{ phone: string; amount: number; setAt: number }> = [];
    for (const [phone, { amount, setAt }] of this.maximums) {
      if (phone === top?.phone) continue;
      if (top ? amount > top.amount : amount >= this.rules.start) claims.push({ phone, amount, setAt });
    }
    if (claims.length === 0) return;
    if (top) {
      const own = this.maximums.get(top.phone);
      claims.push(
        own && own.amount > top.amount
          ? { phone: top.phone, amount: own.amount, setAt: own.setAt }
          : { phone: top.phone, amount: top.amount, setAt: -1 },
      );
    }
    const strongest = (list: typeof claims) =>
      list.reduce((best, c) => (c.amount > best.amount || (c.amount === best.amount && c.setAt < best.setAt) ? c : best));
    const winner = strongest(claims);
    const rest = claims.filter((c) => c !== winner);
    if (rest.length === 0) {
      this.bids.push({ phone: winner.phone, amount: this.rules.start, automatic: true });
      return;
    }
    const second = strongest(rest);
    if (second.amount === winner.amount) {
      this.bids.push({ phone: winner.phone, amount: second.amount, automatic: true });
      return;
    }
    if (!(top && second.phone === top.phone && second.amount === top.amount)) {
      this.bids.push({ phone: second.phone, amount: second.amount, automatic: true });
    }
    this.bids.push({ phone: winner.phone, amount: Math.min(second.amount + this.rules.step, winner.amount), automatic: true });
  }
}

const NOW = Date.UTC(2025, 5, 16, 7, 0, 0);

let dir: string;
let db: Db;
let engine: AuctionService;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'max-bids-'));
  db = openDatabase(dir);
  db.pragma('synchronous = OFF');
  db.prepare(
    "INSERT INTO numbers (id, msisdn, subscriber, category, price, status) VALUES (1, '+998901112233', '1112233', 'gold', 0, 'auction')",
  ).run();
  const ctx = {
    db,
    now: () => NOW,
    auctionExtendMs: 5 * 60_000,
    auctionExtendMaxMs: 24 * 3_600_000,
    paymentWindowMs: 12 * 3_600_000,
    paymentWindowPremiumMs: 30 * 60_000,
    auctionPayments: { buyNowWindowMs: 15 * 60_000, banMs: 0, depositPercent: 0, depositFromPrice: 20_000_000 },
  } as unknown as ApiContext;
  engine = createAuctionService(ctx);
});

afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const insertLot = () =>
  db.prepare('INSERT INTO auction_lots (id, number_id, start_price, step, buy_now_price, starts_at, ends_at) VALUES (?, 1, ?, ?, ?, ?, ?)');

function engineAnswer(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

const engineBids = (lotId: string) =>
  (db.prepare('SELECT phone, amount, automatic FROM bids WHERE lot_id = ? ORDER BY id').all(lotId) as ModelBid[]).map((b) => ({
    phone: b.phone,
    amount: b.amount,
    automatic: Boolean(b.automatic),
  }));

describe('maximum bids: the engine against a model of the rules', () => {
  it('gives the same answers, bid list, winner and price over 1,000 random sequences of up to five bidders', () => {
    const add = insertLot();
    let automatic = 0;
    const answers = new Map<string, number>();
    let refusedAtBuyNow = 0;
    for (let seed = 1; seed <= 1000; seed += 1) {
      // Seeded: a failure names its seed and replays the same.
      const rnd = createPrng(seed);
      const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)];
      const rules: LotRules = {
        start: pick([1_000, 5_000, 20_000]),
        step: pick([100, 250, 1_000]),
        buyNow: null,
      };
      if (rnd() < 0.3) rules.buyNow = rules.start + rules.step * (10 + Math.floor(rnd() * 20));
      const lotId = `model-${seed}`;
      add.run(lotId, rules.start, rules.step, rules.buyNow, NOW - 60_000, NOW + 86_400_000);
      const model = new AuctionModel(rules);
      const bidders = Array.from({ length: 2 + Math.floor(rnd() * 4) }, (_, i) => `+99890000000${i}`);
      const maximumsSoFar: number[] = [];
      const events = 4 + Math.floor(rnd() * 20);
      for (let e = 0; e < events; e += 1) {
        const phone = pick(bidders);
        const price = model.bids.length ? model.bids[model.bids.length - 1].amount : rules.start;
        // Amounts near the price, on and off the step, and other bidders' maximums (ties).
        const near = price + rules.step * Math.floor(rnd() * 8) + pick([0, 0, 1, -1, rules.step / 2]);
        const amount = Math.max(1, maximumsSoFar.length && rnd() < 0.25 ? pick(maximumsSoFar) : near);
        // Now and then the buy-now price, or far past it: refused, buying now is no bid.
        const offer = rules.buyNow !== null && rnd() < 0.05 ? rules.buyNow * pick([1, 2, 100]) : amount;
        const kind = rnd();
        let step: string;
        let expected: string;
        let actual: string;
        if (kind < 0.45) {
          step = `bid ${phone} ${offer}`;
          expected = model.bid(phone, offer);
          actual = engineAnswer(() => engine.placeBid(lotId, phone, offer));
        } else if (kind < 0.9) {
          step = `max ${phone} ${amount}`;
          maximumsSoFar.push(amount);
          expected = model.setMax(phone, amount);
          actual = engineAnswer(() => engine.setMaxBid(lotId, phone, amount));
        } else {
          step = `remove ${phone}`;
          expected = model.removeMax(phone);
          actual = engineAnswer(() => engine.removeMaxBid(lotId, phone));
        }
        const where = `seed ${seed}, event ${e}: ${step}`;
        expect(`${where} → ${actual}`).toBe(`${where} → ${expected}`);
        answers.set(actual, (answers.get(actual) ?? 0) + 1);
        if (kind < 0.45 && actual === 'bid_reaches_buy_now') refusedAtBuyNow += 1;
        expect({ where, bids: engineBids(lotId) }).toEqual({ where, bids: model.bids });
      }
      const bids = engineBids(lotId);
      automatic += bids.filter((b) => b.automatic).length;
      // Every bid above the one before: never two bidders at one price.
      expect({ seed, rising: bids.every((b, i) => i === 0 || b.amount > bids[i - 1].amount) }).toEqual({ seed, rising: true });
      // The winner and price the lot shows are the model's last bid.
      const lot = engine.detail(lotId, null);
      const last = model.bids[model.bids.length - 1];
      expect({ seed, price: lot.currentBid }).toEqual({ seed, price: last?.amount ?? null });
      if (last) expect({ seed, leader: engine.view(engine.find(lotId), last.phone).myPosition }).toEqual({ seed, leader: 1 });
    }
    // The sequences did exercise the maximums (many automatic bids were placed) and every rule's refusal.
    expect(automatic).toBeGreaterThan(1000);
    for (const code of ['bid_already_leading', 'bid_too_low', 'max_bid_contested', 'max_bid_below_price', 'max_bid_spent']) {
      expect({ code, seen: (answers.get(code) ?? 0) > 10 }).toEqual({ code, seen: true });
    }
    expect(refusedAtBuyNow).toBeGreaterThan(10);
  });
});

describe('automaticBids', () => {
  const max = (phone: string, amount: number, order: number) => ({ phone, amount, order });

  it('bids the start price for a lone maximum on a lot without bids', () => {
    expect(automaticBids(null, 1_000, 100, [max('a', 5_000, 1)])).toEqual([{ phone: 'a', amount: 1_000 }]);
  });

  it('answers a rival plain bid with one step over it, capped at the maximum', () => {
    expect(automaticBids({ phone: 'b', amount: 1_500 }, 1_000, 100, [max('a', 5_000, 1)])).toEqual([{ phone: 'a', amount: 1_600 }]);
    expect(automaticBids({ phone: 'b', amount: 1_500 }, 1_000, 100, [max('a', 1_550, 1)])).toEqual([{ phone: 'a', amount: 1_550 }]);
  });

  it('lets the higher of two maximums win one step above the lower, which is shown as its bid', () => {
    expect(automaticBids({ phone: 'a', amount: 1_000 }, 1_000, 100, [max('a', 5_000, 1), max('b', 3_000, 2)])).toEqual([
      { phone: 'b', amount: 3_000 },
      { phone: 'a', amount: 3_100 },
    ]);
    // The step would pass the higher maximum: the winner pays their own maximum.
    expect(automaticBids({ phone: 'a', amount: 1_000 }, 1_000, 100, [max('a', 3_050, 1), max('b', 3_000, 2)])).toEqual([
      { phone: 'b', amount: 3_000 },
      { phone: 'a', amount: 3_050 },
    ]);
  });

  it('gives equal maximums to the earlier one, at that amount', () => {
    expect(automaticBids({ phone: 'b', amount: 1_000 }, 1_000, 100, [max('a', 3_000, 1), max('b', 3_000, 2)])).toEqual([
      { phone: 'a', amount: 3_000 },
    ]);
  });

  it('does nothing while the leader is the only one able to go higher', () => {
    expect(automaticBids({ phone: 'a', amount: 2_000 }, 1_000, 100, [max('a', 5_000, 1), max('b', 2_000, 2)])).toEqual([]);
  });
});
