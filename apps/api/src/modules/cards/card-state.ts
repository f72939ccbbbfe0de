/**
 * The state of a card form (`POST /v1/user/card-form/`): a card token is saved only when it comes back from a
 * card form this user's own session opened. Opening the form («Добавить карту») asks the API for a state; the web
 * puts it into the form's return address, and `POST /v1/user/add-card/` must send it back with the token. A link
 * someone else made (`/account?card_token=…`) carries no state of the visitor's session and is refused.
 *
 * The state is `<expires ms>.<nonce>.<HMAC-SHA256>`: the MAC binds the user id and the session (auth token row)
 * to the expiry and the nonce, under a key kept in `installation_settings` (every process agrees on it). It is
 * good for {@link CARD_STATE_TTL_MS} and once: using it counts the nonce in the shared `rate_limits` table
 * (cap 1, the window ending with the state), in the transaction that saves the card.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { installationSetting } from '../../lib/installation-settings.js';
import { takeLimit } from '../../plugins/rate-limit-store.js';

/** How long a card form's state is good for (ms): 30 minutes to type a card in. */
export const CARD_STATE_TTL_MS = 30 * 60_000;

/** The `installation_settings` key of the MAC key. */
const SECRET_KEY = 'card_state_secret';

/** The refusal of a token without a valid state of this session (a planted link, an old or reused form). */
export const CARD_STATE_REFUSED =
  'Карта не сохранена: её можно добавить только через форму банка, открытую кнопкой «Добавить карту» в вашем кабинете. Нажмите «Добавить карту» ещё раз.';

/** Who opened the form: the user and the session (auth token row id). */
export interface CardStateOwner {
  userId: number;
  sessionId: number | null;
}

const secret = (app: FastifyInstance) => installationSetting(app.db, SECRET_KEY, () => randomBytes(32).toString('hex'));

const mac = (key: string, owner: CardStateOwner, expires: number, nonce: string) =>
  createHmac('sha256', key)
    .update(`card-state|${owner.userId}|${owner.sessionId ?? ''}|${expires}|${nonce}`)
    .digest('base64url');

/**
 * A new state for a card form opened by `owner`.
 * @returns the state and when it stops working
 */
export async function newCardState(app: FastifyInstance, owner: CardStateOwner) {
  const expires = app.clock.now().getTime() + CARD_STATE_TTL_MS;
  const nonce = randomBytes(16).toString('hex');
  const state = `${expires}.${nonce}.${mac(await secret(app), owner, expires, nonce)}`;
  return { card_state: state, expires_at: new Date(expires).toISOString() };
}

/**
 * Checks `state` against `owner` and the clock, without using it up.
 * @returns the nonce and the expiry (ms) to {@link useCardState} with
 * @throws ApiError 400 `{card_state}` when missing, malformed, someone else's, expired
 */
export async function checkCardState(app: FastifyInstance, owner: CardStateOwner, state: string | undefined) {
  const refused = () => badRequest({ card_state: [CARD_STATE_REFUSED] });
  const m = /^(\d{13,15})\.([0-9a-f]{32})\.([\w-]{43})$/.exec((state ?? '').trim());
  if (!m) throw refused();
  const expires = Number(m[1]);
  const nonce = m[2]!;
  const expected = Buffer.from(mac(await secret(app), owner, expires, nonce));
  const given = Buffer.from(m[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  if (expires <= app.clock.now().getTime()) throw refused();
  return { nonce, expires };
}

/**
 * Uses a checked state up inside the transaction that saves the card (rolled back with it).
 * @throws ApiError 400 `{card_state}` when it was used already
 */
export async function useCardState(app: FastifyInstance, tx: Tx, checked: { nonce: string; expires: number }) {
  const windowMs = Math.max(1, checked.expires - app.clock.now().getTime());
  const taken = await takeLimit(app, `card-state|${checked.nonce}`, { windowMs, cap: 1 }, tx);
  if (!taken.ok) throw badRequest({ card_state: [CARD_STATE_REFUSED] });
}
