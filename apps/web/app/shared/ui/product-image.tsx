/**
 * A responsive listing photo: WebP srcset (320/640/1280) with `sizes`, its width and height (no layout shift),
 * lazy by default; `priority` for the page's likely largest paint.
 */
import type { Image } from '@vitrina/contract/common';
import type { CSSProperties } from 'react';

/** What of an API image the photo uses. */
export type ShownImage = Pick<Image, 'url' | 'srcset' | 'width' | 'height'>;

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
  return (
    <img
      src={image.url}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? sizes : undefined}
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
