/**
 * The gallery's full-screen zoom: one photo, «n / total», arrows and arrow keys. A chunk of its own,
 * downloaded when the pointer or focus reaches the gallery, or on the first click.
 */
import { ActionIcon, Group, Modal } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { Image } from '@vitrina/contract/common';
import classes from './gallery.module.css';

export interface GalleryZoomProps {
  photos: Image[];
  title: string;
  /** The photo shown, or null when closed. */
  index: number | null;
  onClose: () => void;
  /** Moves by `d` photos (±1), wrapping around. */
  onStep: (d: number) => void;
}

export default function GalleryZoom({ photos, title, index, onClose, onStep }: GalleryZoomProps) {
  return (
    <Modal
      opened={index !== null}
      onClose={onClose}
      fullScreen
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
      title={index !== null ? `${index + 1} / ${photos.length}` : ''}
      transitionProps={{ duration: 120 }}
    >
      {index !== null && (
        <div
          className={classes.zoom}
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') onStep(1);
            if (e.key === 'ArrowLeft') onStep(-1);
          }}
        >
          <img src={photos[index]!.url_large} alt={`${title} — фото ${index + 1}`} />
        </div>
      )}
      {photos.length > 1 && (
        <Group justify="center" gap="md">
          <ActionIcon variant="default" size="lg" onClick={() => onStep(-1)} aria-label="Предыдущее фото">
            <IconChevronLeft size={20} />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" onClick={() => onStep(1)} aria-label="Следующее фото">
            <IconChevronRight size={20} />
          </ActionIcon>
        </Group>
      )}
    </Modal>
  );
}
