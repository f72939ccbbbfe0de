/**
 * Private photos (decision 0150): chat photos (`m/…`, the two participants), claim photos (`d/…`, the order's two
 * sides and staff) and proofs of authenticity (`v/…`, the listing's owner and staff). They are stored apart from
 * public ones (`app.privateStorage`, the `private/` prefix of the media storage) and never served by the public
 * `/media/<key>/…`. Whoever may read a claim, a message or a proof gets, with it, links that work for an hour:
 * `/media/private/<key>/<w>.webp?exp=<unix s>&sig=<HMAC-SHA256 of key and exp, base64url>` — keyed by
 * `config.mediaUrlSecret` (the same on every process), the time from the app's clock.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { MediaStorage } from '../../providers/storage/index.js';
import { imageUrlsAt } from './urls.js';
import { MEDIA_WIDTHS } from './service.js';

/** Kind letters of private images: `m` chat photos, `d` claim photos, `v` proofs of authenticity. */
export const PRIVATE_KINDS = ['m', 'd', 'v'] as const;
/** True for the key (or key path) of a private image. */
export const isPrivateKey = (key: string) => PRIVATE_KEY.test(key);
const PRIVATE_KEY = new RegExp(`^[${PRIVATE_KINDS.join('')}]/`);

/** The storage an image's key lives in: `app.privateStorage` for a private kind, `app.storage` otherwise. */
export const storageOfKey = (app: FastifyInstance, key: string): MediaStorage =>
  isPrivateKey(key) ? app.privateStorage : app.storage;

/** How long a link works at least, s (an hour: a page open longer refetches its data — decision 0150). */
export const PRIVATE_LINK_TTL_S = 3600;
/**
 * Expiry times are rounded up to this step, s: links given within the same ten minutes are the same, so a refetched
 * page does not load its photos again (a link works from 60 to 70 minutes).
 */
export const PRIVATE_LINK_STEP_S = 600;

/** The signature of `key` until `exp` (unix seconds). */
function signature(secret: string, key: string, exp: number): string {
  return createHmac('sha256', secret).update(`${key}\n${exp}`).digest('base64url');
}

/** Signs private photos' links at the app's time (`app.privateMedia`). */
export interface PrivateMediaLinks {
  /**
   * Signed URLs of a private image, shaped as public ones (`url` 640 px, `url_small`, `url_large`, `srcset`).
   * @param fullWidth the largest variant's real width, px, when known (see `imageUrls`)
   */
  image(
    key: string,
    widths?: readonly number[],
    fullWidth?: number,
  ): { url: string; url_small: string; url_large: string; srcset: string };
  /**
   * Checks a link's `exp` and `sig` for `key` at the app's time.
   * @returns `ok` with the seconds it still works, `expired`, or `invalid` (no, malformed or wrong signature)
   */
  check(
    key: string,
    exp: unknown,
    sig: unknown,
  ): { ok: true; leftS: number } | { ok: false; why: 'expired' | 'invalid' };
}

/**
 * The signer of one installation.
 * @param secret `config.mediaUrlSecret`
 * @param clock the app's clock
 */
export function privateMediaLinks(secret: string, clock: Clock): PrivateMediaLinks {
  const nowS = () => Math.floor(clock.now().getTime() / 1000);
  return {
    image(key, widths = MEDIA_WIDTHS, fullWidth) {
      const exp = Math.ceil((nowS() + PRIVATE_LINK_TTL_S) / PRIVATE_LINK_STEP_S) * PRIVATE_LINK_STEP_S;
      const query = `?exp=${exp}&sig=${signature(secret, key, exp)}`;
      return imageUrlsAt('/media/private', key, widths, fullWidth, query);
    },
    check(key, exp, sig) {
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp))
        return { ok: false, why: 'invalid' };
      const want = Buffer.from(signature(secret, key, Number(exp)));
      const got = Buffer.from(sig);
      if (got.length !== want.length || !timingSafeEqual(got, want)) return { ok: false, why: 'invalid' };
      const leftS = Number(exp) - nowS();
      return leftS > 0 ? { ok: true, leftS } : { ok: false, why: 'expired' };
    },
  };
}
