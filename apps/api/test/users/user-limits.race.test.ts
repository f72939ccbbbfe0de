/**
 * Two server processes on one PostgreSQL share the per-user write limits: a user's listings created
 * at once through both processes stop at the hour's cap in all, not per process. PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { categories, products } from '../../src/db/schema/index.js';
import {
  createTestApp,
  dbAvailable,
  secondProcess,
  multipart,
  onPostgres,
  signIn,
  type TestContext,
} from '../helpers.js';

describe.runIf(onPostgres() && dbAvailable())('per-user limits across two processes', () => {
  let t: TestContext;
  let second: Awaited<ReturnType<typeof secondProcess>>;
  beforeAll(async () => {
    t = await createTestApp({ LISTING_CREATES_PER_HOUR: '5', LISTING_EDITS_PER_HOUR: '4' });
    second = await secondProcess(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('lets exactly the cap of concurrent creations and edits through, however they are spread', async () => {
    const { auth } = await signIn(t.app);
    const [leaf] = await t.app.db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`not exists (select 1 from categories c where c.parent_id = ${categories.id})`)
      .limit(1);
    const call = (app: FastifyInstance, method: 'POST' | 'PATCH', url: string, title: string) => {
      const body = multipart({ title, category: String(leaf!.id), condition: 'excellent', draft: 'true' });
      return app.inject({ method, url, headers: { ...auth, ...body.headers }, payload: body.payload });
    };
    const created = await Promise.all(
      Array.from({ length: 16 }, (_, i) => call(i % 2 ? second.app : t.app, 'POST', '/v1/products/', `Платье ${i}`)),
    );
    expect(created.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = created.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(11);
    for (const r of refused) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    const id = created.find((r) => r.statusCode === 201)!.json().id as number;
    const [row] = await t.app.db.select({ owner: products.ownerId }).from(products).where(eq(products.id, id));
    const mine = await t.app.db.select({ id: products.id }).from(products).where(eq(products.ownerId, row!.owner));
    expect(mine).toHaveLength(5);

    const edits = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(i % 2 ? second.app : t.app, 'PATCH', `/v1/products/${id}/`, `Юбка ${i}`),
      ),
    );
    expect(edits.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(edits.filter((r) => r.statusCode === 429)).toHaveLength(6);
  });
});
