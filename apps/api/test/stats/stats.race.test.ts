/**
 * Views racing on PostgreSQL: the same visitor's view sent many times at once counts once (the
 * dedupe row's unique key), and many visitors at once all count (the roll-ups' atomic upserts lose no addition).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, randomIp, type TestContext } from '../helpers.js';
import { makeListing, makeUser, type TestUser } from '../buy-fixtures.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.runIf(dbAvailable())('views at once', () => {
  let t: TestContext;
  let seller: TestUser;
  let listing: { id: number; slug: string };
  beforeAll(async () => {
    t = await createTestApp();
    seller = await makeUser(t.app, 'Продавец');
    listing = await makeListing(t.app, seller.id);
  });
  afterAll(async () => t?.close());

  const view = (visitor: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/public/products/${listing.slug}/view/`,
      headers: { 'user-agent': CHROME },
      payload: { visitor_id: visitor },
      remoteAddress: randomIp(),
    });
  const totals = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/sales/statistics/?period=day', headers: seller.auth });
    const data = (res.json() as { data: { totals: { views: number }; top_listings: { id: number; views: number }[] } })
      .data;
    return { seller: data.totals.views, listing: data.top_listings.find((l) => l.id === listing.id)?.views };
  };

  it('counts one visitor once and forty visitors forty times', async () => {
    const same = await Promise.all(Array.from({ length: 20 }, () => view('visitor-same')));
    expect(same.map((r) => r.statusCode)).toEqual(Array(20).fill(204));
    expect(await totals()).toEqual({ seller: 1, listing: 1 });
    const many = await Promise.all(Array.from({ length: 40 }, (_, i) => view(`visitor-${String(i).padStart(4, '0')}`)));
    expect(many.map((r) => r.statusCode)).toEqual(Array(40).fill(204));
    expect(await totals()).toEqual({ seller: 41, listing: 41 });
  });
});
