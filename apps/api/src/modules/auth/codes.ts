/**
 * One-time SMS codes (15): hashing, the caps on wrong tries and the check of a number's newest code —
 * shared by sign-in (`purpose = 'login'`) and deleting the account (`purpose = 'delete'`).
 *
 * Caps on wrong tries, all counted in PostgreSQL so every process agrees (README «Подбор кода»):
 * - per number per 24 hours: `config.sms.wrongTriesPerDay` (999 for 6 digits) — the guessing bound;
 * - per sender (client key: the address, the /64 for IPv6 — lib/client-address.ts) per number over the same
 *   rolling 24 hours: `config.sms.wrongTriesPerSender` (9), and per sender over all numbers per day:
 *   `config.sms.wrongTriesPerIp` (100). 100 senders together make at most 900 wrong tries on a number, fewer than
 *   its 999: an attacker with up to ⌊(999 − 1) / 9⌋ = 110 addresses cannot lock the owner out at all.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { smsCodes } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import { tooManyRequests } from '../../lib/errors.js';
import { countRolling, incrementLimit, peekLimit, peekRolling } from '../../plugins/rate-limit-store.js';
import { DEFAULT_WRONG_TRIES_PER_DAY, defaultWrongTriesPerSender, TRIES_PER_CODE } from '../../config.js';

/** What a code confirms. */
export type CodePurpose = 'login' | 'delete';

/** A code lives 5 minutes. */
export const CODE_TTL_MS = 5 * 60_000;
/** Wrong tries before a code is dead. */
export const MAX_ATTEMPTS = TRIES_PER_CODE;
/**
 * The window of the daily cap of wrong tries: tries are counted on codes created within it. A code lives
 * {@link CODE_TTL_MS}, so every try of the last 24 hours is on a code created within 24 h + its lifetime.
 */
export const WRONG_TRIES_WINDOW_MS = 24 * 3_600_000 + CODE_TTL_MS;
/** The window of the per-sender cap over all numbers (a fixed day from the sender's first wrong try). */
export const SENDER_WINDOW_MS = 24 * 3_600_000;
/** Default wrong tries per client address over all numbers per day (`SMS_WRONG_TRIES_PER_IP`). */
export const DEFAULT_WRONG_TRIES_PER_IP = 100;

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, keylen: number, opts: object) => Promise<Buffer>;
const SCRYPT_OPTS = { N: 1 << 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** `scrypt$<salt hex>$<hash hex>` of a code bound to its phone number. */
export async function hashCode(phone: string, code: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(`${phone}:${code}`, salt, 32, SCRYPT_OPTS);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

/** Constant-time check of a code against {@link hashCode}'s output. */
export async function checkCode(phone: string, code: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scrypt(`${phone}:${code}`, Buffer.from(saltHex, 'hex'), expected.length, SCRYPT_OPTS);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Seconds (rounded up, at least 1) until `until`. */
export const secondsUntil = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000));

/**
 * Throws when the number used up its wrong tries of the last 24 hours (`config.sms.wrongTriesPerDay`): neither
 * a new code is sent nor one checked until the oldest of those tries is a day old. Call under the number's lock.
 * @throws ApiError 429 with `Retry-After`
 */
export async function refuseOverDailyCap(app: FastifyInstance, tx: Tx, phone: string, now: Date) {
  const cap = app.config.sms.wrongTriesPerDay ?? DEFAULT_WRONG_TRIES_PER_DAY;
  const tried = await tx
    .select({ attempts: smsCodes.attempts, createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phone, phone),
        gt(smsCodes.attempts, 0),
        gt(smsCodes.createdAt, new Date(now.getTime() - WRONG_TRIES_WINDOW_MS)),
      ),
    )
    .orderBy(asc(smsCodes.createdAt));
  if (tried.reduce((sum, r) => sum + r.attempts, 0) < cap) return;
  const wait = secondsUntil(tried[0]!.createdAt.getTime() + WRONG_TRIES_WINDOW_MS, now.getTime());
  throw tooManyRequests(
    wait,
    `Слишком много неверных кодов для этого номера за сутки. Попробуйте через ${Math.ceil(wait / 3600)} ч.`,
  );
}

const perNumberKey = (sender: string, phone: string) => `wrong-code|${sender}|${phone}`;
const perSenderKey = (sender: string) => `wrong-code|${sender}`;

/** Refuses a sender whose share is used up, with `Retry-After` (seconds). */
function refuseSender(ttlMs: number) {
  const wait = Math.max(1, Math.ceil(ttlMs / 1000));
  return tooManyRequests(
    wait,
    `Слишком много неверных кодов с вашего устройства. Попробуйте через ${Math.ceil(wait / 3600)} ч.`,
  );
}

