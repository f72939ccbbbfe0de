/**
 * The cover photo staff gave a journal post or a job opening (the media pipeline's WebP srcset), 16:9, cropped to
 * fill; nothing when there is none.
 */
import type { Image } from '@vitrina/contract/common';
import { ProductImage } from '../../shared/ui/product-image';
import classes from './entry-cover.module.css';

/**
 * @param sizes the `sizes` attribute: how wide the cover is shown
 * @param priority the page's likely largest paint (the post's own page): fetched at once
 */
export function EntryCover({
  cover,
  sizes,
  priority = false,
}: {
  cover: Image | null;
  sizes: string;
  priority?: boolean;
}) {
  if (!cover) return null;
  return <ProductImage image={cover} alt="" sizes={sizes} priority={priority} className={classes.cover} />;
}
