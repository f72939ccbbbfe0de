/**
 * Compilations — curated sets of listings (architecture §3: `GET /v1/public/compilations/` and
 * `/v1/public/compilations/{slug}/`, the screen `catalog-compilation-slug` of spec §2), each with a cover
 * and its count of active listings. A set's own listings are a listing page:
 * `/v1/public/products/?compilation=`.
 */
import { sql, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import type { Compilation } from '@vitrina/contract/catalog';
import type { Image } from '@vitrina/contract/common';
import { queryRows, type Db } from '../../db/client.js';
import { Cache } from '../../lib/cache.js';
import { notFound } from '../../lib/errors.js';
import type { MediaStorage } from '../../providers/storage/index.js';
import { imageUrls, readImage } from '../media/index.js';
import { photoImage } from './cards.js';
import { compilationWhere } from './filters.js';

/** Size assumed for a cover whose largest variant cannot be read, px. */
const COVER_FALLBACK = { width: 1280, height: 960 };

/**
 * Pixel sizes of compilation covers by media key: at most 1 000 entries (a few dozen
 * compilations exist), no lifetime — the image stored under a key never changes. One read of a file for
 * concurrent requests.
 */
const coverDims = new Cache<string, { width: number; height: number }>({ max: 1000 });

/**
 * A cover stored by the media pipeline (a compilation's, a journal post's) with its size, read once from its largest
 * variant; null for a key that is not a media key.
 */
export async function coverImage(storage: MediaStorage, key: string): Promise<Image | null> {
  if (!/^[a-z]\/[0-9a-f]{2}\/[0-9a-f]{24}$/.test(key)) return null;
  const dims = await coverDims.fetch(key, async () => {
    try {
      const data = await readImage(storage, key, 1280);
      if (!data) return COVER_FALLBACK;
      const meta = await sharp(data).metadata();
      return { width: meta.width ?? COVER_FALLBACK.width, height: meta.height ?? COVER_FALLBACK.height };
    } catch {
      return COVER_FALLBACK;
    }
  });
  return { ...imageUrls(key), ...dims };
}

interface CompilationRow {
  id: number;
  slug: string;
  title: string;
  description: string;
  cover: string | null;
  filter: string | null;
  count: number;
  photo_key: string | null;
  photo_width: number | null;
  photo_height: number | null;
}

const compilationSelect = sql`select c.id, c.slug, c.title, c.description, c.cover, c.filter,
  (select count(*)::int from compilation_products cp join products p on p.id = cp.product_id
    where cp.compilation_id = c.id and p.status = 'active') as count,
  ph.key as photo_key, ph.width as photo_width, ph.height as photo_height
  from compilations c
  left join lateral (
    select pp.key, pp.width, pp.height from compilation_products cp
    join products p on p.id = cp.product_id and p.status = 'active'
    join product_photos pp on pp.product_id = p.id
    where c.cover is null and cp.compilation_id = c.id
    order by cp.position, cp.product_id, pp.position, pp.id limit 1
  ) ph on true`;

/**
 * The count of active listings and the first one's photo of a set by a saved filter (the SQL of the select covers
 * hand-picked sets only). A saved filter that no longer resolves (a brand gone) finds nothing.
 */
async function byFilter(db: Db, c: CompilationRow): Promise<CompilationRow> {
  let where: SQL;
  try {
    where = await compilationWhere(db, c);
  } catch {
    return { ...c, count: 0, photo_key: null };
  }
  const [n] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from products p where ${where}`);
  const [ph] = c.cover
    ? []
    : await queryRows<{ key: string; width: number; height: number }>(
        db,
        sql`select pp.key, pp.width, pp.height from products p join product_photos pp on pp.product_id = p.id
          where ${where} order by p.published_at desc, p.id desc, pp.position, pp.id limit 1`,
      );
  return {
    ...c,
    count: n?.count ?? 0,
    photo_key: ph?.key ?? null,
    photo_width: ph?.width ?? null,
    photo_height: ph?.height ?? null,
  };
}

/** A compilation's answer: its own cover, else the first photo of its first active listing. */
async function toCompilation(db: Db, storage: MediaStorage, row: CompilationRow): Promise<Compilation> {
  const c = row.filter ? await byFilter(db, row) : row;
  let cover: Image | null = null;
  if (c.cover) cover = await coverImage(storage, c.cover);
  else if (c.photo_key)
    cover = photoImage({ key: c.photo_key, width: c.photo_width ?? 0, height: c.photo_height ?? 0 });
  return { id: c.id, slug: c.slug, title: c.title, description: c.description, cover, count: c.count };
}

/** Active listings a compilation shows now (by its saved filter or its hand-picked listings). */
export async function compilationCount(db: Db, c: { id: number; filter: string | null }): Promise<number> {
  const where = await compilationWhere(db, c).catch(() => sql`false`);
  const [n] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from products p where p.status = 'active' and ${where}`,
  );
  return n?.count ?? 0;
}

/**
 * `GET /v1/public/compilations/`: curated sets in their order, each with a cover and active count.
 * @param storage the media storage (cover sizes are read from it)
 */
export async function listCompilations(db: Db, storage: MediaStorage): Promise<{ results: Compilation[] }> {
  const rows = await queryRows<CompilationRow>(
    db,
    sql`${compilationSelect} where c.published order by c.position, c.id`,
  );
  return { results: await Promise.all(rows.map((r) => toCompilation(db, storage, r))) };
}

/**
 * `GET /v1/public/compilations/{slug}/` (its listings: `GET /v1/public/products/?compilation=<slug>`).
 * @param storage the media storage (cover sizes are read from it)
 * @throws ApiError 404 for an unknown slug
 */
export async function getCompilation(db: Db, storage: MediaStorage, slug: string): Promise<Compilation> {
  const rows = await queryRows<CompilationRow>(
    db,
    sql`${compilationSelect} where c.slug = ${slug.toLowerCase()} and c.published`,
  );
  if (!rows[0]) throw notFound('Подборка не найдена.');
  return toCompilation(db, storage, rows[0]);
}
