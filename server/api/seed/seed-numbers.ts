import type { Db } from '../store/database';
import { bulkLoadNumbers, INSERT_NUMBER, storedNumber } from '../numbers/number-columns';
import { createPrng, intBetween, pick } from './prng';

/** Our operator's codes: +998 77 and +998 20 (both of the Uzbek shape, docs/domain.md). */
export const OPERATOR_CODES = ['77', '20'] as const;
/** The demo catalogue's size unless DEMO_NUMBERS says otherwise (auction lots come on top). */
export const DEFAULT_DEMO_NUMBERS = 2400;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const DIGITS = '0123456789';

function digit(random: () => number): string {
  return DIGITS[Math.floor(random() * 10)];
}

function digits(random: () => number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += digit(random);
  return out;
}

function otherDigit(random: () => number, not: string): string {
  for (;;) {
    const d = digit(random);
    if (d !== not) return d;
  }
}

/** Beautiful shapes are generated on purpose; plain random numbers make up the rest. */
function generateSubscriber(random: () => number): string {
  const roll = random();
  const x = digit(random);
  const y = otherDigit(random, x);
  if (roll < 0.02) return digit(random) + x.repeat(6);
  if (roll < 0.07) return digits(random, 3) + x.repeat(4);
  if (roll < 0.14) return digits(random, 3) + x + x + y + y;
  if (roll < 0.18) return digits(random, 3) + x + y + y + x;
  if (roll < 0.21) {
    const start = intBetween(random, 0, 6);
    return digits(random, 3) + [0, 1, 2, 3].map((i) => String(start + i)).join('');
  }
  if (roll < 0.24) return x + x + x + digits(random, 4);
  if (roll < 0.27) {
    const a = digits(random, 3);
    return a + digit(random) + a.split('').reverse().join('');
  }
  if (roll < 0.4) return digits(random, 5) + x + x;
  return digits(random, 7);
}

interface LotPlan {
  subscriber: string;
  code: string;
  state: 'active' | 'upcoming' | 'sold';
  startPrice: number;
  step: number;
  buyNow: number | null;
  startOffset: number;
  endOffset: number;
  soldPrice?: number;
  bids?: number[];
}

/** Auction lots relative to the moment the store is seeded: active, upcoming and sold ones. */
const LOTS: LotPlan[] = [
  {
    code: '77',
    subscriber: '0000000',
    state: 'sold',
    startPrice: 50_000_000,
    step: 5_000_000,
    buyNow: null,
    startOffset: -30 * DAY,
    endOffset: -20 * DAY,
    soldPrice: 1_070_000_000,
  },
  {
    code: '20',
    subscriber: '7777777',
    state: 'sold',
    startPrice: 20_000_000,
    step: 1_000_000,
    buyNow: null,
    startOffset: -25 * DAY,
    endOffset: -18 * DAY,
    soldPrice: 186_000_000,
  },
  {
    code: '77',
    subscriber: '1234567',
    state: 'sold',
    startPrice: 5_000_000,
    step: 500_000,
    buyNow: null,
    startOffset: -15 * DAY,
    endOffset: -9 * DAY,
    soldPrice: 41_500_000,
  },
  {
    code: '77',
    subscriber: '7777777',
    state: 'active',
    startPrice: 30_000_000,
    step: 1_000_000,
    buyNow: 250_000_000,
    startOffset: -3 * DAY,
    endOffset: 2 * DAY,
    bids: [30_000_000, 32_000_000, 35_000_000],
  },
  {
    code: '20',
    subscriber: '0000000',
    state: 'active',
    startPrice: 40_000_000,
    step: 2_000_000,
    buyNow: null,
    startOffset: -2 * DAY,
    endOffset: 3 * DAY + 4 * HOUR,
    bids: [40_000_000, 46_000_000],
  },
  {
    code: '77',
    subscriber: '1111111',
    state: 'active',
    startPrice: 10_000_000,
    step: 500_000,
    buyNow: null,
    startOffset: -1 * DAY,
    endOffset: 6 * HOUR,
    bids: [10_000_000],
  },
  {
    code: '77',
    subscriber: '9999999',
    state: 'active',
    startPrice: 10_000_000,
    step: 500_000,
    buyNow: 90_000_000,
    startOffset: -1 * DAY,
    endOffset: 1 * DAY + 2 * HOUR,
  },
  {
    code: '20',
    subscriber: '2000000',
    state: 'active',
    startPrice: 5_000_000,
    step: 250_000,
    buyNow: null,
    startOffset: -6 * HOUR,
    endOffset: 20 * HOUR,
    bids: [5_000_000, 5_250_000, 6_000_000, 6_500_000],
  },
  {
    code: '77',
    subscriber: '5555555',
    state: 'active',
    startPrice: 8_000_000,
    step: 500_000,
    buyNow: null,
    startOffset: -12 * HOUR,
    endOffset: 4 * DAY,
  },
  {
    code: '77',
    subscriber: '2222222',
    state: 'upcoming',
    startPrice: 8_000_000,
    step: 500_000,
    buyNow: null,
    startOffset: 2 * DAY,
    endOffset: 7 * DAY,
  },
  {
    code: '20',
    subscriber: '1111111',
    state: 'upcoming',
    startPrice: 6_000_000,
    step: 250_000,
    buyNow: null,
    startOffset: 3 * DAY,
    endOffset: 8 * DAY,
  },
  {
    code: '77',
    subscriber: '3000000',
    state: 'upcoming',
    startPrice: 4_000_000,
    step: 250_000,
    buyNow: 30_000_000,
    startOffset: 1 * DAY,
    endOffset: 5 * DAY,
  },
];

