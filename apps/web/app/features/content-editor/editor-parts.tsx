/**
 * Blocks the content editor's forms share (entries-editor.tsx, compilations-editor.tsx): how a staff call's answer
 * ends (the list refreshed and a toast, or the error's toast) and the cover of a journal post, a job opening or a
 * compilation (upload, replace, remove through `…/cover/`).
 */
import { Button, FileButton, Group, Image } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApiResult } from '../../shared/api/client';
import { queryClient } from '../../shared/api/query';
import { uploadCover, type CoverTarget } from './api';

/**
 * Ends a staff call: on success the list under `queryKey` is read again and `message` shown; on failure the API's
 * message is shown.
 * @returns the answer's data, or null when the call failed
 */
export async function settle<T>(queryKey: readonly unknown[], res: ApiResult<T>, message: string): Promise<T | null> {
  if (!res.ok) {
    notifications.show({ color: 'red', message: res.error.message });
    return null;
  }
  await queryClient.invalidateQueries({ queryKey });
  notifications.show({ message });
  return res.data;
}

/**
 * The cover: its thumbnail, «Загрузить обложку» / «Заменить обложку» (JPEG, PNG, WebP, HEIC) and «Убрать обложку».
 * @param target whose cover it is (`POST …/{id}/cover/`, multipart `cover`; none removes it)
 * @param queryKey the list read again after a change
 */
export function CoverField({
  cover,
  target,
  queryKey,
}: {
  cover: { url_small: string } | null;
  target: CoverTarget;
  queryKey: readonly unknown[];
}) {
  const upload = async (file: File | null) => {
    const form = new FormData();
    if (file) form.append('cover', file);
    await settle<unknown>(queryKey, await uploadCover(target, form), 'Обложка сохранена');
  };
  return (
    <Group>
      {cover && <Image src={cover.url_small} alt="" h={64} w={96} radius="sm" fit="cover" />}
      <FileButton onChange={(file) => void upload(file)} accept="image/jpeg,image/png,image/webp,image/heic">
        {(props) => (
          <Button variant="default" size="xs" {...props}>
            {cover ? 'Заменить обложку' : 'Загрузить обложку'}
          </Button>
        )}
      </FileButton>
      {cover && (
        <Button variant="subtle" color="red" size="xs" onClick={() => void upload(null)}>
          Убрать обложку
        </Button>
      )}
    </Group>
  );
}
