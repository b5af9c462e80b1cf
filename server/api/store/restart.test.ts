import request from 'supertest';
import { authToken, createTestApi, freeNumber, placeOrder, removeDir, reserve } from '../test-support/test-api';

describe('restart', () => {
  it('keeps reservations, orders and bids when the API is created again on the same data directory', async () => {
    let t = createTestApi();
    const dataDir = t.dataDir;
    try {
      const number = await freeNumber(t.app, 'gold');
      const reservation = await reserve(t.app, number);
      const { order, accessToken } = await placeOrder(t.app);
      const bidder = await authToken(t.app, '+998977776655');
      const lot = (await request(t.app).get('/api/v1/auctions/lot-006')).body;
      await request(t.app)
        .post('/api/v1/auctions/lot-006/bids')
        .set('Authorization', `Bearer ${bidder}`)
        .send({ amount: lot.minimumBid })
        .expect(201);

      t = t.restart();

      const held = await request(t.app).get('/api/v1/reservations/current').set('X-Reservation-Token', reservation).expect(200);
      expect(held.body).toMatchObject({ number, status: 'active' });
      await request(t.app).post('/api/v1/reservations').send({ number }).expect(409);
      const kept = await request(t.app).get(`/api/v1/orders/${order.id}`).set('Authorization', `Bearer ${accessToken}`).expect(200);
      expect(kept.body).toMatchObject({ id: order.id, status: 'created', number: order.number });
      const after = await request(t.app).get('/api/v1/auctions/lot-006').set('Authorization', `Bearer ${bidder}`).expect(200);
      expect(after.body).toMatchObject({ currentBid: lot.minimumBid, bidCount: lot.bidCount + 1, myPosition: 1 });
    } finally {
      t.api.close();
      removeDir(dataDir);
    }
  });

  it('does not seed twice: the catalogue is the same after a restart', async () => {
    let t = createTestApi();
    const dataDir = t.dataDir;
    try {
      const before = (await request(t.app).get('/api/v1/numbers?includeUnavailable=true&pageSize=1')).body.total;
      t = t.restart();
      const after = (await request(t.app).get('/api/v1/numbers?includeUnavailable=true&pageSize=1')).body.total;
      expect(after).toBe(before);
    } finally {
      t.api.close();
      removeDir(dataDir);
    }
  });
});
