/**
 * `PUT /v1/self/change/` (spec §7, multipart) through XMLHttpRequest, so an avatar upload can show progress.
 * Like `apiClient` it never throws: `{ok: true, data} | {ok: false, error}`; a 401 signs out. The answer is typed from
 * the route's response schema (the user without delivery points).
 */
import { apiUpload } from '../../shared/api/upload';
import { useAuthStore } from './store';

/**
 * Sends the profile form.
 * @param form multipart fields: first_name, last_name, city, about, avatar (file, or '' to remove)
 * @param onProgress upload progress 0…100 (only meaningful with a file)
 */
export async function uploadProfile(form: FormData, onProgress: (percent: number) => void) {
  const res = await apiUpload('PUT', '/v1/self/change/', form, {
    onProgress: (part) => onProgress(Math.round(part * 100)),
    fallback: (status) =>
      status === 413
        ? 'Файл слишком большой. Выберите фото до 10 МБ.'
        : status >= 500
          ? 'Сервер временно недоступен. Попробуйте ещё раз.'
          : 'Не удалось сохранить профиль.',
  });
  if (!res.ok && res.error.status === 401) useAuthStore.getState().clear();
  return res;
}
