/**
 * The pickup-point directory reaches beyond the ten biggest cities: the regional centres and large towns each have
 * points near their centre, so a visitor finds their own city (`GET /v1/public/pickup-points/cities/`, `?city=`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPickupPoints } from '../../src/seed/pickup-points.js';
import { MORE_CITIES } from '../../src/seed/russian-cities.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

describe.runIf(dbAvailable())('pickup-point cities', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    await seedPickupPoints(t.app.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists over a hundred cities, each with points near its centre', async () => {
    const cities = (await t.app.inject('/v1/public/pickup-points/cities/')).json() as { city: string; count: number }[];
    expect(cities.length).toBeGreaterThan(100);
    const names = new Set(cities.map((c) => c.city));
    for (const c of ['Тамбов', 'Мурманск', 'Петропавловск-Камчатский', 'Калининград', 'Казань'])
      expect(names).toContain(c);
    for (const [city, lat, lng] of MORE_CITIES.filter((_, i) => i % 20 === 0)) {
      const page = (
        await t.app.inject(`/v1/public/pickup-points/?city=${encodeURIComponent(city)}&page_size=20`)
      ).json() as { count: number; results: { address: string; lat: number; lng: number }[] };
      expect(page.count, city).toBeGreaterThanOrEqual(4);
      for (const p of page.results) {
        expect(p.address.startsWith(`г. ${city}, `)).toBe(true);
        expect(Math.abs(p.lat - lat)).toBeLessThan(0.1);
        expect(Math.abs(p.lng - lng)).toBeLessThan(0.1);
      }
    }
  });
});
