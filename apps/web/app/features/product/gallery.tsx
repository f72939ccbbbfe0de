/**
 * Product photo gallery: a scroll-snap strip (swipe on phones, dots), thumbnails on wider screens, and
 * a full-screen zoom modal on click with arrow-key navigation.
 */
import { ActionIcon, Group, Modal, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { Image } from '@vitrina/contract/common';
import { useRef, useState } from 'react';
import { ProductImage } from '../../shared/ui/product-image';
import classes from './gallery.module.css';

const MAIN_SIZES = '(min-width: 1024px) 600px, (min-width: 768px) 50vw, 100vw';

export function Gallery({ photos, title }: { photos: Image[]; title: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [zoom, setZoom] = useState<number | null>(null);

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
        <Text c="dimmed">Нет фото</Text>
      </div>
    );
  }

  const step = (d: number) => setZoom((z) => (z === null ? z : (z + d + photos.length) % photos.length));

  return (
    <div className={classes.wrap}>
      <div style={{ position: 'relative' }}>
        <div className={classes.strip} ref={strip} onScroll={onScroll} aria-label="Фотографии товара" role="region">
          {photos.map((p, i) => (
            <button
              key={p.url}
              type="button"
              className={classes.slide}
              onClick={() => setZoom(i)}
              aria-label={`Увеличить фото ${i + 1} из ${photos.length}`}
            >
              <ProductImage
                image={p}
                alt={`${title} — фото ${i + 1}`}
                sizes={MAIN_SIZES}
                loading={i === 0 ? 'eager' : 'lazy'}
              />
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
      <Modal
        opened={zoom !== null}
        onClose={() => setZoom(null)}
        fullScreen
        title={zoom !== null ? `${zoom + 1} / ${photos.length}` : ''}
        transitionProps={{ duration: 120 }}
      >
        {zoom !== null && (
          <div
            className={classes.zoom}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') step(1);
              if (e.key === 'ArrowLeft') step(-1);
            }}
          >
            <img src={photos[zoom]!.url_large} alt={`${title} — фото ${zoom + 1}`} />
          </div>
        )}
        {photos.length > 1 && (
          <Group justify="center" gap="md">
            <ActionIcon variant="default" size="lg" onClick={() => step(-1)} aria-label="Предыдущее фото">
              <IconChevronLeft size={20} />
            </ActionIcon>
            <ActionIcon variant="default" size="lg" onClick={() => step(1)} aria-label="Следующее фото">
              <IconChevronRight size={20} />
            </ActionIcon>
          </Group>
        )}
      </Modal>
    </div>
  );
}
