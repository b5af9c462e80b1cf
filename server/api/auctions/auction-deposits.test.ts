import request from 'supertest';
import { API_MESSAGES } from '../messages';
import { openDatabase } from '../store/database';
import { authToken, createTestApi, MINUTE, orderBooked, payAndApprove, registeredAuth, type TestApi } from '../test-support/test-api';
import { auctionCalls } from '../test-support/auction-calls';

/**
 * Issue 61, rule 8 of bid-rules.ts: a premium lot takes bids only after a deposit (10 % of its
 * start price), held while the bidder takes part, returned when the lot ends to everyone but the
 * winner (and to the winner once they pay), kept when the winner does not pay; never taken twice.
 */

let t: TestApi;
beforeEach(() => {
  t = createTestApi({ auctionDepositPercent: 10 });
});
afterEach(() => t.close());

/** lot-006: +998 77 111 11 11 (platinum), start 10,000,000, step 500,000, one seeded bid of 10,000,000. */
const LOT = 'lot-006';
const DEPOSIT = 1_000_000;
const LANGS = ['en', 'ru', 'uz'] as const;

const { as, lotAs, bid, setMax, deposit } = auctionCalls(() => t.app, LOT);

const approve = (paymentUrl: string) => request(t.app).post(`${paymentUrl}/approve`).expect(303);

/** Pays the phone's deposit on the lot through the sandbox. */
async function paidDeposit(token: string, id = LOT): Promise<void> {
  const started = (await deposit(token, id).expect(201)).body;
  expect((await approve(started.paymentUrl)).headers.location).toContain('payment=approved');
}

function paidDeposits(lotId: string): number {
  const db = openDatabase(t.dataDir);
  try {
    return db
      .prepare("SELECT COUNT(*) FROM auction_payments WHERE lot_id = ? AND kind = 'deposit' AND status = 'paid'")
      .pluck()
      .get(lotId) as number;
  } finally {
    db.close();
  }
}

