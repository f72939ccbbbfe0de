/**
 * The signed-in user's own profile (spec §3, §7: `GET /v1/self/`, `PUT /v1/self/change/`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { deliveryPoints, users } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import type { AuthUser } from '../../plugins/auth.js';
import { refuseUserOverLimit, takeUserLimit } from '../../plugins/user-limits.js';
import { ApiError, badRequest, type FieldErrors } from '../../lib/errors.js';
import { checkFilePart, formFieldValue, multipartError, type FileRules } from '../../lib/multipart.js';
import { imageUrls, readUpload, removeImage, storeImage, type StoredImage } from '../media/index.js';
import { heicToPng, isHevcHeif } from '../media/index.js';

/**
 * Serializes one user's writes to their own lists (saved cards, delivery points) until the transaction
 * ends: locks the user's row. A limit checked by counting («not more than 20 cards / 50 points») holds
 * under simultaneous requests only when the count and the insert cannot interleave with another's.
 * @param tx the transaction the lock lasts for
 */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Avatar variant widths, px (url_small 96, url 256, url_large 512). */
export const AVATAR_WIDTHS = [96, 256, 512] as const;
/** Largest avatar upload: 10 MB. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

/** Limits of the editable profile fields (characters). */
export const PROFILE_LIMITS = { first_name: 50, last_name: 50, city: 100, about: 1000 } as const;
const FIELD_LABELS: Record<keyof typeof PROFILE_LIMITS, string> = {
  first_name: 'Имя',
  last_name: 'Фамилия',
  city: 'Город',
  about: 'О себе',
};

/** Public URLs of an avatar key, or null. */
export const avatarUrls = (key: string | null) => (key ? imageUrls(key, AVATAR_WIDTHS) : null);

/** The user object of `self` and `self/change`. */
export function serializeUser(u: AuthUser) {
  return {
    id: u.id,
    phone: u.phone,
    first_name: u.firstName,
    last_name: u.lastName,
    full_name: [u.firstName, u.lastName].filter(Boolean).join(' '),
    avatar: avatarUrls(u.avatar),
    city: u.city,
    about: u.about,
    date_joined: u.dateJoined.toISOString(),
  };
}

/**
 * `GET /v1/self/` info: the user plus their saved delivery points `{id, name, address, point_id,
 * delivery_service_type}` (oldest first).
 */
export async function selfInfo(app: FastifyInstance, user: AuthUser) {
  const points = await app.db
    .select()
    .from(deliveryPoints)
    .where(eq(deliveryPoints.userId, user.id))
    .orderBy(asc(deliveryPoints.id));
  return {
    ...serializeUser(user),
    /** Staff see «Кабинет сотрудника» (the role is read from the row at every request). */
    is_staff: user.role === 'staff',
    delivery_points: points.map((p) => ({
      id: p.id,
      name: p.name,
      address: p.address,
      point_id: p.pointId,
      delivery_service_type: p.deliveryServiceType,
    })),
  };
}

interface ProfileForm {
  fields: Record<string, string>;
  avatar: Buffer | null;
}

/**
 * Reads `PUT /v1/self/change/`: multipart (text fields + an `avatar` file) or, for convenience, JSON.
 * @throws ApiError 413 (avatar over 10 MB), 400 (unknown file field; a broken form, U+0000 in a field — every
 *   multipart error of `lib/multipart.ts`)
 */
export async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
        if (v === null) fields[k] = '';
        else if (typeof v === 'string' || typeof v === 'number') fields[k] = String(v);
        else throw badRequest({ [k]: ['Ожидается строка.'] });
      }
      return { fields, avatar: null };
    }
    throw new ApiError(415, { detail: 'Отправьте форму как multipart/form-data.' });
  }
  const fields: Record<string, string> = {};
  let avatar: Buffer | null = null;
  const rules: FileRules = {
    field: 'avatar',
    tooLarge: 'Файл больше 10 МБ. Выберите фотографию поменьше.',
    tooMany: 'Можно загрузить только одну фотографию.',
  };
  try {
    for await (const part of request.parts({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } })) {
      checkFilePart(part);
      if (part.type === 'field') {
        fields[part.fieldname] = formFieldValue(part);
        continue;
      }
      if (part.fieldname !== 'avatar') {
        part.file.resume();
        throw badRequest({
          [part.fieldname]: ['Неизвестное поле с файлом. Фотографию профиля отправляйте в поле avatar.'],
        });
      }
      const data = await readUpload(part.file);
      if (!data) throw new ApiError(413, { avatar: [rules.tooLarge] });
      // An empty file part (a form submitted without choosing a file) changes nothing.
      if (data.length > 0) avatar = data;
    }
  } catch (err) {
    throw multipartError(err, rules);
  }
  return { fields, avatar };
}

