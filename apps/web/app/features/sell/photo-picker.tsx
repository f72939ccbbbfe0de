/**
 * Photos of the sell form: drag-and-drop or picker (a file input inside a label that takes dropped files: no
 * dropzone library, whose current versions want Node 22), previews in order, the first is
 * the cover; reorder by «←/→» buttons or by dragging a tile onto another; remove. Up to 10 photos. Touch
 * screens are asked to tap («Нажмите, чтобы добавить фото»), never to drag.
 */
import { ActionIcon, Badge, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { LISTING_LIMITS } from '@vitrina/contract/products';
import { useState, type DragEvent } from 'react';
import { sortImageFiles } from '../../shared/lib/image-check';
import classes from './photo-picker.module.css';

/** A photo of the form: a new file (object-URL preview) or one already stored (`photoId`). */
export type PhotoItem =
  | { key: string; kind: 'new'; file: File; preview: string }
  | { key: string; kind: 'stored'; photoId: number; preview: string };

const MAX_BYTES = 15 * 1024 * 1024;
/** By type and by extension: phones often send HEIC files without a MIME type. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif';
const ACCEPT_TYPES = new Set(ACCEPT.split(',').filter((t) => t.includes('/')));
const ACCEPT_EXTENSIONS = ACCEPT.split(',').filter((t) => t.startsWith('.'));
/** Whether a file is one of the accepted types, by its MIME type or, without one, by its extension. */
const acceptable = (f: File) =>
  ACCEPT_TYPES.has(f.type) || ACCEPT_EXTENSIONS.some((ext) => f.name.toLowerCase().endsWith(ext));

let seq = 0;
/** Wraps picked files as photo items (previews via object URLs). */
export const toItems = (files: File[]): PhotoItem[] =>
  files.map((file) => ({ key: `new-${(seq += 1)}`, kind: 'new', file, preview: URL.createObjectURL(file) }));

export function PhotoPicker({
  items,
  onChange,
  error,
  disabled,
}: {
  items: PhotoItem[];
  onChange: (items: PhotoItem[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [rejected, setRejected] = useState<string | null>(null);
  const [dragKey, setDragKey] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const left = LISTING_LIMITS.photosMax - items.length;

  /** Adds picked or dropped files: wrong types and files over 15 MB refused with a message, the rest checked. */
  const add = async (files: File[]) => {
    setRejected(null);
    if (files.some((f) => !acceptable(f))) {
      setRejected('Загрузите изображение в формате JPEG, PNG, WebP или HEIC.');
      return;
    }
    if (files.some((f) => f.size > MAX_BYTES)) {
      setRejected('Файл больше 15 МБ — уменьшите его и попробуйте снова.');
      return;
    }
    const { ok, problems } = await sortImageFiles(files);
    const take = ok.slice(0, left);
    if (ok.length > left) problems.push(`Можно добавить ещё ${left} фото — лишние не добавлены.`);
    if (problems.length) setRejected(problems.join(' '));
    if (take.length) onChange([...items, ...toItems(take)]);
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = [...items];
    const [it] = next.splice(from, 1);
    next.splice(to, 0, it!);
    onChange(next);
  };
  const remove = (i: number) => {
    const it = items[i]!;
    if (it.kind === 'new') URL.revokeObjectURL(it.preview);
    onChange(items.filter((_, j) => j !== i));
  };

  return (
    <Stack gap="xs">
      <Text fw={600} id="sell-photos-label">
        Фотографии
      </Text>
      <Text fz="sm" c="dimmed">
        До {LISTING_LIMITS.photosMax} фото: JPEG, PNG, WebP или HEIC, не больше 15 МБ. Первое фото — обложка.{' '}
        <span className={classes.pointer}>Перетащите фото, чтобы поменять порядок.</span>
        <span className={classes.touch}>Порядок меняют стрелки под фото.</span>
      </Text>
      {items.length > 0 && (
        <div
          role="list"
          aria-labelledby="sell-photos-label"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))', gap: 8 }}
        >
          {items.map((it, i) => (
            <Paper
              key={it.key}
              role="listitem"
              withBorder
              radius="md"
              draggable={!disabled}
              onDragStart={(e) => {
                setDragKey(it.key);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => {
                if (dragKey) e.preventDefault();
              }}
              onDrop={(e) => {
                e.preventDefault();
                const from = items.findIndex((x) => x.key === dragKey);
                if (from >= 0) move(from, i);
                setDragKey(null);
              }}
              onDragEnd={() => setDragKey(null)}
              style={{
                position: 'relative',
                overflow: 'hidden',
                opacity: dragKey === it.key ? 0.5 : 1,
                cursor: disabled ? 'default' : 'grab',
              }}
              data-testid="sell-photo"
            >
              <Image src={it.preview} alt={`Фото ${i + 1}`} h={130} fit="cover" />
              {i === 0 && (
                <Badge size="xs" color="ink" style={{ position: 'absolute', top: 6, left: 6 }}>
                  Обложка
                </Badge>
              )}
              <Group gap={4} justify="center" p={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="ink"
                  size="sm"
                  aria-label={`Фото ${i + 1}: левее`}
                  disabled={disabled || i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  <IconArrowLeft size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="ink"
                  size="sm"
                  aria-label={`Фото ${i + 1}: правее`}
                  disabled={disabled || i === items.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  <IconArrowRight size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={`Удалить фото ${i + 1}`}
                  disabled={disabled}
                  onClick={() => remove(i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </div>
      )}
      {left > 0 && (
        <label
          className={classes.drop}
          data-over={over || undefined}
          data-disabled={disabled || undefined}
          data-error={error ? true : undefined}
          onDragOver={(e) => {
            if (disabled || !e.dataTransfer.types.includes('Files')) return;
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e: DragEvent<HTMLLabelElement>) => {
            if (disabled || !e.dataTransfer.files.length) return;
            e.preventDefault();
            setOver(false);
            void add([...e.dataTransfer.files]);
          }}
        >
          <input
            type="file"
            name="photos"
            accept={ACCEPT}
            multiple
            disabled={disabled}
            aria-label="Добавить фото"
            className={classes.input}
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = '';
              void add(files);
            }}
          />
          <Group justify="center" gap="sm" mih={96}>
            <IconPhotoPlus size={32} stroke={1.5} />
            <div>
              <Text fw={600}>
                <span className={classes.pointer}>Перетащите фото сюда или нажмите, чтобы выбрать</span>
                <span className={classes.touch}>Нажмите, чтобы добавить фото</span>
              </Text>
              <Text fz="sm" c="dimmed">
                Можно добавить ещё {left}
              </Text>
            </div>
          </Group>
        </label>
      )}
      {(error || rejected) && (
        <Text fz="sm" c="red.7" role="alert">
          {error ?? rejected}
        </Text>
      )}
    </Stack>
  );
}
