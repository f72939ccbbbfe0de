/**
 * Seller statistics through HTTP: bad periods and dates answered 400 in Russian, naming the field. The shop: stats-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { dbAvailable } from '../helpers.js';
import { useStatsShop } from './stats-world.js';

describe.runIf(dbAvailable())('statistics: bad periods', () => {
  const s = useStatsShop();

  it('answers 400 in Russian naming the field for bad periods and dates', async () => {
    const bad = async (qs: string, field: string) => {
      const res = await s.t.app.inject({ method: 'GET', url: `/v1/sales/statistics/?${qs}`, headers: s.seller.auth });
      expect(res.statusCode, qs).toBe(400);
      const body = res.json() as Record<string, string[]>;
      expect(Object.keys(body), qs).toEqual([field]);
      expect(body[field]![0]).toMatch(/[а-я]/);
    };
    await bad('period=quarter', 'period');
    await bad('', 'period');
    await bad('period=custom', 'date_from');
    await bad('period=custom&date_from=2026-11-01', 'date_to');
    await bad('period=custom&date_from=2026-02-30&date_to=2026-03-01', 'date_from');
    await bad('period=custom&date_from=01.11.2026&date_to=2026-11-02', 'date_from');
    await bad('period=custom&date_from=2026-11-10&date_to=2026-11-01', 'date_from');
    await bad('period=custom&date_from=2025-11-24&date_to=2026-11-25', 'date_to');
    const anon = await s.t.app.inject({ method: 'GET', url: '/v1/sales/statistics/?period=day' });
    expect(anon.statusCode).toBe(401);
  });
});
