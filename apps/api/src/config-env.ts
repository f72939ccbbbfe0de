/**
 * The environment's variables as a zod schema (types, ranges, defaults, Russian messages), and the defaults and
 * arithmetic of the limits they set. `loadConfig` (config.ts) turns the parsed values into the `Config`; see
 * README «Настройка» for every variable.
 */
import { z } from 'zod';
import { isSupportedCountry } from 'libphonenumber-js/max';
import { parsePhone } from './lib/phone.js';
import { parseRange } from './lib/client-address.js';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/**
 * Requests in progress per process past which new ones get 503 (`OVERLOAD_MAX_IN_FLIGHT`): on 2 cores the shop
 * answers ~100–270 requests a second, so an admitted request waits behind at most ~1–2 s of others
 * (`npm run bench:burst`, docs/performance.md).
 */
export const MAX_IN_FLIGHT_DEFAULT = 200;

/** Whether `value` is an absolute http:// or https:// address with a host (never `javascript:`, `ftp:`, a bare host). */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The addresses YooKassa sends its notices from, as it publishes them
 * (https://yookassa.ru/developers/using-api/webhooks): the default of `YOOKASSA_NOTICE_IPS`.
 */
export const YOOKASSA_NOTICE_IPS_DEFAULT = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
];

/** An optional http(s) address (`''` — unset); anything else is refused with a message showing `example`. */
const httpUrl = (example: string) =>
  z
    .string()
    .refine(isHttpUrl, `должен начинаться с http:// или https://, например ${example}`)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** An http(s) address with a default when unset or `''`. */
const httpUrlOr = (fallback: string) => httpUrl(fallback).transform((v) => v ?? fallback);

/** Characters of `METRICS_TOKEN` at least: 32 random characters are beyond guessing, `a` is not. */
export const METRICS_TOKEN_MIN_LENGTH = 32;

/**
 * Notification socket connects per client address per minute by default: 10 tabs reconnecting after a deploy are
 * 10; a mobile carrier's shared address holds many users, and clients back off (1 s doubling to 30 s) when refused.
 */
