/**
 * Malformed multipart bodies (architecture §3: nothing a client sends is a 500). Each body goes
 * to the three readers of multipart — the listing form (`POST /v1/products/`), the profile with its avatar
 * (`PUT /v1/self/change/`) and the plain form reader (`POST /v1/delivery_points/`) — and must get a Russian 400 or
 * 413, naming the field where it can, with nothing written: no listing, no profile change, no delivery point, no
 * stored image.
 */
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../../src/lib/errors.js';
import { NAMELESS_PART_MESSAGE, NUL_FILENAME_MESSAGE } from '../../src/lib/multipart.js';
import { deliveryPoints, products, users } from '../../src/db/schema/index.js';
import { makeUser, type TestUser } from '../buy-fixtures.js';
import { createTestApp, dbAvailable, type TestContext } from '../helpers.js';

const B = 'vitrinaBoundary';
const CT = { 'content-type': `multipart/form-data; boundary=${B}` };
const field = (name: string, value: string, type?: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${value}\r\n`;
const file = (name: string, data: string | Buffer, filename = 'a.jpg') =>
  Buffer.concat([
    Buffer.from(
      `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
const end = `--${B}--\r\n`;
/** A 240 × 240 JPEG: big enough for a listing photo. */
const photo = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#c96' } })
  .jpeg()
  .toBuffer();
const body = (...parts: (string | Buffer)[]) => Buffer.concat(parts.map((p) => Buffer.from(p)));

interface Target {
  name: string;
  method: 'POST' | 'PUT';
  url: string;
  /** A text field the reader accepts. */
  text: string;
  /** The reader's file field (where file errors are named), or null when files are ignored. */
  fileField: string | null;
}
const TARGETS: Target[] = [
  { name: 'listing form', method: 'POST', url: '/v1/products/', text: 'title', fileField: 'photos' },
  { name: 'profile form', method: 'PUT', url: '/v1/self/change/', text: 'first_name', fileField: 'avatar' },
  { name: 'plain form', method: 'POST', url: '/v1/delivery_points/', text: 'name', fileField: null },
];

interface Case {
  what: string;
  headers?: Record<string, string>;
  payload: (t: Target) => Buffer;
  status: number;
  /** The expected answer (exact JSON). */
  answer: (t: Target) => unknown;
}
const TRUNCATED = { detail: 'Форма пришла не полностью: тело запроса оборвалось. Отправьте её ещё раз.' };
const CASES: Case[] = [
  {
    what: 'no boundary in Content-Type',
    headers: { 'content-type': 'multipart/form-data' },
    payload: (t) => body(field(t.text, 'Пальто'), end),
    status: 400,
    answer: () => ({
      detail: 'В заголовке Content-Type формы нет boundary: отправьте форму как multipart/form-data.',
    }),
  },
  {
    what: 'a body cut inside a text part',
    payload: (t) => body(`--${B}\r\nContent-Disposition: form-data; name="${t.text}"\r\n\r\nПаль`),
    status: 400,
    answer: () => TRUNCATED,
  },
  {
    what: 'a body cut inside a file part',
    payload: (t) => body(field(t.text, 'Пальто'), file(t.fileField ?? 'attachment', 'abc').subarray(0, 120)),
    status: 400,
    answer: () => TRUNCATED,
  },
  {
    what: 'a body cut inside a part header',
    payload: () => body(`--${B}\r\nContent-Dispo`),
    status: 400,
    answer: () => TRUNCATED,
  },
  {
    what: 'no closing boundary',
    payload: (t) => body(field(t.text, 'Пальто')),
    status: 400,
    answer: () => TRUNCATED,
  },
  {
    what: 'U+0000 in a text value',
    payload: (t) => body(field(t.text, 'Паль\u0000то'), end),
    status: 400,
    answer: (t) => ({ [t.text]: [NUL_MESSAGE] }),
  },
  {
    what: 'U+0000 in a field name',
    payload: () => body(field('ti\u0000tle', 'Пальто'), end),
    status: 400,
    answer: () => ({ non_field_errors: [NUL_MESSAGE] }),
  },
  {
    what: 'a text part without name=',
    payload: (t) => body(field(t.text, 'Пальто'), `--${B}\r\nContent-Disposition: form-data\r\n\r\nx\r\n`, end),
    status: 400,
    answer: () => ({ detail: NAMELESS_PART_MESSAGE }),
  },
  {
    what: 'a file part without name=',
    payload: (t) =>
      body(
        field(t.text, 'Пальто'),
        `--${B}\r\nContent-Disposition: form-data; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        photo,
        '\r\n',
        end,
      ),
    status: 400,
    answer: () => ({ detail: NAMELESS_PART_MESSAGE }),
  },
  {
    what: 'U+0000 in a file name',
    payload: (t) =>
      body(
        field(t.text, 'Пальто'),
        file(t.fileField ?? 'attachment', t.fileField === 'photos' ? photo : 'abc', 'ph\u0000oto.jpg'),
        end,
      ),
    status: 400,
    answer: (t) => ({ [t.fileField ?? 'attachment']: [NUL_FILENAME_MESSAGE] }),
  },
  {
    what: 'a text value over 64 KB',
    payload: (t) => body(field(t.text, 'ж'.repeat(40_000)), end),
    status: 413,
    answer: (t) => ({ [t.text]: ['Значение поля слишком длинное: не больше 64 КБ.'] }),
  },
  {
    what: 'more than 40 fields',
    payload: () => body(...Array.from({ length: 41 }, (_, i) => field(`f${i}`, 'x')), end),
    status: 400,
    answer: () => ({ detail: 'Слишком много полей в форме: не больше 40.' }),
  },
  {
    what: 'more than 60 parts',
    payload: () => body(...Array.from({ length: 61 }, () => `--${B}\r\nContent-Type: text/plain\r\n\r\nx\r\n`), end),
    status: 400,
    answer: () => ({ detail: 'Слишком много частей в форме: не больше 60.' }),
  },
  {
    what: 'a field named like an Object property',
    payload: () => body(field('constructor', 'x'), end),
    status: 400,
    answer: () => ({ detail: 'Недопустимое имя поля формы (например, __proto__ или constructor).' }),
  },
  {
    what: 'a part typed application/json that is not JSON',
    payload: (t) => body(field(t.text, '{"oops', 'application/json'), end),
    status: 400,
    answer: () => ({ detail: 'Поле формы с типом application/json содержит неверный JSON.' }),
  },
  {
    what: 'more files than the form takes',
    // Listing photos are stored as they arrive, so they must be real images (and are removed again).
    payload: (t) =>
      body(
        ...Array.from({ length: t.fileField === 'avatar' ? 2 : 11 }, () =>
          file(t.fileField ?? 'attachment', t.fileField === 'photos' ? photo : 'abc'),
        ),
        end,
      ),
    status: 400,
    answer: (t) =>
      t.fileField === 'photos'
        ? { photos: ['Не больше 10 фотографий.'] }
        : t.fileField === 'avatar'
          ? { avatar: ['Можно загрузить только одну фотографию.'] }
          : { non_field_errors: ['Слишком много файлов в форме: не больше 10.'] },
  },
];

describe.runIf(dbAvailable())('malformed multipart bodies', () => {
  let t: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await makeUser(t.app, 'Анна');
  });
  afterAll(() => t?.close());

  /** What the readers could have written: listings, the profile, delivery points, stored images. */
  const snapshot = async () => {
    const [p] = await t.app.db.select({ n: count() }).from(products).where(eq(products.ownerId, user.id));
    const [d] = await t.app.db.select({ n: count() }).from(deliveryPoints).where(eq(deliveryPoints.userId, user.id));
    const [u] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    const media = readdirSync(t.config.mediaDir, { recursive: true, withFileTypes: true }).filter((f) =>
      f.isFile(),
    ).length;
    return { listings: p!.n, points: d!.n, profile: u, media };
  };

  for (const target of TARGETS) {
    for (const c of CASES) {
      it(`${target.name}: ${c.what} → ${c.status}`, async () => {
        const before = await snapshot();
        const res = await t.app.inject({
          method: target.method,
          url: target.url,
          headers: { ...user.auth, ...(c.headers ?? CT) },
          payload: c.payload(target),
        });
        expect(res.statusCode, res.body).toBe(c.status);
        expect(res.json()).toEqual(c.answer(target));
        expect(await snapshot()).toEqual(before);
      });
    }
  }

  it('reads a valid text part typed application/json as its JSON text (not «[object Object]»)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/self/change/',
      headers: { ...user.auth, ...CT },
      payload: body(field('city', '{"город": "Казань"}', 'application/json'), end),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [u] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(u!.city).toBe('{"город":"Казань"}');
  });
});
