/**
 * The limit of 50 delivery points per user holds when many are saved at once.
 *
 * A race test: it runs only in the \`api-pg\` project (PostgreSQL), named \`*.race.test.ts\` (vitest.config.ts).
 * PGlite runs one query at a time on the event loop, so there these requests would simply queue up and
 * prove nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbAvailable, multipart, type TestContext } from '../helpers.js';
import { makeUser, type TestUser } from '../buy-fixtures.js';

const point = {
  name: 'Работа',
  address: 'г. Казань, ул. Баумана, д. 12',
  point_id: 'KZN003',
  delivery_service_type: 'boxberry',
};

describe.runIf(dbAvailable())('delivery point races', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const send = (method: 'POST' | 'PUT', url: string, user: TestUser | null, fields: Record<string, string>) => {
    const form = multipart(fields);
    return t.app.inject({ method, url, headers: { ...(user?.auth ?? {}), ...form.headers }, payload: form.payload });
  };

  it('keeps at most 50 points even when many are saved at once', async () => {
    const vera = await makeUser(t.app, 'Вера');
    for (let i = 0; i < 45; i++) {
      await t.app.db.execute(
        sql`insert into delivery_points (user_id, name, address, point_id, delivery_service_type)
            values (${vera.id}, ${`Пункт ${i}`}, 'г. Москва, ул. Тверская, д. 7', ${`MSK${i}`}, 'cdek')`,
      );
    }
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send('POST', '/v1/delivery_points/', vera, point)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(5).fill(201), ...Array(5).fill(400)]);
    expect(answers.find((a) => a.statusCode === 400)!.json()).toEqual({
      detail: 'Можно сохранить не больше 50 пунктов выдачи.',
    });
    const list = (await t.app.inject({ url: '/v1/delivery_points/', headers: vera.auth })).json() as unknown[];
    expect(list).toHaveLength(50);
  });
});
