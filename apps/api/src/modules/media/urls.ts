/**
 * Public URLs of stored images: `/media/<key>/<w>.webp` (served by the app from the media storage, so any
 * process serves what any other stored) or, with `MEDIA_PUBLIC_URL`, `<MEDIA_PUBLIC_URL>/<key>/<w>.webp` (the
 * bucket's public address or a CDN).
 */
import { MEDIA_WIDTHS } from './service.js';

let base = '/media';

/**
 * Sets where image URLs point, for the whole process (one installation a process; `buildApp` calls it with
 * `config.mediaPublicUrl`).
 * @param publicUrl `MEDIA_PUBLIC_URL` without a trailing slash; undefined — the app's own `/media`
 */
export function setMediaPublicUrl(publicUrl: string | undefined): void {
  base = publicUrl ?? '/media';
}

/**
 * Public URLs of a stored image: `url` (640 px), `url_large` (1280 px), `srcset` for `<img srcset>`.
 * @param fullWidth the real width of the largest variant, px, when known: variants are never enlarged, so a
 *   1200 px photo's `1280.webp` is 1200 px wide and `srcset` must say `1200w` (variants that came out the
 *   same width are listed once)
 */
export function imageUrls(key: string, widths: readonly number[] = MEDIA_WIDTHS, fullWidth?: number) {
  return imageUrlsAt(base, key, widths, fullWidth, '');
}

/**
 * {@link imageUrls} under another base, each URL ending with `query` (private photos' signed links).
 * @param query `''` or `?…`
 */
export function imageUrlsAt(
  at: string,
  key: string,
  widths: readonly number[],
  fullWidth: number | undefined,
  query: string,
) {
  const u = (w: number) => `${at}/${key}/${w}.webp${query}`;
  const real = (w: number) => (fullWidth && fullWidth > 0 ? Math.min(w, fullWidth) : w);
  const seen = new Set<number>();
  const srcset = widths
    .filter((w) => !seen.has(real(w)) && seen.add(real(w)))
    .map((w) => `${u(w)} ${real(w)}w`)
    .join(', ');
  return {
    url: u(widths[Math.min(1, widths.length - 1)]!),
    url_small: u(widths[0]!),
    url_large: u(widths[widths.length - 1]!),
    srcset,
  };
}
