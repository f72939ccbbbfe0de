/**
 * SMS providers (spec §1): how a one-time sign-in code reaches the phone.
 * - `console` — development only: logs a masked line and writes the message to the `sms_outbox` table, read
 *   through `GET /v1/dev/sms-outbox/`. The config refuses it in production.
 * - `smsru` — the SMS.ru HTTP API (`/sms/send?api_id=&to=&msg=&json=1`).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ApiError } from '../../lib/errors.js';
import { smsOutbox } from '../../db/schema/index.js';

/** One outgoing SMS. `code` is only kept by the development outbox. */
export interface SmsMessage {
  /** E.164 number, e.g. `+79991234567`. */
  phone: string;
  text: string;
  code: string;
}

export interface SmsProvider {
  readonly name: 'console' | 'smsru';
  /**
   * Sends one message.
   * @throws ApiError 503 with a Russian detail when the gateway fails
   */
  send(message: SmsMessage): Promise<void>;
}

/**
 * `+79991234567` → `+7***4567`: the only form of a phone number that may appear in logs. The country's first digit
 * and the last four (enough to tell a support request's number apart), not the operator's code: seven of ten digits
 * would leave a thousand numbers to try.
 */
export function maskPhone(phone: string): string {
  if (phone.length < 8) return '***';
  return `${phone.slice(0, 2)}***${phone.slice(-4)}`;
}

/** 503 answered when the SMS gateway cannot deliver. */
export const smsUnavailable = () =>
  new ApiError(503, { detail: 'Не удалось отправить SMS. Попробуйте ещё раз через несколько минут.' });

/** The development provider: a masked log line plus a row in `sms_outbox`. */
export function consoleSmsProvider(deps: { db: Db; clock: Clock; log: FastifyBaseLogger }): SmsProvider {
  return {
    name: 'console',
    async send(message) {
      await deps.db.insert(smsOutbox).values({
        phone: message.phone,
        text: message.text,
        code: message.code,
        sentAt: deps.clock.now(),
      });
      deps.log.info({ to: maskPhone(message.phone) }, 'SMS (console): код записан в /v1/dev/sms-outbox/');
    },
  };
}

/**
 * The SMS.ru adapter: `GET <baseUrl>/sms/send?api_id=…&to=<digits>&msg=…&json=1`. Success is
 * `{status: 'OK', sms: {<to>: {status: 'OK'}}}`; anything else (HTTP error, `status: 'ERROR'`, a per-number
 * error, timeout, network failure) is a 503.
 * @param opts.baseUrl e.g. `https://sms.ru` (tests point it at a local fake)
 * @param opts.timeoutMs request timeout, 10 s by default
 */
export function smsRuProvider(opts: {
  baseUrl: string;
  apiId: string;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}): SmsProvider {
  return {
    name: 'smsru',
    async send(message) {
      const to = message.phone.replace(/^\+/, '');
      const url = new URL('/sms/send', opts.baseUrl);
      url.searchParams.set('api_id', opts.apiId);
      url.searchParams.set('to', to);
      url.searchParams.set('msg', message.text);
      url.searchParams.set('json', '1');
      let body: unknown;
      try {
        const res = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
        if (!res.ok) {
          opts.log.warn({ to: maskPhone(message.phone), httpStatus: res.status }, 'SMS.ru: HTTP error');
          throw smsUnavailable();
        }
        body = await res.json();
      } catch (err) {
        if (err instanceof ApiError) throw err;
        opts.log.warn({ to: maskPhone(message.phone), err: (err as Error).name }, 'SMS.ru: request failed');
        throw smsUnavailable();
      }
      const b = body as {
        status?: string;
        status_code?: number;
        status_text?: string;
        sms?: Record<string, { status?: string; status_text?: string }>;
      };
      const perNumber = b?.sms?.[to];
      if (b?.status !== 'OK' || (perNumber && perNumber.status !== 'OK')) {
        opts.log.warn(
          {
            to: maskPhone(message.phone),
            status: b?.status,
            statusCode: b?.status_code,
            text: perNumber?.status_text ?? b?.status_text,
          },
          'SMS.ru: rejected',
        );
        throw smsUnavailable();
      }
      opts.log.info({ to: maskPhone(message.phone) }, 'SMS.ru: sent');
    },
  };
}

/** The provider chosen by `config.sms.provider`. */
export function createSmsProvider(deps: { config: Config; db: Db; clock: Clock; log: FastifyBaseLogger }): SmsProvider {
  if (deps.config.sms.provider === 'smsru') {
    return smsRuProvider({ baseUrl: deps.config.sms.smsruUrl, apiId: deps.config.sms.smsruApiId ?? '', log: deps.log });
  }
  return consoleSmsProvider(deps);
}
