/**
 * A responsive listing photo: WebP srcset (320/640/1280) with `sizes`, its width and height (no layout shift),
 * lazy by default; `priority` for the page's likely largest paint.
 */
import type { Image } from '@vitrina/contract/common';
import type { CSSProperties } from 'react';

/**
 * What of an API image the photo uses; `srcset` may be left out when it is the one {@link derivedSrcset} gives
 * (a listing card's data, product-card.tsx `cardData`).
 */
export type ShownImage = Pick<Image, 'url' | 'width' | 'height'> & { srcset?: string };

export interface ProductImageProps {
  image: ShownImage | null | undefined;
  alt: string;
  /** The `sizes` attribute; defaults to the card widths of the 2/3/4/5-column grid. */
  sizes?: string;
  /** `eager` for above-the-fold images (first row, product main photo). */
  loading?: 'lazy' | 'eager';
  /** The first product photo and the first row of cards: fetched at once with high priority (never lazy). */
  priority?: boolean;
  style?: CSSProperties;
  className?: string;
}

/** The widths the media storage keeps of a listing photo (the API's `MEDIA_WIDTHS`); `url` is the middle one. */
const PHOTO_WIDTHS = [320, 640, 1280] as const;
const URL_WIDTH = `/${PHOTO_WIDTHS[1]}.webp`;

/**
 * The `srcset` the API gives a public photo of this `url` (`…/640.webp`) and full `width`: each stored width's URL
 * with its real width (never above the photo's own; a width listed once), as the API's media module builds it.
 * A card's data leaves `srcset` out when it is exactly this (product-card.tsx `cardData`): a third of a card's bytes.
 * @returns null when `url` is not of that shape (a signed or foreign URL): then the data keeps its `srcset`
 */
export function derivedSrcset(url: string, width: number): string | null {
  if (!url.endsWith(URL_WIDTH) || !(width > 0)) return null;
  const at = url.slice(0, -URL_WIDTH.length);
  const seen = new Set<number>();
  const parts: string[] = [];
  for (const w of PHOTO_WIDTHS) {
    const real = Math.min(w, width);
    if (seen.has(real)) continue;
    seen.add(real);
    parts.push(`${at}/${w}.webp ${real}w`);
  }
  return parts.join(', ');
}

/** Card widths of the product grid at 360/768/1024/1440 px. */
export const GRID_SIZES = '(min-width: 1440px) 250px, (min-width: 1024px) 24vw, (min-width: 768px) 31vw, 48vw';

export function ProductImage({
  image,
  alt,
  sizes = GRID_SIZES,
  loading = 'lazy',
  priority = false,
  style,
  className,
}: ProductImageProps) {
  if (!image) return null;
  const srcset = image.srcset ?? derivedSrcset(image.url, image.width);
  return (
    <img
      src={image.url}
      srcSet={srcset || undefined}
      sizes={srcset ? sizes : undefined}
      width={image.width || undefined}
      height={image.height || undefined}
      alt={alt}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
      style={style}
      className={className}
    />
  );
}