describe('deposits of premium lots (rule 8)', () => {
  it('asks three shill phones for a deposit before any bid or maximum, and takes each deposit once', async () => {
    const rival = await authToken(t.app, '+998935550001');
    const shills = [
      await authToken(t.app, '+998935550002'),
      await authToken(t.app, '+998935550003'),
      await authToken(t.app, '+998935550004'),
    ];
    const lot = (await lotAs(null).expect(200)).body;
    expect(lot).toMatchObject({ depositAmount: DEPOSIT, rules: { depositPercent: 10 } });
    // The rival pays and sets a maximum of 20 M; free plain bids can no longer drive it up.
    await paidDeposit(rival);
    expect((await lotAs(rival).expect(200)).body.myDeposit).toMatchObject({ status: 'held', amount: DEPOSIT });
    await setMax(rival, 20_000_000).expect(200);
    for (const [index, shill] of shills.entries()) {
      // The refusal in every language (once: each phone has 10 bids a minute).
      for (const lang of index === 2 ? LANGS : (['en'] as const)) {
        const res = await bid(shill, 11_000_000).set('Accept-Language', lang).expect(403);
        expect(res.body.error).toMatchObject({
          code: 'deposit_required',
          depositAmount: DEPOSIT,
          message: API_MESSAGES[lang].errors.depositRequired.replace('{{amount}}', String(DEPOSIT)),
        });
      }
      expect((await setMax(shill, 19_000_000).expect(403)).body.error.code).toBe('deposit_required');
    }
    expect((await lotAs(null).expect(200)).body.currentBid).toBe(10_500_000);

    // A pending deposit is not yet a deposit; asked again, the same payment; paid, it is never taken again.
    const shill = shills[0];
    expect(shill).not.toBe(shills[2]);
    const first = (await deposit(shill).expect(201)).body;
    expect(first).toMatchObject({ kind: 'deposit', amount: DEPOSIT, amountTiyin: DEPOSIT * 100 });
    expect((await deposit(shill).expect(201)).body.paymentId).toBe(first.paymentId);
    expect((await lotAs(shill).expect(200)).body.myDeposit.status).toBe('pending');
    await bid(shill, 11_000_000).expect(403);
    await Promise.all([approve(first.paymentUrl), approve(first.paymentUrl)]);
    for (const lang of LANGS) {
      const again = await deposit(shill).set('Accept-Language', lang).expect(409);
      expect(again.body.error).toMatchObject({ code: 'deposit_already_paid', message: API_MESSAGES[lang].errors.depositAlreadyPaid });
    }
    expect(paidDeposits(LOT)).toBe(2);
    await bid(shill, 11_000_000).expect(201);
  });

  it('returns the deposit to every bidder but the winner when the lot ends, and to the winner once they pay', async () => {
    const winner = await registeredAuth(t.app, '+998935550001');
    const loser = await authToken(t.app, '+998935550002');
    const watcher = await authToken(t.app, '+998935550003');
    await paidDeposit(winner);
    await paidDeposit(loser);
    // A deposit without a bid.
    await paidDeposit(watcher);
    const lot = (await lotAs(null).expect(200)).body;
    await bid(loser, lot.minimumBid).expect(201);
    await bid(winner, lot.minimumBid + lot.step).expect(201);
    const end = Date.parse(lot.endsAt);
    t.clock.ms = end + MINUTE;
    // Fresh tokens: the lot ends days later (an auth token lasts 12 hours).
    const winnerNow = await registeredAuth(t.app, '+998935550001');
    expect((await lotAs(await authToken(t.app, '+998935550002')).expect(200)).body.myDeposit).toMatchObject({ status: 'returned' });
    expect((await lotAs(await authToken(t.app, '+998935550003')).expect(200)).body.myDeposit).toMatchObject({ status: 'returned' });
    expect((await lotAs(winnerNow).expect(200)).body.myDeposit).toMatchObject({ status: 'held' });
    const reserved = await request(t.app).post(`/api/v1/auctions/${LOT}/reservation`).set(as(winnerNow)).expect(201);
    const ordered = await orderBooked(t.app, winnerNow, reserved.body.reservationToken).expect(201);
    await payAndApprove(t.app, ordered.body.order.id, ordered.body.accessToken);
    expect((await lotAs(winnerNow).expect(200)).body).toMatchObject({ status: 'sold', myDeposit: { status: 'returned' } });
  });

  it('keeps the deposit of a winner who does not pay, returns the runner-up’s, and refuses a deposit once the lot ended', async () => {
    const winner = await authToken(t.app, '+998935550001');
    const runnerUp = await authToken(t.app, '+998935550002');
    await paidDeposit(winner);
    await paidDeposit(runnerUp);
    const lot = (await lotAs(null).expect(200)).body;
    await bid(runnerUp, lot.minimumBid).expect(201);
    await bid(winner, lot.minimumBid + lot.step).expect(201);
    const end = Date.parse(lot.endsAt);
    t.clock.ms = end + 31 * MINUTE;
    const winnerNow = await authToken(t.app, '+998935550001');
    const runnerUpNow = await authToken(t.app, '+998935550002');
    expect((await lotAs(winnerNow).expect(200)).body).toMatchObject({ myDeposit: { status: 'kept', amount: DEPOSIT } });
    expect((await lotAs(runnerUpNow).expect(200)).body).toMatchObject({ myDeposit: { status: 'returned' } });
    // Still kept when the runner-up buys the number in their turn.
    const db = openDatabase(t.dataDir);
    try {
      db.prepare('UPDATE auction_lots SET sold_at = ?, sold_to = ?, sold_price = ? WHERE id = ?').run(
        t.clock.ms,
        '+998935550002',
        lot.minimumBid,
        LOT,
      );
    } finally {
      db.close();
    }
    expect((await lotAs(winnerNow).expect(200)).body.myDeposit.status).toBe('kept');
    expect((await deposit(runnerUpNow).expect(409)).body.error.code).toBe('auction_ended');
  });

  it('gives back a deposit paid after its window, and asks none on a lot that is not premium', async () => {
    const phone = await authToken(t.app, '+998935550001');
    const started = (await deposit(phone).expect(201)).body;
    t.clock.advance(16 * MINUTE);
    expect((await approve(started.paymentUrl)).headers.location).toContain('payment=refunded');
    expect((await lotAs(phone).expect(200)).body.myDeposit.status).toBe('refunded');
    await bid(phone, 11_000_000).expect(403);
    // A lot of a gold number starting below AUCTION_DEPOSIT_FROM_PRICE asks for no deposit.
    const db = openDatabase(t.dataDir);
    try {
      const gold = db.prepare("SELECT id FROM numbers WHERE category = 'gold' AND status = 'free' LIMIT 1").pluck().get();
      db.prepare("UPDATE numbers SET status = 'auction' WHERE id = ?").run(gold);
      db.prepare(
        'INSERT INTO auction_lots (id, number_id, start_price, step, buy_now_price, starts_at, ends_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run('lot-013', gold, 1_000_000, 100_000, null, t.clock.ms, t.clock.ms + 60 * MINUTE);
    } finally {
      db.close();
    }
    expect((await lotAs(null, 'lot-013').expect(200)).body).toMatchObject({ depositAmount: null, rules: { depositPercent: 0 } });
    for (const lang of LANGS) {
      const res = await deposit(phone, 'lot-013').set('Accept-Language', lang).expect(409);
      expect(res.body.error).toMatchObject({ code: 'deposit_not_required', message: API_MESSAGES[lang].errors.depositNotRequired });
    }
    await bid(phone, 1_000_000, 'lot-013').expect(201);
  });
});
