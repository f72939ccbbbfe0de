/**
 * Reports at once (PostgreSQL only, see vitest.config.ts): ten people reporting one listing together make one
 * queue item with ten reports; one person's five simultaneous reports make one report (one 201, the rest 200 with it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeListing, makeUser } from '../buy-fixtures.js';
import { get, makeStaff, post } from './fixtures.js';

describe.runIf(dbAvailable())('simultaneous reports', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('gather in one open item per object and one open report per person', async () => {
    const staff = await makeStaff(t.app);
    const seller = await makeUser(t.app, 'Вера');
    const listing = await makeListing(t.app, seller.id);
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => makeUser(t.app, `Покупатель${i}`)));
    const url = `/v1/products/${listing.id}/report/`;
    const many = await Promise.all(
      people.map((p) => post(t.app, url, p.auth, { reason: 'counterfeit', text: 'Копия' })),
    );
    expect(many.map((r) => r.statusCode)).toEqual(Array(10).fill(201));

    const one = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(t.app, `/v1/users/${seller.id}/report/`, people[0]!.auth, { reason: 'fraud' }),
      ),
    );
    expect(one.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(one.map((r) => r.json().id)).size).toBe(1);

    const queue = (await get(t.app, '/v1/admin/reports/', staff.auth)).json();
    expect(
      queue.results.map((i: { object_type: string; reports_count: number }) => [i.object_type, i.reports_count]),
    ).toEqual([
      ['product', 10],
      ['user', 1],
    ]);
  });
});