export const DEFAULT_WS_CONNECTS_PER_MINUTE = 120;

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: 0.0.0.0 in production, 127.0.0.1 otherwise (development answers sign-in codes: config.ts `host`). */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'должен начинаться с postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The API's own origin when it is not the pages' one; `''` — the same origin. */
  PUBLIC_API_URL: httpUrl('https://api.vitrina.ru').transform((v) => v ?? ''),
  /** Public origin of the shop, for canonical links, sitemaps and gateway return URLs. */
  PUBLIC_URL: httpUrl('https://vitrina.ru'),
  SEED_DEMO: bool.optional(),
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(1_000_000).default(640),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMS_PROVIDER: z.enum(['console', 'smsru']).optional(),
  SMS_CODE_LENGTH: z.coerce.number().int().min(4).max(8).default(6),
  /**
   * Wrong sign-in code tries per number per 24 hours; unset — the most the code length allows (999 for 6
   * digits). Checked against SMS_CODE_LENGTH so that a stranger guesses a given number's code within a day with
   * probability at most 0.1 % (README «Подбор кода»).
   */
  SMS_WRONG_TRIES_PER_DAY: z.coerce.number().int().min(1).max(100_000).optional(),
  /**
   * Wrong code tries one sender (client address, an IPv6 /64) may make on one number per 24 hours: so
   * small that 100 senders together cannot use up the number's daily cap and lock the owner out; unset —
   * ⌊(SMS_WRONG_TRIES_PER_DAY − 1) / 100⌋, at least 1 (9 for 6 digits).
   */
  SMS_WRONG_TRIES_PER_SENDER: z.coerce.number().int().min(1).max(100_000).optional(),
  /** Wrong code tries one client address may make on all numbers together per 24 hours. */
  SMS_WRONG_TRIES_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Listings one user may create per hour (per-user limits on writes). */
  LISTING_CREATES_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Listing edits (and moves to drafts, deletions) one user may make per hour. */
  LISTING_EDITS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** Photos (listing photos and avatars) one user may upload per hour. */
  PHOTOS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** Messages (and price offers) one user may send per minute in the messenger. */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** New conversations one user may open per day (24 hours from the first). */
  CHATS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Countries (ISO 3166 codes, comma-separated) whose numbers may get sign-in codes: against SMS pumping. */
  SMS_COUNTRIES: z
    .string()
    .default('RU')
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.every((c) => isSupportedCountry(c)), {
      message: 'укажите коды стран ISO через запятую, например RU или RU,KZ,BY',
    }),
  /**
   * Notification socket connects per client address per minute (`/ws/notifications/`); the sockets benchmark raises
   * it (all its clients are 127.0.0.1).
   */
  WS_CONNECTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_WS_CONNECTS_PER_MINUTE),
  /** Sign-in code sends per client address per 10 minutes (browser tests raise it: every page is 127.0.0.1). */
  SMS_IP_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Which proxies may set X-Forwarded-For (the client address used by per-IP limits): unset/`false` — none, the
   * socket address counts; `true` — any (only behind a proxy that overwrites the header); a number — that many
   * hops; otherwise addresses/CIDRs/`loopback`, comma-separated.
   */
  TRUST_PROXY: z.string().default('false'),
  SMSRU_API_ID: z.string().optional(),
  SMSRU_URL: httpUrlOr('https://sms.ru'),
  PAYMENT_PROVIDER: z.enum(['testgateway', 'yookassa']).optional(),
  YOOKASSA_SHOP_ID: z.string().optional(),
  YOOKASSA_SECRET_KEY: z.string().optional(),
  YOOKASSA_API_URL: httpUrlOr('https://api.yookassa.ru/v3'),
  /** Addresses and ranges YooKassa's notices may come from (comma- or space-separated; as `request.ip`). */
  YOOKASSA_NOTICE_IPS: z
    .string()
    .default(YOOKASSA_NOTICE_IPS_DEFAULT.join(','))
    .transform((v) => v.split(/[\s,]+/).filter(Boolean))
    .refine((list) => list.length > 0 && list.every((x) => parseRange(x)), {
      message: 'перечислите адреса или диапазоны через запятую, например 185.71.76.0/27,2a02:5180::/32',
    }),
  /** YooKassa notices a minute per sender address (429 past it). */
  YOOKASSA_NOTICES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  /** The test bank's webhook secret; unset → generated per installation and kept in the database. */
  TESTGATEWAY_SECRET: z.string().optional(),
  /** Where the test bank delivers its notices; unset → to this server in-process. */
  TESTGATEWAY_WEBHOOK_URL: httpUrl('http://127.0.0.1:3000/v1/payments/webhook/testgateway/'),
  /** 54-ФЗ receipts in YooKassa payments and refunds. */
  YOOKASSA_RECEIPTS: bool.default(false),
  /** The receipt's VAT code (YooKassa `vat_code`, 1–12; 1 = без НДС). */
  YOOKASSA_VAT_CODE: z.coerce.number().int().min(1).max(12).default(1),
  /** When set, `GET /metrics` in production answers only with `Authorization: Bearer <token>`; `''` — unset. */
  METRICS_TOKEN: z
    .string()
    .min(
      METRICS_TOKEN_MIN_LENGTH,
      `не короче ${METRICS_TOKEN_MIN_LENGTH} символов (например, openssl rand -hex 32), иначе токен метрик можно подобрать`,
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** YooKassa Payouts: the payouts agent's own id and secret key, and the API's base URL. */
  YOOKASSA_PAYOUT_AGENT_ID: z.string().optional(),
  YOOKASSA_PAYOUT_SECRET: z.string().optional(),
  YOOKASSA_PAYOUTS_URL: httpUrlOr('https://payouts.yookassa.ru/v3'),
  FEE_PERCENT: z.coerce.number().min(0).max(100).default(12),
  FEE_MIN_RUB: z.coerce.number().min(0).default(0),
  YANDEX_MAPS_API_KEY: z.string().optional(),
  /** Contact addresses shown on the FAQ and the vacancies; unset → no address is shown (never a placeholder). */
  SUPPORT_EMAIL: z.email({ error: 'SUPPORT_EMAIL: нужен адрес электронной почты' }).optional(),
  JOBS_EMAIL: z.email({ error: 'JOBS_EMAIL: нужен адрес электронной почты' }).optional(),
  /**
   * Phone numbers (comma-separated, any common notation) made staff at every sign-in: they decide disputes under
   * `/admin/disputes`. Unset — nobody is made staff by configuration.
   */
  STAFF_PHONES: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const out: string[] = [];
      for (const raw of v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)) {
        const p = parsePhone(raw);
        if (p) out.push(p.e164);
        else
          ctx.addIssue({
            code: 'custom',
            message: `«${raw.slice(0, 40)}» — не номер телефона; укажите номера через запятую, например +79991234567,+79997654321`,
          });
      }
      return [...new Set(out)];
    }),
  /** Where photos are kept: `local` — files under DATA_DIR/media; `s3` — an S3-compatible bucket (S3_*). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** The S3 API's address (MinIO, Yandex Object Storage…); unset — AWS by S3_REGION. */
  S3_ENDPOINT: httpUrl('http://minio:9000'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'имя бакета: 3–63 строчные латинские буквы, цифры, точки и дефисы')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** `bucket` in the path (`http://host/bucket/key`), as MinIO wants; unset — on when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /**
   * The key signing private photos' links (chat, claim and proof photos; decision 0150); the same on every process.
   * Unset — generated per installation and kept in the database.
   */
  MEDIA_URL_SECRET: z.string().min(32, 'не короче 32 символов').optional(),
  /**
   * Public base URL of the photos (the bucket's public address or a CDN): image URLs in answers point there; unset —
   * the app serves them at `/media/`.
   */
  MEDIA_PUBLIC_URL: httpUrl('https://cdn.example.ru/media'),
  /** Whole request (headers and body) must arrive within this, ms; a slow or endless body is closed. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** Request headers must arrive within this, ms. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** A connection silent this long is closed, ms (WebSockets are not affected: they ping every 30 s). */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** Overload: event-loop delay above this answers 503 with Retry-After, ms; 0 — off (default in tests). */
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Overload: heap in use above this answers 503, MB; unset — 90 % of the process's heap limit; 0 — off. */
  OVERLOAD_HEAP_MB: z.coerce.number().int().min(0).max(1_000_000).optional(),
  /** Overload: requests in progress in one process past which new ones get 503, count; 0 — no cap (default in tests). */
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).optional(),
  /** How often each process looks for due jobs, ms (architecture §6); 0 — only on demand (tests). */
  JOBS_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** How long each process reuses a public page or public JSON answer, ms (plugins/public-cache.ts); 0 — off. */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(5_000).default(3000),
  /** Sellers with at least this many listings with figures in a year get year-to-date statistics packs (stats/ytd.ts). */
  STATS_YTD_MIN_LISTINGS: z.coerce.number().int().min(1).max(1_000_000).default(100),
});

