/**
 * The shape of the server's configuration (`Config`), which `loadConfig` (config.ts) builds from the environment
 * and tests build by hand; config.ts re-exports these types.
 */
import type { Env, UserLimits } from './config-env.js';

/** The server's configuration, derived from the environment. */
export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** Absolute path of the data directory (PGlite files under `db/`, media under `media/`). */
  dataDir: string;
  /** PostgreSQL URL; undefined → embedded PGlite in `dataDir/db`. */
  databaseUrl?: string;
  publicApiUrl: string;
  publicUrl: string;
  /**
   * In development (`NODE_ENV=development`) with `PUBLIC_URL` unset: links written into redirects and texts (the test
   * bank's return, SMS) follow the origin the page was opened at (lib/public-origin.ts), not `publicUrl`. Optional
   * (off) for hand-made configs.
   */
  followRequestOrigin?: boolean;
  /** undefined → seed when the database is empty outside production. */
  seedDemo?: boolean;
  seedProducts: number;
  logLevel: Env['LOG_LEVEL'];
  /** Request, header and idle-connection timeouts, ms; optional for hand-made configs (the defaults above). */
  timeouts?: { requestMs: number; headersMs: number; connectionMs: number };
  /** Overload thresholds (`@fastify/under-pressure`); 0 — that check is off; absent — both off. */
  overload?: { eventLoopDelayMs: number; heapMb?: number; maxInFlight?: number };
  /** Job worker poll interval, ms; 0 disables polling. */
  jobsPollMs: number;
  /** Micro-cache lifetime of public answers, ms (`PUBLIC_CACHE_MS`); absent or 0 — off. */
  publicCacheMs?: number;
  /** `STATS_YTD_MIN_LISTINGS`; optional for hand-made configs (100 when absent). */
  statsYtdMinListings?: number;
  /** `WS_CONNECTS_PER_MINUTE`; optional for hand-made configs ({@link DEFAULT_WS_CONNECTS_PER_MINUTE} when absent). */
  wsConnectsPerMinute?: number;
  /** Fastify `trustProxy` from `TRUST_PROXY`; optional for hand-made configs (false when absent). */
  trustProxy?: boolean | string[] | ((address: string, hop: number) => boolean);
  sms: {
    provider: 'console' | 'smsru';
    codeLength: number;
    smsruApiId?: string;
    smsruUrl: string;
    ipLimit: number;
    /** Countries (ISO codes) whose numbers may get codes; optional for hand-made configs (`['RU']` when absent). */
    countries?: string[];
    /** Wrong code tries per number per 24 hours; optional for hand-made configs ({@link DEFAULT_WRONG_TRIES_PER_DAY}). */
    wrongTriesPerDay?: number;
    /** Wrong tries per (client address, number) per 24 hours; optional (a fifth of `wrongTriesPerDay`). */
    wrongTriesPerSender?: number;
    /** Wrong tries per client address over all numbers per 24 hours; optional (100). */
    wrongTriesPerIp?: number;
  };
  /**
   * Per-user write limits per hour, counted in PostgreSQL (`rate_limits`); optional for hand-made
   * configs ({@link DEFAULT_USER_LIMITS}).
   */
  userLimits?: UserLimits;
  payments: {
    provider: 'testgateway' | 'yookassa';
    /**
     * The test bank's webhook secret (HMAC-SHA256). `''` in a freshly loaded config when `TESTGATEWAY_SECRET` is
     * unset: `buildApp` fills in the installation's own (lib/installation-settings.ts), so `app.config` has it.
     */
    testgatewaySecret: string;
    /** Where the test bank delivers its notices (undefined: in-process to this app). */
    testgatewayWebhookUrl?: string;
    yookassa: {
      shopId?: string;
      secretKey?: string;
      apiUrl: string;
      /** 54-ФЗ receipts on payments and refunds; optional for hand-made configs (off). */
      receipts?: boolean;
      /** The receipts' `vat_code` (default 1). */
      vatCode?: number;
      /**
       * Addresses and ranges notices are accepted from (`YOOKASSA_NOTICE_IPS`; optional for hand-made configs:
       * YooKassa's published ranges).
       */
      noticeIps?: string[];
      /** Notices a minute per sender address (`YOOKASSA_NOTICES_PER_MINUTE`; default 600). */
      noticesPerMinute?: number;
    };
    /** YooKassa Payouts: a separate agent id and secret key (optional for hand-made configs). */
    yookassaPayouts?: { agentId?: string; secretKey?: string; apiUrl: string };
  };
  /** Commission: percent of the order total and a minimum in rubles. */
  fee: { percent: number; minRub: number };
  /** `METRICS_TOKEN`: the bearer token `GET /metrics` wants in production (unset there → 404). */
  metricsToken?: string;
  yandexMapsApiKey?: string;
  /** `SUPPORT_EMAIL`, `JOBS_EMAIL`: the shop's contact addresses (unset → not shown). */
  contacts: { support?: string; jobs?: string };
  /** `STAFF_PHONES` in E.164: made staff at every sign-in; optional for hand-made configs (nobody). */
  staffPhones?: string[];
  /** Local photo directory (`DATA_DIR/media`): where `STORAGE=local` keeps them. */
  mediaDir: string;
  /** Where photos are kept (`STORAGE`); optional for hand-made configs (local files under `mediaDir`). */
  storage?: StorageConfig;
  /** `MEDIA_PUBLIC_URL` without a trailing slash: image URLs point there instead of `/media/`. */
  mediaPublicUrl?: string;
  /**
   * The key of private photos' signed links (`MEDIA_URL_SECRET`, decision 0150). Unset: `buildApp` fills in the
   * installation's own (lib/installation-settings.ts), so `app.config` has it.
   */
  mediaUrlSecret?: string;
}

/** The S3-compatible bucket of `STORAGE=s3`. */
export interface S3Settings {
  /** API address; undefined — AWS by region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key`. */
  forcePathStyle: boolean;
}

/** `STORAGE`: local files, or an S3-compatible bucket. */
export type StorageConfig = { provider: 'local' } | { provider: 's3'; s3: S3Settings };
