/**
 * Sign-in by phone and one-time code (spec §1, §4, §6, §7) through the real HTTP layer: codes and tokens stored as hashes, several
 * tokens per user, logout and the 401 shapes. The app and calls:
 * auth-world.ts.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { smsCodes, authTokens } from '../../src/db/schema/index.js';
import { hashToken, WRONG_SCHEME } from '../../src/plugins/auth.js';
import { dbAvailable, randomPhone, signIn } from '../helpers.js';
import { useAuthApp } from './auth-world.js';

describe.runIf(dbAvailable())('auth: tokens and logout', () => {
  const s = useAuthApp();
  const { send, verify, outbox } = s;

  it('stores codes and tokens only as hashes', async () => {
    const phone = randomPhone();
    await send(phone);
    const code = (await outbox(phone)).results[0]!.code;
    const [row] = await s.t.app.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    const token = (await verify(phone, code)).json().token as string;
    const tokens = await s.t.app.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashToken(token)));
    expect(tokens).toHaveLength(1);
    const all = await s.t.app.db.select({ k: authTokens.keyHash }).from(authTokens);
    expect(all.some((r) => r.k === token)).toBe(false);
  });

  it('keeps several tokens per user; logout revokes only the current one', async () => {
    const phone = randomPhone();
    const a = await signIn(s.t.app, phone);
    s.t.clock.advance(61_000);
    const b = await signIn(s.t.app, phone);
    expect((await s.t.app.inject({ url: '/v1/self/', headers: a.auth })).statusCode).toBe(200);
    expect((await s.t.app.inject({ url: '/v1/self/', headers: b.auth })).statusCode).toBe(200);

    const out = await s.t.app.inject({ method: 'POST', url: '/v1/auth/logout/', headers: a.auth });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    const after = await s.t.app.inject({ url: '/v1/self/', headers: a.auth });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Недопустимый токен.' });
    expect((await s.t.app.inject({ url: '/v1/self/', headers: b.auth })).statusCode).toBe(200);

    const anon = await s.t.app.inject({ method: 'POST', url: '/v1/auth/logout/' });
    expect(anon.statusCode).toBe(401);
  });

  it('answers 401 with a Russian detail for missing, foreign-scheme, forged and malformed tokens', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'Учетные данные не были предоставлены.'],
      ['Bearer 0123456789abcdef0123456789abcdef01234567', WRONG_SCHEME],
      ['Basic dXNlcjpwYXNz', WRONG_SCHEME],
      ['Token 0123456789abcdef0123456789abcdef01234567', 'Недопустимый токен.'],
      ['Token not-a-token', 'Недопустимый токен.'],
      ['Token ' + 'z'.repeat(40), 'Недопустимый токен.'],
      ['Token ' + 'a'.repeat(41), 'Недопустимый токен.'],
    ];
    for (const [header, detail] of cases) {
      const res = await s.t.app.inject({ url: '/v1/self/', headers: header ? { authorization: header } : {} });
      expect(res.statusCode, header).toBe(401);
      expect(res.json(), header).toEqual({ detail });
    }
    const change = await s.t.app.inject({ method: 'PUT', url: '/v1/self/change/', payload: { first_name: 'X' } });
    expect(change.statusCode).toBe(401);
  });
});
