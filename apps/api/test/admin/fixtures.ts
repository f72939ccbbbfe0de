/** Shared by the back-office tests: a staff member (the role set in the database, as `npm run staff -- add` does). */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema/index.js';
import { makeUser, type TestUser } from '../buy-fixtures.js';

/** A signed-in staff member. */
export async function makeStaff(app: FastifyInstance, firstName = 'Ольга'): Promise<TestUser> {
  const u = await makeUser(app, firstName);
  await app.db.update(users).set({ role: 'staff' }).where(eq(users.id, u.id));
  return u;
}

/** GET with the given headers. */
export const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** POST JSON (or nothing) with the given headers. */
export const post = (app: FastifyInstance, url: string, headers: Record<string, string>, payload?: unknown) =>
  app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
