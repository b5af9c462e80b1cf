import { z } from 'zod';
import { Msisdn, queryEnum, queryInt, queryNumber } from './common';

export const PointService = z.enum(['sim', 'esim', 'identification']);

export const PointOfSale = z
  .strictObject({
    id: z.string(),
    city: z.string(),
    cityName: z.string(),
    name: z.string(),
    address: z.string(),
    landmark: z.string(),
    lat: z.number(),
    lon: z.number(),
    phone: Msisdn,
    services: z.array(PointService),
    /** Local time ranges like 09:00-18:00; null = closed. */
    hours: z.strictObject({ monFri: z.string(), sat: z.string().nullable(), sun: z.string().nullable(), lunch: z.string().nullable() }),
    /** Present when the query gave lat/lon. */
    distanceKm: z.number().optional(),
  })
  .meta({ id: 'PointOfSale' });

export const PointOfSaleList = z
  .strictObject({
    items: z.array(PointOfSale),
    cities: z.array(z.strictObject({ id: z.string(), name: z.string(), lat: z.number(), lon: z.number() })),
  })
  .meta({ id: 'PointOfSaleList' });

/** GET /points-of-sale: the city is checked against the catalogue's cities by the route. */
export const PointOfSaleQuery = z.strictObject({
  city: z.string().max(40).optional(),
  service: queryEnum(PointService),
  lat: queryNumber(-90, 90),
  lon: queryNumber(-180, 180),
  limit: queryInt(1, 100),
});
