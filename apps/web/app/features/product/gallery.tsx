/**
 * Product photo gallery: a scroll-snap strip (swipe on phones, dots), thumbnails on wider screens, and
 * a full-screen zoom modal on click with arrow-key navigation (a chunk of its own, see gallery-zoom.tsx).
 */
import type { Image } from '@vitrina/contract/common';
import { useRef, useState } from 'react';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { ProductImage } from '../../shared/ui/product-image';
import classes from './gallery.module.css';

const GalleryZoom = lazyWithReload(() => import('./gallery-zoom'));
const preloadZoom = () => void GalleryZoom.preload();

const MAIN_SIZES = '(min-width: 1024px) 600px, (min-width: 768px) 50vw, 100vw';

export function Gallery({ photos, title }: { photos: Image[]; title: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [zoom, setZoom] = useState<number | null>(null);
  // Mounted from the first opening on, so the modal can play its closing transition.
  const [zoomUsed, setZoomUsed] = useState(false);
  const openZoom = (i: number) => {
    setZoomUsed(true);
    setZoom(i);
  };

  const scrollTo = (i: number) => {
    const el = strip.current;
    if (el) el.scrollTo({ left: i * el.clientWidth, behavior: 'smooth' });
    setActive(i);
  };
  const onScroll = () => {
    const el = strip.current;
    if (el && el.clientWidth) setActive(Math.round(el.scrollLeft / el.clientWidth));
  };

  if (!photos.length) {
    return (
      <div className={classes.strip} style={{ aspectRatio: '4 / 5', alignItems: 'center', justifyContent: 'center' }}>
        <p className={classes.noPhoto}>Нет фото</p>
      </div>
    );
  }

  const step = (d: number) => setZoom((z) => (z === null ? z : (z + d + photos.length) % photos.length));

  return (
    <div className={classes.wrap} onPointerEnter={preloadZoom} onFocus={preloadZoom} onTouchStart={preloadZoom}>
      <div style={{ position: 'relative' }}>
        <div className={classes.strip} ref={strip} onScroll={onScroll} aria-label="Фотографии товара" role="region">
          {photos.map((p, i) => (
            <button
              key={p.url}
              type="button"
              className={classes.slide}
              onClick={() => openZoom(i)}
              aria-label={`Увеличить фото ${i + 1} из ${photos.length}`}
            >
              <ProductImage image={p} alt={`${title} — фото ${i + 1}`} sizes={MAIN_SIZES} priority={i === 0} />
            </button>
          ))}
        </div>
        {photos.length > 1 && (
          <div className={classes.dots} aria-hidden>
            {photos.map((p, i) => (
              <span key={p.url} className={`${classes.dot} ${i === active ? classes.dotActive : ''}`} />
            ))}
          </div>
        )}
      </div>
      {photos.length > 1 && (
        <div className={classes.thumbs}>
          {photos.map((p, i) => (
            <button
              key={p.url}
              type="button"
              className={`${classes.thumb} ${i === active ? classes.thumbActive : ''}`}
              onClick={() => scrollTo(i)}
              aria-label={`Фото ${i + 1}`}
              aria-current={i === active}
            >
              <img src={p.url_small} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      )}
      {zoomUsed && (
        <LazyPart>
          <GalleryZoom photos={photos} title={title} index={zoom} onClose={() => setZoom(null)} onStep={step} />
        </LazyPart>
      )}
    </div>
  );
}
