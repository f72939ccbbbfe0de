/**
 * Sign-in by phone and one-time code (spec §1, §4, §6, §7).
 *
 * - Codes: `config.sms.codeLength` random digits (6 by default), stored only as a salted scrypt hash bound to
 *   the phone, alive {@link CODE_TTL_MS}, at most {@link MAX_ATTEMPTS} wrong tries, compared in constant time;
 *   at most `config.sms.wrongTriesPerDay` wrong tries per number per 24 hours (429 with `Retry-After`), so a
 *   code is guessed within a day with probability at most 0.1 % (README «Подбор кода»); one sender gets only a
 *   small share of them, so 100 senders cannot use them up (./codes.ts). A code has a purpose: signing in or
 *   deleting the account (account module).
 * - Limits: one send per number per {@link RESEND_COOLDOWN_S} s, {@link PHONE_SEND_LIMIT} per number per hour,
 *   `config.sms.ipLimit` (10) per client key (the address, the /64 for IPv6: lib/client-address.ts) per
 *   {@link IP_WINDOW_MS} — each a 429 with `Retry-After`.
 * - Tokens: 40 hex characters, stored as SHA-256, one row per device; logout deletes the row and closes the
 *   notification sockets opened with it on every process (./tokens.ts).
 * Time always comes from `app.clock` so tests can move it.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { authTokens, smsCodes, users } from '../../db/schema/index.js';
import { tooManyRequests } from '../../lib/errors.js';
import { hashToken, newTokenKey } from '../../plugins/auth.js';
import { createSmsProvider, maskPhone, type SmsProvider } from '../../providers/sms/index.js';
import { normalizePhone, requirePhoneCountry } from '../../lib/phone.js';
import {
  CODE_TTL_MS,
  hashCode,
  lockPhone,
  refuseOverDailyCap,
  secondsUntil,
  useCode,
  type CodePurpose,
} from './codes.js';

/** A new code for the same number only after 60 s. */
export const RESEND_COOLDOWN_S = 60;
/** Sends per client address per {@link IP_WINDOW_MS} by default (`config.sms.ipLimit`, env `SMS_IP_LIMIT`). */
export const IP_SEND_LIMIT = 10;
export const IP_WINDOW_MS = 10 * 60_000;
/** Sends per number per hour. */
export const PHONE_SEND_LIMIT = 10;
const PHONE_WINDOW_MS = 60 * 60_000;

const providers = new WeakMap<FastifyInstance, SmsProvider>();
/** The app's SMS provider (created once per app from `config.sms`). */
export function smsProvider(app: FastifyInstance): SmsProvider {
  let p = providers.get(app);
  if (!p) {
    p = createSmsProvider({ config: app.config, db: app.db, clock: app.clock, log: app.log });
    providers.set(app, p);
  }
  return p;
}

/**
 * `POST /v1/auth/send-code/` (and the account deletion's send-code): creates and sends a new code, superseding
 * older ones of the same purpose. Every limit below is shared by both purposes.
 * @param input.phone the number in any common format
 * @param input.ip the sender's client key (lib/client-address.ts `clientKey`; per-address limit)
 * @param input.origin the shop origin the SMS names for one-tap code entry (lib/public-origin.ts); default `PUBLIC_URL`
 * @param input.purpose `login` (default) or `delete` (the SMS says the code deletes the account)
 * @returns the E.164 number and the cooldown in seconds
 * @throws ApiError 400 `{phone: [...]}` for an invalid number or one outside `SMS_COUNTRIES`; 429 + Retry-After for limits; 503 when SMS fails
 */
