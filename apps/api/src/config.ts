/**
 * Environment → typed, validated configuration (zod). A bad value stops the server at start with a
 * list of what is wrong. See README «Настройка» for every variable; the schema and the limits' arithmetic are in
 * config-env.ts.
 */
import path from 'node:path';
import {
  DEFAULT_WRONG_TRIES_PER_DAY,
  MAX_IN_FLIGHT_DEFAULT,
  defaultWrongTriesPerSender,
  envSchema,
  maxWrongTriesPerDay,
  type Env,
} from './config-env.js';
import type { Config, StorageConfig } from './config-types.js';

export type { Config, S3Settings, StorageConfig } from './config-types.js';
export {
  DEFAULT_USER_LIMITS,
  DEFAULT_WRONG_TRIES_PER_DAY,
  DEFAULT_WS_CONNECTS_PER_MINUTE,
  MAX_IN_FLIGHT_DEFAULT,
  TRIES_PER_CODE,
  YOOKASSA_NOTICE_IPS_DEFAULT,
  defaultWrongTriesPerSender,
  maxWrongTriesPerDay,
  type Env,
  type UserLimits,
} from './config-env.js';

/** Raised for an invalid environment; `issues` lists each bad variable in Russian. */
export class ConfigError extends Error {
  constructor(public issues: string[]) {
    super(`Неверная конфигурация:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
  }
}

/**
 * Reads and validates the environment.
 * @param env usually `process.env`
 * @returns the typed config
 * @throws ConfigError when a variable is invalid or a dev-only provider is chosen in production
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const smsProvider = e.SMS_PROVIDER ?? (isProduction ? 'smsru' : 'console');
  const paymentProvider = e.PAYMENT_PROVIDER ?? (isProduction ? 'yookassa' : 'testgateway');
  const problems: string[] = [];
  if (isProduction && smsProvider === 'console') {
    problems.push('SMS_PROVIDER: провайдер console только для разработки, в production укажите smsru');
  }
  if (isProduction && paymentProvider === 'testgateway') {
    problems.push('PAYMENT_PROVIDER: тестовый шлюз только для разработки, в production укажите yookassa');
  }
  if (isProduction && !e.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL: в production обязателен — адрес магазина для ссылок, возврата из банка и SMS, например https://vitrina.ru',
    );
  }
  if (smsProvider === 'smsru' && !e.SMSRU_API_ID) problems.push('SMSRU_API_ID: обязателен для SMS_PROVIDER=smsru');
  if (paymentProvider === 'yookassa' && (!e.YOOKASSA_SHOP_ID || !e.YOOKASSA_SECRET_KEY)) {
    problems.push('YOOKASSA_SHOP_ID и YOOKASSA_SECRET_KEY: обязательны для PAYMENT_PROVIDER=yookassa');
  }
  const maxTries = maxWrongTriesPerDay(e.SMS_CODE_LENGTH);
  const wrongTriesPerDay = e.SMS_WRONG_TRIES_PER_DAY ?? Math.min(DEFAULT_WRONG_TRIES_PER_DAY, maxTries);
  if (wrongTriesPerDay > maxTries) {
    problems.push(
      `SMS_WRONG_TRIES_PER_DAY: при коде из ${e.SMS_CODE_LENGTH} цифр не больше ${maxTries}, иначе код можно подобрать за сутки с вероятностью выше 0,1 %`,
    );
  }
  const wrongTriesPerSender = e.SMS_WRONG_TRIES_PER_SENDER ?? defaultWrongTriesPerSender(wrongTriesPerDay);
  if (wrongTriesPerSender > wrongTriesPerDay) {
    problems.push(
      `SMS_WRONG_TRIES_PER_SENDER: не больше SMS_WRONG_TRIES_PER_DAY (${wrongTriesPerDay}), иначе один отправитель может заблокировать вход владельцу номера`,
    );
  }
  const storage = storageConfig(e, problems);
  if (problems.length) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    // Development answers anyone's sign-in codes (/v1/dev/): only this machine hears it unless HOST says otherwise.
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicApiUrl: e.PUBLIC_API_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    followRequestOrigin: e.NODE_ENV === 'development' && !e.PUBLIC_URL,
    seedDemo: e.SEED_DEMO,
    seedProducts: e.SEED_PRODUCTS,
    logLevel: e.LOG_LEVEL,
    jobsPollMs: e.JOBS_POLL_MS,
    publicCacheMs: e.PUBLIC_CACHE_MS,
    statsYtdMinListings: e.STATS_YTD_MIN_LISTINGS,
    wsConnectsPerMinute: e.WS_CONNECTS_PER_MINUTE,
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      headersMs: e.HEADERS_TIMEOUT_MS,
      connectionMs: e.CONNECTION_TIMEOUT_MS,
    },
    overload: {
      eventLoopDelayMs: e.OVERLOAD_EVENT_LOOP_DELAY_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
      heapMb: e.OVERLOAD_HEAP_MB ?? (e.NODE_ENV === 'test' ? 0 : undefined),
      maxInFlight: e.OVERLOAD_MAX_IN_FLIGHT ?? (e.NODE_ENV === 'test' ? 0 : MAX_IN_FLIGHT_DEFAULT),
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sms: {
      provider: smsProvider,
      codeLength: e.SMS_CODE_LENGTH,
      smsruApiId: e.SMSRU_API_ID,
      smsruUrl: e.SMSRU_URL,
      ipLimit: e.SMS_IP_LIMIT,
      wrongTriesPerDay,
      wrongTriesPerSender,
      wrongTriesPerIp: e.SMS_WRONG_TRIES_PER_IP,
      countries: e.SMS_COUNTRIES,
    },
    userLimits: {
      listingCreatesPerHour: e.LISTING_CREATES_PER_HOUR,
      listingEditsPerHour: e.LISTING_EDITS_PER_HOUR,
      photosPerHour: e.PHOTOS_PER_HOUR,
      chatMessagesPerMinute: e.CHAT_MESSAGES_PER_MINUTE,
      chatsPerDay: e.CHATS_PER_DAY,
    },
    payments: {
      provider: paymentProvider,
      testgatewaySecret: e.TESTGATEWAY_SECRET ?? '',
      testgatewayWebhookUrl: e.TESTGATEWAY_WEBHOOK_URL,
      yookassa: {
        shopId: e.YOOKASSA_SHOP_ID,
        secretKey: e.YOOKASSA_SECRET_KEY,
        apiUrl: e.YOOKASSA_API_URL,
        receipts: e.YOOKASSA_RECEIPTS,
        vatCode: e.YOOKASSA_VAT_CODE,
        noticeIps: e.YOOKASSA_NOTICE_IPS,
        noticesPerMinute: e.YOOKASSA_NOTICES_PER_MINUTE,
      },
      yookassaPayouts: {
        agentId: e.YOOKASSA_PAYOUT_AGENT_ID,
        secretKey: e.YOOKASSA_PAYOUT_SECRET,
        apiUrl: e.YOOKASSA_PAYOUTS_URL,
      },
    },
    fee: { percent: e.FEE_PERCENT, minRub: e.FEE_MIN_RUB },
    metricsToken: e.METRICS_TOKEN,
    yandexMapsApiKey: e.YANDEX_MAPS_API_KEY,
    contacts: { support: e.SUPPORT_EMAIL, jobs: e.JOBS_EMAIL },
    staffPhones: e.STAFF_PHONES,
    mediaDir: path.join(dataDir, 'media'),
    storage,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    mediaUrlSecret: e.MEDIA_URL_SECRET,
  };
}

/** `STORAGE` and `S3_*` → the storage settings; what is missing for `s3` goes to `problems`, naming the variable. */
function storageConfig(e: Env, problems: string[]): StorageConfig {
  if (e.STORAGE === 'local') return { provider: 'local' };
  const required = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  for (const name of required) if (!e[name]) problems.push(`${name}: обязателен для STORAGE=s3`);
  return {
    provider: 's3',
    s3: {
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET ?? '',
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
    },
  };
}

/**
 * `TRUST_PROXY` → Fastify `trustProxy`. Forged `X-Forwarded-For` headers must not move a client past the
 * per-IP limits, so nothing is trusted unless configured.
 * @returns false (`''`, `false`, `0`, `no`), true, a hop-count predicate (trust the nearest N hops), or a list of
 *   addresses/CIDRs
 */
export function parseTrustProxy(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  const v = value.trim().toLowerCase();
  if (['', 'false', 'no', 'off', '0'].includes(v)) return false;
  if (['true', 'yes', 'on'].includes(v)) return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
