/**
 * `<FavoritesFirstPaint />`: the first-paint script of the hearts (first-paint-script.ts) with the render's nonce.
 * Render it before the page's content. The server writes its text; the browser keeps it as it is while hydrating.
 */
import { useNonce } from '../../shared/lib/nonce';
import { FIRST_PAINT_SCRIPT } from './first-paint-script';

export function FavoritesFirstPaint() {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? FIRST_PAINT_SCRIPT : '' }}
    />
  );
}
