/**
 * `GET /v1/admin/audit/`: staff only (401 without a token, 403 for others before the query is checked), DRF pages
 * newest first with the staff member's name, filters `staff`, `action`, `object_type`, `object_id` (a bad `staff`
 * → 400 naming it), its place under the admin tag of the OpenAPI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';
import { makeUser, type TestUser } from '../buy-fixtures.js';
import { writeAudit } from '../../src/lib/audit.js';
import { get, makeStaff } from './fixtures.js';

describe.runIf(dbAvailable())('the staff audit log', () => {
  let t: TestContext;
  let olga: TestUser;
  let ivan: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    olga = await makeStaff(t.app, 'Ольга');
    ivan = await makeStaff(t.app, 'Иван');
    const base = t.clock.now().getTime();
    const rows = [
      { staffId: olga.id, action: 'dispute.resolve', objectType: 'order', objectId: 7, reason: 'Вернуть деньги' },
      { staffId: ivan.id, action: 'report.dismiss', objectType: 'report', objectId: 3, reason: '' },
      { staffId: olga.id, action: 'report.dismiss', objectType: 'report', objectId: 4, reason: 'Не подтвердилось' },
    ];
    await t.app.db.transaction(async (tx) => {
      for (const [i, r] of rows.entries()) await writeAudit(tx, { ...r, at: new Date(base + i * 1000) });
    });
  });
  afterAll(() => t?.close());

  it('answers 401 without a token and 403 to non-staff before looking at the query', async () => {
    expect((await get(t.app, '/v1/admin/audit/')).statusCode).toBe(401);
    const user = await makeUser(t.app, 'Пётр');
    const res = await get(t.app, '/v1/admin/audit/?staff=abc&page=-1', user.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/только для сотрудников/);
    const spec = (await get(t.app, '/v1/docs/json')).json();
    expect(spec.paths['/v1/admin/audit/'].get.tags).toEqual(['Администрирование']);
  });

  it('lists entries newest first, in pages, filtered by staff, action and object', async () => {
    const all = await get(t.app, '/v1/admin/audit/?page_size=2', olga.auth);
    expect(all.statusCode, all.body).toBe(200);
    const page = all.json();
    expect(page.count).toBe(3);
    expect(page.next).toBe('/v1/admin/audit/?page_size=2&page=2');
    expect(page.results[0]).toMatchObject({
      action: 'report.dismiss',
      object_type: 'report',
      object_id: '4',
      reason: 'Не подтвердилось',
      staff: { id: olga.id, name: 'Ольга Тестова' },
      details: {},
    });
    expect(page.results[1].staff.name).toBe('Иван Тестова');

    const byStaff = (await get(t.app, `/v1/admin/audit/?staff=${olga.id}`, ivan.auth)).json();
    expect(byStaff.results.map((e: { object_id: string }) => e.object_id)).toEqual(['4', '7']);
    const byAction = (await get(t.app, '/v1/admin/audit/?action=report.dismiss', ivan.auth)).json();
    expect(byAction.count).toBe(2);
    const byObject = (await get(t.app, '/v1/admin/audit/?object_type=order&object_id=7', ivan.auth)).json();
    expect(byObject.results).toHaveLength(1);
    expect(byObject.results[0].action).toBe('dispute.resolve');
    expect((await get(t.app, '/v1/admin/audit/?object_type=order&object_id=8', ivan.auth)).json().count).toBe(0);

    const bad = await get(t.app, '/v1/admin/audit/?staff=abc', ivan.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().staff[0]).toMatch(/id сотрудника/);
    expect((await get(t.app, '/v1/admin/audit/?page=9', ivan.auth)).statusCode).toBe(404);
  });
});
