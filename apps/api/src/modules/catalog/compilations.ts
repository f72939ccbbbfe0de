/**
 * Compilations — curated sets of listings (architecture §3: `GET /v1/public/compilations/` and
 * `/v1/public/compilations/{slug}/`, the screen `catalog-compilation-slug` of spec §2), each with a cover
 * and its count of active listings. A set's own listings are a listing page:
 * `/v1/public/products/?compilation=`.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Compilation } from '@vitrina/contract/catalog';
import type { Image } from '@vitrina/contract/common';
import { queryRows, type Db } from '../../db/client.js';
import { Cache } from '../../lib/cache.js';
import { notFound } from '../../lib/errors.js';
import type { MediaStorage } from '../../providers/storage/index.js';
import { imageUrls, readImage } from '../media/index.js';
import { photoImage } from './cards.js';

/** Size assumed for a cover whose largest variant cannot be read, px. */
const COVER_FALLBACK = { width: 1280, height: 960 };

/**
 * Pixel sizes of compilation covers by media key: at most 1 000 entries (a few dozen
 * compilations exist), no lifetime — the image stored under a key never changes. One read of a file for
 * concurrent requests.
 */
const coverDims = new Cache<string, { width: number; height: number }>({ max: 1000 });

/** Size of a compilation cover stored by the media pipeline (read once from its largest variant). */
async function coverImage(storage: MediaStorage, key: string): Promise<Image | null> {
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
  count: number;
  photo_key: string | null;
  photo_width: number | null;
  photo_height: number | null;
}

const compilationSelect = sql`select c.id, c.slug, c.title, c.description, c.cover,
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

/** A compilation's answer: its own cover, else the first photo of its first active listing. */
async function toCompilation(storage: MediaStorage, c: CompilationRow): Promise<Compilation> {
  let cover: Image | null = null;
  if (c.cover) cover = await coverImage(storage, c.cover);
  else if (c.photo_key)
    cover = photoImage({ key: c.photo_key, width: c.photo_width ?? 0, height: c.photo_height ?? 0 });
  return { id: c.id, slug: c.slug, title: c.title, description: c.description, cover, count: c.count };
}

/**
 * `GET /v1/public/compilations/`: curated sets in their order, each with a cover and active count.
 * @param storage the media storage (cover sizes are read from it)
 */
export async function listCompilations(db: Db, storage: MediaStorage): Promise<{ results: Compilation[] }> {
  const rows = await queryRows<CompilationRow>(db, sql`${compilationSelect} order by c.position, c.id`);
  return { results: await Promise.all(rows.map((r) => toCompilation(storage, r))) };
}

/**
 * `GET /v1/public/compilations/{slug}/` (its listings: `GET /v1/public/products/?compilation=<slug>`).
 * @param storage the media storage (cover sizes are read from it)
 * @throws ApiError 404 for an unknown slug
 */
export async function getCompilation(db: Db, storage: MediaStorage, slug: string): Promise<Compilation> {
  const rows = await queryRows<CompilationRow>(db, sql`${compilationSelect} where c.slug = ${slug.toLowerCase()}`);
  if (!rows[0]) throw notFound('Подборка не найдена.');
  return toCompilation(storage, rows[0]);
}
