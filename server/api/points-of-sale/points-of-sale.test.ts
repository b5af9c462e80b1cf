import request from 'supertest';
import { createTestApi, type TestApi } from '../test-support/test-api';
import { CITIES } from './cities';

let t: TestApi;
beforeAll(() => {
  t = createTestApi();
});
afterAll(() => t.close());

describe('points of sale', () => {
  it('lists at least 30 across the cities with address, hours and services', async () => {
    const res = await request(t.app).get('/api/v1/points-of-sale').set('X-Language', 'en').expect(200);
    expect(res.body.items.length).toBeGreaterThanOrEqual(30);
    expect(new Set(res.body.items.map((p: { city: string }) => p.city)).size).toBe(CITIES.length);
    expect(res.body.items[0]).toMatchObject({
      address: expect.any(String),
      landmark: expect.any(String),
      hours: { monFri: expect.any(String) },
    });
    expect(res.body.cities).toHaveLength(CITIES.length);
  });

  it('filters by city and by service', async () => {
    const res = await request(t.app).get('/api/v1/points-of-sale?city=samarkand&service=esim').expect(200);
    expect(res.body.items.length).toBeGreaterThan(0);
    expect(res.body.items.every((p: { city: string; services: string[] }) => p.city === 'samarkand' && p.services.includes('esim'))).toBe(
      true,
    );
  });

  it('sorts by distance from a point, nearest first', async () => {
    const res = await request(t.app).get('/api/v1/points-of-sale?lat=39.77&lon=64.43&limit=3').expect(200);
    expect(res.body.items).toHaveLength(3);
    expect(res.body.items[0].city).toBe('bukhara');
    const distances = res.body.items.map((p: { distanceKm: number }) => p.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(3);
  });

  it('names the field of a bad filter', async () => {
    expect((await request(t.app).get('/api/v1/points-of-sale?lat=41').expect(400)).body.error).toMatchObject({
      code: 'missing_field',
      field: 'lon',
    });
    expect((await request(t.app).get('/api/v1/points-of-sale?lat=100&lon=1').expect(400)).body.error.field).toBe('lat');
    expect((await request(t.app).get('/api/v1/points-of-sale?service=coffee').expect(400)).body.error.field).toBe('service');
  });

  it('gives one point by id, and 404 for an unknown one', async () => {
    await request(t.app).get('/api/v1/points-of-sale/nukus-1').expect(200);
    expect((await request(t.app).get('/api/v1/points-of-sale/moon-1').expect(404)).body.error.code).toBe('point_not_found');
  });
});