/**
 * Throws when this sender used up its own wrong tries: on this number within the number's rolling window
 * ({@link WRONG_TRIES_WINDOW_MS}, so its share cannot be spent twice within one of the number's days), or on all
 * numbers within {@link SENDER_WINDOW_MS}. The refused try is neither checked nor counted against the number, so
 * the owner, from another address, can still sign in.
 * @param sender the client key (lib/client-address.ts)
 * @throws ApiError 429 with `Retry-After`
 */
export async function refuseSenderOverCap(app: FastifyInstance, tx: Tx, sender: string, phone: string) {
  const perDay = app.config.sms.wrongTriesPerDay ?? DEFAULT_WRONG_TRIES_PER_DAY;
  const share = app.config.sms.wrongTriesPerSender ?? defaultWrongTriesPerSender(perDay);
  const onNumber = await peekRolling(
    app,
    perNumberKey(sender, phone),
    { spanMs: WRONG_TRIES_WINDOW_MS, cap: share },
    tx,
  );
  if (onNumber.current >= share) throw refuseSender(onNumber.ttl);
  const overall = await peekLimit(app, perSenderKey(sender), tx);
  if (overall.current >= (app.config.sms.wrongTriesPerIp ?? DEFAULT_WRONG_TRIES_PER_IP)) {
    throw refuseSender(overall.ttl);
  }
}

/** Counts one wrong try against the sender's caps (in the try's transaction). */
async function countSenderWrongTry(app: FastifyInstance, tx: Tx, sender: string, phone: string) {
  await countRolling(app, perNumberKey(sender, phone), WRONG_TRIES_WINDOW_MS, tx);
  await incrementLimit(app, perSenderKey(sender), SENDER_WINDOW_MS, tx);
}

export type CodeCheck = { ok: true } | { ok: false; detail: string };

/**
 * Checks `code` against the number's newest code of `purpose` and uses it up on success. A wrong try counts
 * against the code ({@link MAX_ATTEMPTS}), the number's daily cap and the sender's caps. Takes the number's lock.
 * @param input.code digits only (the caller checked the length)
 * @param input.ip the sender's client key (lib/client-address.ts `clientKey`: the /64 for IPv6)
 * @returns `{ok: true}`, or `{ok: false, detail}` with a Russian message for the person
 * @throws ApiError 429 + Retry-After when the number's daily cap or the sender's cap is used up
 */
export async function useCode(
  app: FastifyInstance,
  tx: Tx,
  input: { phone: string; code: string; ip: string; purpose: CodePurpose },
): Promise<CodeCheck> {
  const { phone, code, ip } = input;
  const now = app.clock.now();
  await lockPhone(tx, phone);
  const [row] = await tx
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, input.purpose)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row) return { ok: false, detail: 'Сначала запросите код.' };

  // The daily cap of wrong tries per number (across all its codes), then this sender's own allowance.
  await refuseOverDailyCap(app, tx, phone, now);
  await refuseSenderOverCap(app, tx, ip, phone);
  if (row.consumedAt) {
    return {
      ok: false,
      detail:
        row.attempts >= MAX_ATTEMPTS
          ? 'Слишком много неверных попыток. Запросите новый код.'
          : 'Этот код уже использован. Запросите новый код.',
    };
  }
  if (row.expiresAt.getTime() <= now.getTime())
    return { ok: false, detail: 'Срок действия кода истёк. Запросите новый код.' };

  if (!(await checkCode(phone, code, row.codeHash))) {
    const attempts = row.attempts + 1;
    const dead = attempts >= MAX_ATTEMPTS;
    await tx
      .update(smsCodes)
      .set({ attempts, consumedAt: dead ? now : null })
      .where(eq(smsCodes.id, row.id));
    await countSenderWrongTry(app, tx, ip, phone);
    const left = MAX_ATTEMPTS - attempts;
    return {
      ok: false,
      detail: dead
        ? 'Слишком много неверных попыток. Запросите новый код.'
        : `Неверный код. ${left === 1 ? 'Осталась 1 попытка.' : `Осталось попыток: ${left}.`}`,
    };
  }
  await tx.update(smsCodes).set({ consumedAt: now }).where(eq(smsCodes.id, row.id));
  return { ok: true };
}

/** Serialises everything about one number's codes until the transaction ends. */
export async function lockPhone(tx: Tx, phone: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-phone:${phone}`}))`);
}
