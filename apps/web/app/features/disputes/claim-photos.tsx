/**
 * Photos of a claim or an answer: picking up to five images (thumbnails, remove) before sending, and showing the
 * sent ones as links to the large image.
 */
import { Anchor, CloseButton, FileButton, Group, Image, Button, Text, Box } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { CLAIM_PHOTOS_MAX, type Claim } from '@vitrina/contract/disputes';

/** Picks up to {@link CLAIM_PHOTOS_MAX} photos. */
export function PhotoPicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return (
    <Box>
      <Group gap="xs">
        {urls.map((u, i) => (
          <Box key={u} pos="relative" w={64} h={64} style={{ borderRadius: 6, overflow: 'hidden' }}>
            <Image src={u} alt={`Фото ${i + 1}`} w={64} h={64} fit="cover" />
            <CloseButton
              size="sm"
              pos="absolute"
              top={2}
              right={2}
              bg="white"
              aria-label={`Убрать фото ${i + 1}`}
              onClick={() => onChange(files.filter((_, j) => j !== i))}
            />
          </Box>
        ))}
        {files.length < CLAIM_PHOTOS_MAX && (
          <FileButton
            multiple
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
            onChange={(picked) => onChange([...files, ...picked].slice(0, CLAIM_PHOTOS_MAX))}
          >
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPhotoPlus size={16} />}>
                Добавить фото
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      <Text fz="xs" c="dimmed" mt={4}>
        До {CLAIM_PHOTOS_MAX} фото, JPEG, PNG, WebP или HEIC, до 15 МБ каждое.
      </Text>
    </Box>
  );
}

/** Sent photos as thumbnails linking to the large image. */
export function SentPhotos({ photos, label }: { photos: Claim['photos']; label: string }) {
  if (!photos.length) return null;
  return (
    <Group gap="xs" mt={4}>
      {photos.map((p, i) => (
        <Anchor key={p.url} href={p.url_large} target="_blank" rel="noreferrer" aria-label={`${label}: фото ${i + 1}`}>
          <Image src={p.url_small} alt="" w={64} h={64} fit="cover" radius="sm" />
        </Anchor>
      ))}
    </Group>
  );
}

/** The files as `photos` parts of a form. */
export function appendPhotos(form: FormData, files: File[]) {
  for (const f of files) form.append('photos', f, f.name);
}
