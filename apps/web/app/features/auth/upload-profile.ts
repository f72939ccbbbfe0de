/**
 * `PUT /v1/self/change/` (spec §7, multipart) through XMLHttpRequest, so an avatar upload can show progress.
 * Like `api()` it never throws: `{ok: true, data} | {ok: false, error}`; a 401 signs out.
 */
import { apiBase, type ApiResult } from '../../shared/api/client';
import { useAuthStore } from './store';
import type { SelfUser } from './types';

/** The answer of `self/change`: the user without delivery points. */
export type ProfileAnswer = Omit<SelfUser, 'delivery_points'>;

/**
 * Sends the profile form.
 * @param form multipart fields: first_name, last_name, city, about, avatar (file, or '' to remove)
 * @param onProgress upload progress 0…100 (only meaningful with a file)
 */
export function uploadProfile(
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<ApiResult<ProfileAnswer>> {
  const token = useAuthStore.getState().token;
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${apiBase()}/v1/self/change/`);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Token ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ ok: true, data: body as ProfileAnswer, status: xhr.status });
        return;
      }
      if (xhr.status === 401) useAuthStore.getState().clear();
      const fields: Record<string, string[]> = {};
      let message = '';
      if (body && typeof body === 'object') {
        const b = body as Record<string, unknown>;
        if (typeof b.detail === 'string') message = b.detail;
        for (const [k, v] of Object.entries(b)) if (Array.isArray(v)) fields[k] = v.map(String);
        message ||= Object.values(fields)[0]?.[0] ?? '';
      }
      if (!message) {
        message =
          xhr.status === 413
            ? 'Файл слишком большой. Выберите фото до 10 МБ.'
            : xhr.status >= 500
              ? 'Сервер временно недоступен. Попробуйте ещё раз.'
              : 'Не удалось сохранить профиль.';
      }
      resolve({ ok: false, error: { status: xhr.status, message, fields } });
    };
    xhr.onerror = () =>
      resolve({
        ok: false,
        error: {
          status: 0,
          message: 'Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз.',
          fields: {},
        },
      });
    xhr.send(form);
  });
}