export type Env = z.infer<typeof envSchema>;

/** Per-user write limits: how many per hour. */
export interface UserLimits {
  listingCreatesPerHour: number;
  listingEditsPerHour: number;
  photosPerHour: number;
  /** Messenger: messages and offers per minute. */
  chatMessagesPerMinute: number;
  /** Messenger: new conversations per day. */
  chatsPerDay: number;
}
/** Per-user limits when the environment does not set them: sensible for a person selling their wardrobe. */
export const DEFAULT_USER_LIMITS: UserLimits = {
  listingCreatesPerHour: 30,
  listingEditsPerHour: 120,
  photosPerHour: 200,
  chatMessagesPerMinute: 30,
  chatsPerDay: 20,
};

/**
 * How many senders (client addresses, IPv6 /64s) together must not be able to use up a number's daily cap of wrong
 * tries with their shares (README «Подбор кода»): the default share is sized for it.
 */
export const LOCKOUT_SENDERS = 100;

/**
 * The default per-sender share of a number's daily cap: ⌊(perDay − 1) / {@link LOCKOUT_SENDERS}⌋ (at least 1),
 * so that 100 senders' shares leave the owner at least one try (9 of 999 for 6-digit codes: 900 < 999).
 */
export const defaultWrongTriesPerSender = (perDay: number) => Math.max(1, Math.floor((perDay - 1) / LOCKOUT_SENDERS));

/** Wrong code tries per number per day when SMS_WRONG_TRIES_PER_DAY is unset: 6-digit codes' {@link maxWrongTriesPerDay}. */
export const DEFAULT_WRONG_TRIES_PER_DAY = 999;
/** Wrong tries one code allows before it dies (the auth module's limit; here for the arithmetic below). */
export const TRIES_PER_CODE = 5;

/**
 * The most wrong tries per number per day that keep the chance of guessing its code within a day at most
 * 0.1 %: each guess hits with probability at most 1 / (10^digits − (TRIES_PER_CODE − 1)) (the code's earlier
 * wrong guesses are ruled out), so T guesses hit with probability at most T / (10^digits − 4) ≤ 0.001.
 */
export function maxWrongTriesPerDay(digits: number): number {
  return Math.floor((10 ** digits - (TRIES_PER_CODE - 1)) / 1000);
}
