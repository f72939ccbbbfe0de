/**
 * Per-user limits on writes: listings created, listing edits and photos uploaded per hour, messenger messages per
 * minute and new conversations per day, counted in PostgreSQL (`rate_limits`, key `user|<limit>|<user id>`) so every
 * server process shares them. Caps come from `config.userLimits` (env `LISTING_CREATES_PER_HOUR`,
 * `LISTING_EDITS_PER_HOUR`, `PHOTOS_PER_HOUR`, `CHAT_MESSAGES_PER_MINUTE`, `CHATS_PER_DAY`).
 * A refused request uses nothing up and is answered 429 in Russian with `Retry-After`.
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_USER_LIMITS, type UserLimits } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { tooManyRequests } from '../lib/errors.js';
import { peekLimit, takeLimit } from './rate-limit-store.js';

/** The window of the hourly per-user limits: one hour from the first counted write. */
export const USER_LIMIT_WINDOW_MS = 3_600_000;

/** Which limit. */
export type UserLimitName = 'listingCreates' | 'listingEdits' | 'photos' | 'chatMessages' | 'chatsOpened';

const CAP_OF: Record<UserLimitName, keyof UserLimits> = {
  listingCreates: 'listingCreatesPerHour',
  listingEdits: 'listingEditsPerHour',
  photos: 'photosPerHour',
  chatMessages: 'chatMessagesPerMinute',
  chatsOpened: 'chatsPerDay',
};
const WHAT: Record<UserLimitName, string> = {
  listingCreates: 'новых объявлений',
  listingEdits: 'изменений объявлений',
  photos: 'загруженных фотографий',
  chatMessages: 'сообщений',
  chatsOpened: 'новых диалогов',
};
/** Each limit's window (ms) and how its cap reads: «в час», «в минуту», «в сутки». */
const WINDOW_OF: Record<UserLimitName, { ms: number; per: string }> = {
  listingCreates: { ms: USER_LIMIT_WINDOW_MS, per: 'в час' },
  listingEdits: { ms: USER_LIMIT_WINDOW_MS, per: 'в час' },
  photos: { ms: USER_LIMIT_WINDOW_MS, per: 'в час' },
  chatMessages: { ms: 60_000, per: 'в минуту' },
  chatsOpened: { ms: 24 * USER_LIMIT_WINDOW_MS, per: 'в сутки' },
};

const capOf = (app: FastifyInstance, name: UserLimitName) =>
  (app.config.userLimits ?? DEFAULT_USER_LIMITS)[CAP_OF[name]];
const keyOf = (name: UserLimitName, userId: number) => `user|${name}|${userId}`;

function refuse(app: FastifyInstance, name: UserLimitName, ttlMs: number) {
  const wait = Math.max(1, Math.ceil(ttlMs / 1000));
  const later = wait < 60 ? `${wait} с.` : `${Math.ceil(wait / 60)} мин.`;
  return tooManyRequests(
    wait,
    `Слишком много ${WHAT[name]}: не больше ${capOf(app, name)} ${WINDOW_OF[name].per}. Попробуйте через ${later}`,
  );
}

/**
 * Counts `amount` writes of `name` for the user, or refuses them all.
 * @param amount e.g. the number of photos in this request
 * @param db the write's transaction: the count commits with the write (a refused or failed write uses nothing
 *   up) and the user's concurrent writes wait on the counter's row, so they cannot pass the cap together
 * @throws ApiError 429 with `Retry-After` (seconds until the limit's window ends) when the cap would be passed
 */
export async function takeUserLimit(
  app: FastifyInstance,
  userId: number,
  name: UserLimitName,
  amount = 1,
  db: Db | Tx = app.db,
) {
  const res = await takeLimit(
    app,
    keyOf(name, userId),
    { windowMs: WINDOW_OF[name].ms, cap: capOf(app, name), amount },
    db,
  );
  if (!res.ok) throw refuse(app, name, res.ttl);
}

/**
 * Refuses at once when `amount` more of the user's `name` allowance would pass its cap (before any costly work,
 * e.g. reading and resizing uploads); counts nothing — the write counts them with its commit ({@link takeUserLimit}).
 * @param amount how many the request would use (e.g. the photos read so far, this one included)
 * @throws ApiError 429 with `Retry-After`
 */
export async function refuseUserOverLimit(app: FastifyInstance, userId: number, name: UserLimitName, amount = 1) {
  const { current, ttl } = await peekLimit(app, keyOf(name, userId));
  if (current + amount > capOf(app, name)) throw refuse(app, name, ttl);
}