const BIDDER_PHONES = ['+998901112233', '+998935554411', '+998977001122', '+998946667788', '+998913332211'];

export function seedNumbers(db: Db, now: number, total = DEFAULT_DEMO_NUMBERS): void {
  const random = createPrng(998_77);
  const lotKeys = new Set(LOTS.map((l) => l.code + l.subscriber));
  const seen = new Set<string>(lotKeys);
  const insertNumber = db.prepare(INSERT_NUMBER);
  const lotNumberIds: number[] = [];
  bulkLoadNumbers(db, () => {
    while (seen.size < total + LOTS.length) {
      const code = pick(random, OPERATOR_CODES);
      const subscriber = generateSubscriber(random);
      if (seen.has(code + subscriber)) continue;
      seen.add(code + subscriber);
      // Some numbers were bought already: shown as unavailable when a search asks for all.
      const status = random() < 0.06 ? 'sold' : 'free';
      insertNumber.run(storedNumber(`+998${code}${subscriber}`, status));
    }
    for (const lot of LOTS) {
      const row = insertNumber.get(
        storedNumber(`+998${lot.code}${lot.subscriber}`, lot.state === 'sold' ? 'sold' : 'auction', lot.startPrice),
      ) as { id: number };
      lotNumberIds.push(row.id);
    }
  });

  const insertLot = db.prepare(
    `INSERT INTO auction_lots (id, number_id, start_price, step, buy_now_price, starts_at, ends_at, scheduled_ends_at, sold_price, sold_at, sold_to)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertBid = db.prepare('INSERT INTO bids (lot_id, phone, amount, created_at) VALUES (?, ?, ?, ?)');
  LOTS.forEach((lot, index) => {
    const sold = lot.state === 'sold';
    const id = `lot-${String(index + 1).padStart(3, '0')}`;
    const startsAt = now + lot.startOffset;
    const endsAt = now + lot.endOffset;
    insertLot.run(
      id,
      lotNumberIds[index],
      lot.startPrice,
      lot.step,
      lot.buyNow,
      startsAt,
      endsAt,
      endsAt,
      lot.soldPrice ?? null,
      sold ? endsAt + 2 * DAY : null,
      sold ? BIDDER_PHONES[index % BIDDER_PHONES.length] : null,
    );
    if (sold) insertBid.run(id, BIDDER_PHONES[index % BIDDER_PHONES.length], lot.soldPrice, endsAt - 30 * MINUTE);
    (lot.bids ?? []).forEach((amount, i) => {
      insertBid.run(id, BIDDER_PHONES[(index + i) % BIDDER_PHONES.length], amount, startsAt + (i + 1) * HOUR);
    });
  });
}