/**
 * Validates the text fields: each optional, trimmed, at most {@link PROFILE_LIMITS} characters.
 * `avatar` as a text field with an empty value (or `remove_avatar=true`) removes the avatar.
 * @throws ApiError 400 `{field: ['Имя: не более 50 символов.']}`
 */
export function validateProfile(fields: Record<string, string>) {
  const errors: FieldErrors = {};
  const patch: Partial<Record<keyof typeof PROFILE_LIMITS, string>> = {};
  for (const key of Object.keys(PROFILE_LIMITS) as (keyof typeof PROFILE_LIMITS)[]) {
    const raw = fields[key];
    if (raw === undefined) continue;
    // eslint-disable-next-line no-control-regex
    const value = raw.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
    const singleLine = key !== 'about';
    if (singleLine && /[\r\n]/.test(value)) {
      errors[key] = [`${FIELD_LABELS[key]}: без переносов строки.`];
      continue;
    }
    if ([...value].length > PROFILE_LIMITS[key]) {
      errors[key] = [`${FIELD_LABELS[key]}: не более ${PROFILE_LIMITS[key]} символов (сейчас ${[...value].length}).`];
      continue;
    }
    patch[key] = value;
  }
  const avatarText = fields.avatar?.trim();
  if (avatarText !== undefined && avatarText !== '' && avatarText !== 'null') {
    errors.avatar = ['Отправьте фотографию файлом (JPEG, PNG, WebP или HEIC), а не текстом.'];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  const removeAvatar =
    fields.avatar === '' || fields.avatar === 'null' || ['1', 'true'].includes(fields.remove_avatar ?? '');
  return { patch, removeAvatar };
}

/**
 * `PUT /v1/self/change/`: updates the profile; a new avatar goes through the image pipeline (prefix `a`,
 * {@link AVATAR_WIDTHS}) and replaces the old one, whose files are removed after the update commits.
 * @returns the updated user ({@link serializeUser})
 * @throws ApiError 400 (field limits, not an image), 413 (avatar too large), 415 (not a form), 429 (hourly photo limit)
 */
export async function updateProfile(app: FastifyInstance, user: AuthUser, form: ProfileForm) {
  const { patch, removeAvatar } = validateProfile(form.fields);
  let stored: StoredImage | null = null;
  if (form.avatar) {
    // An avatar counts against the user's hourly photo limit: refused before it is resized, counted with
    // the profile's commit below (a refused or failed avatar uses nothing up).
    await refuseUserOverLimit(app, user.id, 'photos');
    let data = form.avatar;
    // iPhone HEIC (HEVC) is decoded first; sharp alone cannot (see products/heic.ts).
    if (await isHevcHeif(data)) {
      try {
        data = await heicToPng(data);
      } catch (err) {
        if (err instanceof ApiError && 'photos' in err.body)
          throw new ApiError(err.statusCode, { avatar: (err.body as FieldErrors).photos! });
        throw err;
      }
    }
    stored = await storeImage(data, {
      storage: app.storage,
      prefix: 'a',
      field: 'avatar',
      widths: AVATAR_WIDTHS,
    });
  }
  let oldAvatar: string | null = null;
  let updated: AuthUser;
  try {
    updated = await app.db.transaction(async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
      if (!current) throw new ApiError(401, { detail: 'Пользователь не найден.' });
      const set: Partial<typeof users.$inferInsert> = {};
      if (patch.first_name !== undefined) set.firstName = patch.first_name;
      if (patch.last_name !== undefined) set.lastName = patch.last_name;
      if (patch.city !== undefined) set.city = patch.city;
      if (patch.about !== undefined) set.about = patch.about;
      if (stored) {
        await takeUserLimit(app, user.id, 'photos', 1, tx);
        set.avatar = stored.key;
      } else if (removeAvatar) set.avatar = null;
      if ('avatar' in set && current.avatar !== set.avatar) oldAvatar = current.avatar;
      if (!Object.keys(set).length) return current;
      const [row] = await tx.update(users).set(set).where(eq(users.id, user.id)).returning();
      return row!;
    });
  } catch (err) {
    if (stored) await removeImage(app.storage, stored.key);
    throw err;
  }
  if (oldAvatar) await removeImage(app.storage, oldAvatar);
  return serializeUser(updated);
}