export async function sendCode(
  app: FastifyInstance,
  input: { phone: string; ip: string; purpose?: CodePurpose; origin?: string },
) {
  const purpose = input.purpose ?? 'login';
  const phone = normalizePhone(input.phone);
  requirePhoneCountry(phone, app.config.sms.countries ?? ['RU']);
  const now = app.clock.now();
  const nowMs = now.getTime();
  const len = app.config.sms.codeLength;
  const code = String(randomInt(0, 10 ** len)).padStart(len, '0');
  const codeHash = await hashCode(phone, code);

  const id = await app.db.transaction(async (tx) => {
    // Serialise sends per address and per number (always in this order), so bursts cannot slip past limits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-ip:${input.ip}`}))`);
    await lockPhone(tx, phone);
    await refuseOverDailyCap(app, tx, phone, now);

    const recent = await tx
      .select({ createdAt: smsCodes.createdAt, purpose: smsCodes.purpose })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, new Date(nowMs - PHONE_WINDOW_MS))))
      .orderBy(desc(smsCodes.createdAt));
    // The resend pause is per kind of code: a sign-in code sent a minute ago does not hold up the deletion code
    // (the per-number and per-address limits below count every kind).
    const last = recent.find((r) => r.purpose === purpose);
    if (last && nowMs - last.createdAt.getTime() < RESEND_COOLDOWN_S * 1000) {
      const wait = secondsUntil(last.createdAt.getTime() + RESEND_COOLDOWN_S * 1000, nowMs);
      const which = purpose === 'delete' ? 'Код для удаления аккаунта' : 'Код для входа';
      throw tooManyRequests(wait, `${which} уже отправлен. Новый можно запросить через ${wait} с.`);
    }
    if (recent.length >= PHONE_SEND_LIMIT) {
      const oldest = recent[PHONE_SEND_LIMIT - 1]!.createdAt.getTime();
      const wait = secondsUntil(oldest + PHONE_WINDOW_MS, nowMs);
      throw tooManyRequests(wait, `Слишком много кодов на этот номер. Попробуйте через ${Math.ceil(wait / 60)} мин.`);
    }
    const ipLimit = app.config.sms.ipLimit ?? IP_SEND_LIMIT;
    const byIp = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, input.ip), gt(smsCodes.createdAt, new Date(nowMs - IP_WINDOW_MS))))
      .orderBy(desc(smsCodes.createdAt))
      .limit(ipLimit);
    if (byIp.length >= ipLimit) {
      const oldest = byIp[ipLimit - 1]!.createdAt.getTime();
      const wait = secondsUntil(oldest + IP_WINDOW_MS, nowMs);
      throw tooManyRequests(wait, `Слишком много запросов кода. Попробуйте через ${Math.ceil(wait / 60)} мин.`);
    }

    await tx
      .update(smsCodes)
      .set({ consumedAt: now })
      .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)));
    const [row] = await tx
      .insert(smsCodes)
      .values({ phone, codeHash, createdAt: now, expiresAt: new Date(nowMs + CODE_TTL_MS), ip: input.ip, purpose })
      .returning({ id: smsCodes.id });
    return row!.id;
  });

  const host = safeHost(input.origin ?? app.config.publicUrl);
  const minutes = CODE_TTL_MS / 60_000;
  const text =
    purpose === 'delete'
      ? `Код для удаления аккаунта в Витрине: ${code}. Действует ${minutes} минут. Если вы не удаляете аккаунт, никому его не сообщайте.`
      : `Код для входа в Витрину: ${code}. Действует ${minutes} минут. Никому его не сообщайте.${host ? `\n\n@${host} #${code}` : ''}`;
  try {
    await smsProvider(app).send({ phone, text, code });
  } catch (err) {
    // Not delivered: forget the code so the person may retry at once.
    await app.db.delete(smsCodes).where(eq(smsCodes.id, id));
    throw err;
  }
  app.log.info({ to: maskPhone(phone), purpose }, 'code sent');
  return { phone, retryAfter: RESEND_COOLDOWN_S };
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** The refusal a blocked account reads at sign-in, naming staff's reason. */
export const blockedDetail = (reason: string | null) =>
  `Аккаунт заблокирован модератором${reason ? `: ${reason.trim().replace(/[.!…]+$/u, '')}` : ''}. Если это ошибка, напишите в поддержку.`;

export type VerifyResult =
  { ok: true; token: string; userId: number; created: boolean } | { ok: false; detail: string };

/**
 * `POST /v1/auth/verify-code/`: checks the newest code of the number; on success creates the user (first sign-in)
 * and a new token.
 * @returns `{ok: true, token}` or `{ok: false, detail}` (answered as 400 `{success: false, detail}`)
 * @throws ApiError 400 `{phone: [...]}` for an invalid number
 */
export async function verifyCode(
  app: FastifyInstance,
  input: { phone: string; code: string; ip: string; userAgent?: string },
): Promise<VerifyResult> {
  const phone = normalizePhone(input.phone);
  // A pasted «12 34» or «12-34» is the same code; anything else than the expected digits is a typo, not a try.
  const code = String(input.code ?? '').replace(/[\s\u00a0-]/g, '');
  const len = app.config.sms.codeLength;
  if (!new RegExp(`^\\d{${len}}$`).test(code)) {
    return { ok: false, detail: `Код из SMS — ${len} ${len < 5 ? 'цифры' : 'цифр'}.` };
  }
  const now = app.clock.now();
  return app.db.transaction(async (tx): Promise<VerifyResult> => {
    const used = await useCode(app, tx, { phone, code, ip: input.ip, purpose: 'login' });
    if (!used.ok) return used;
    const inserted = await tx
      .insert(users)
      .values({ phone, dateJoined: now })
      .onConflictDoNothing({ target: users.phone })
      .returning({ id: users.id });
    let userId = inserted[0]?.id;
    const created = userId !== undefined;
    if (userId === undefined) {
      // The row's lock: a staff block committing meanwhile is seen here, or sees (and deletes) this token.
      const [u] = await tx
        .select({ id: users.id, blockedAt: users.blockedAt, blockReason: users.blockReason })
        .from(users)
        .where(eq(users.phone, phone))
        .for('update');
      userId = u!.id;
      if (u!.blockedAt) return { ok: false, detail: blockedDetail(u!.blockReason) };
    }
    // STAFF_PHONES makes the number staff at every sign-in (taking the role away is the database's: the role is
    // read from the user's row on every request).
    if (app.config.staffPhones?.includes(phone))
      await tx.update(users).set({ role: 'staff' }).where(eq(users.id, userId));
    const token = newTokenKey();
    await tx.insert(authTokens).values({
      userId,
      keyHash: hashToken(token),
      userAgent: (input.userAgent ?? '').slice(0, 300),
      createdAt: now,
      lastUsedAt: now,
    });
    return { ok: true, token, userId, created };
  });
}
