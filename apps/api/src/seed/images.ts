/**
 * Generated product photos for the demo catalog. Each image is an SVG silhouette of the category
 * family in the listing's colour on a soft light background (the cover carries the brand name as a
 * mark), rendered by sharp to PNG and stored through the real media pipeline ({@link storeImage} →
 * WebP variants). To keep seeding fast, images form a bounded pool keyed by family × colour × angle
 * (branded covers while the budget allows) and listings share media keys.
 *
 * Rendered images are also kept in a cache directory (`VITRINA_SEED_CACHE`, default
 * `<tmp>/vitrina-seed-cache`), keyed by a hash of the SVG and the pipeline's widths: a later seed (the
 * test template of every test run, a reset) copies the pipeline's output into the media storage (local files or
 * the S3 bucket) instead of encoding it again.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { COLORS } from '@vitrina/contract/catalog';
import { MEDIA_WIDTHS, storeImage, type StoredImage } from '../modules/media/index.js';
import { localMediaStorage, type MediaStorage } from '../providers/storage/index.js';
import { hashString } from './random.js';
import type { Family } from './reference.js';
import { silhouette, type Paint } from './silhouettes.js';

/** Photo canvas, px (4:5 portrait, like a phone shot). */
export const PHOTO_WIDTH = 800;
export const PHOTO_HEIGHT = 1000;

type Angle = 'front' | 'back' | 'detail' | 'flat' | 'close';
const EXTRA_ANGLES: Angle[] = ['back', 'detail', 'flat', 'close'];

interface ImageSpec {
  family: Family;
  color: string;
  angle: Angle;
  brand: string | null;
}

const BACKGROUNDS = ['#F4F0EA', '#EDF0F3', '#F3EDEF', '#EEF2ED', '#F5F3EC', '#ECEFF4', '#F2F0F0'];

function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function rgbToHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
/** Mixes a colour towards white (amount > 0) or black (amount < 0). */
function tint(hex: string, amount: number): string {
  const rgb = hexToRgb(hex);
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  return rgbToHex(rgb.map((v) => v + (target - v) * a) as [number, number, number]);
}
function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

function paintFor(color: string): Paint & { light: string; dark: string } {
  let fill: string = COLORS.find((c) => c.value === color)?.hex ?? '#9E9E9E';
  if (color === 'white') fill = '#F8F8F6';
  if (color === 'black') fill = '#222222';
  if (color === 'multicolor') fill = '#E4572E';
  const lum = luminance(fill);
  const shade = lum > 0.85 ? '#C8C6C0' : tint(fill, -0.3);
  const line = lum < 0.35 ? tint(fill, 0.35) : tint(fill, -0.45);
  const accent = lum < 0.5 ? '#EEEDE8' : color === 'white' ? '#E3E1DA' : '#2A2A2A';
  return { body: 'body', fill, shade, line, accent, light: tint(fill, 0.14), dark: tint(fill, -0.12) };
}

/** The SVG document of one pool image. */
export function photoSvg(spec: ImageSpec): string {
  const h = hashString(`${spec.family}|${spec.color}|${spec.angle}|${spec.brand ?? ''}`);
  const bg = BACKGROUNDS[h % BACKGROUNDS.length]!;
  const paint = paintFor(spec.color);
  const stripes =
    spec.color === 'multicolor'
      ? `<pattern id="mc" width="60" height="60" patternUnits="userSpaceOnUse"><rect width="60" height="60" fill="#E4572E"/><rect y="20" width="60" height="20" fill="#2E86AB"/><rect y="40" width="60" height="20" fill="#F2C14E"/></pattern>`
      : '';
  const bodyFill =
    spec.color === 'multicolor'
      ? ''
      : `<linearGradient id="body" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="${paint.light}"/><stop offset="0.55" stop-color="${paint.fill}"/><stop offset="1" stop-color="${paint.dark}"/></linearGradient>`;
  if (spec.color === 'multicolor') paint.body = 'mc';
  const item = silhouette(spec.family, paint);
  let transform = '';
  if (spec.angle === 'back') transform = `translate(${PHOTO_WIDTH} 0) scale(-1 1)`;
  if (spec.angle === 'detail') transform = 'translate(400 470) scale(1.9) translate(-400 -470)';
  if (spec.angle === 'close') transform = 'translate(400 720) scale(1.7) translate(-400 -720)';
  if (spec.angle === 'flat')
    transform = `rotate(${(h % 2 ? 1 : -1) * (6 + (h % 6))} 400 500) scale(0.9) translate(44 50)`;
  const mark = spec.brand
    ? `<text x="400" y="952" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="30" font-weight="bold" letter-spacing="8" text-anchor="middle" fill="#5f5b55" opacity="0.85">${escapeXml(spec.brand.toUpperCase())}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 800 1000">` +
    `<defs>${bodyFill}${stripes}` +
    `<radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="${tint(bg, 0.5)}"/><stop offset="1" stop-color="${tint(bg, -0.04)}"/></radialGradient>` +
    `<radialGradient id="floor" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#000" stop-opacity="${spec.angle === 'flat' ? 0.06 : 0.14}"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>` +
    `</defs>` +
    `<rect width="800" height="1000" fill="url(#bg)"/>` +
    (spec.angle === 'detail' || spec.angle === 'close'
      ? ''
      : `<ellipse cx="400" cy="${spec.angle === 'flat' ? 520 : 905}" rx="${spec.angle === 'flat' ? 300 : 330}" ry="${spec.angle === 'flat' ? 380 : 34}" fill="url(#floor)"/>`) +
    `<g transform="${transform}">${item}</g>` +
    mark +
    `</svg>`
  );
}

function escapeXml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&apos;')
    .replace(/"/g, '&quot;');
}

/**
 * A bounded pool of demo photos. Listings ask for photos while the catalog is planned (synchronously,
 * deterministically); {@link ImagePool.render} then creates each pooled image once through the media
 * pipeline.
 */
export class ImagePool {
  private readonly specs = new Map<string, ImageSpec>();
  private branded = 0;

  /**
   * @param budget soft limit of unique images; a listing's cover is always created
   * @param brandedBudget how many covers may carry their brand mark
   */
  constructor(
    private readonly budget: number,
    private readonly brandedBudget: number,
  ) {}

  private add(spec: ImageSpec): string {
    const id = `${spec.family}|${spec.color}|${spec.angle}|${spec.brand ?? ''}`;
    if (!this.specs.has(id)) this.specs.set(id, spec);
    return id;
  }

  private has(spec: ImageSpec): boolean {
    return this.specs.has(`${spec.family}|${spec.color}|${spec.angle}|${spec.brand ?? ''}`);
  }

  /** True when no new unbranded cover may be added without exceeding the budget. */
  get full(): boolean {
    return this.specs.size >= this.budget;
  }

  /** True when a cover of this family and colour exists already. */
  hasCover(family: Family, color: string): boolean {
    for (const s of this.specs.values())
      if (s.family === family && s.color === color && s.angle === 'front') return true;
    return false;
  }

  /** Colours that already have a cover of this family, in insertion order. */
  coversOf(family: Family): string[] {
    const out = new Set<string>();
    for (const s of this.specs.values()) if (s.family === family && s.angle === 'front') out.add(s.color);
    return [...out];
  }

  /** Pool ids of up to `count` distinct photos for a listing, cover first. */
  photosFor(family: Family, color: string, brand: string, count: number): string[] {
    const brandedSpec: ImageSpec = { family, color, angle: 'front', brand };
    let cover: string;
    if (this.has(brandedSpec) || this.branded < this.brandedBudget) {
      if (!this.has(brandedSpec)) this.branded++;
      cover = this.add(brandedSpec);
    } else {
      cover = this.add({ family, color, angle: 'front', brand: null });
    }
    const ids = [cover];
    for (const angle of EXTRA_ANGLES) {
      if (ids.length >= count) break;
      const spec: ImageSpec = { family, color, angle, brand: null };
      const id = `${family}|${color}|${angle}|`;
      if (id === cover) continue;
      if (this.has(spec) || this.specs.size < this.budget) ids.push(this.add(spec));
    }
    return ids;
  }

  /** Number of distinct images planned. */
  get size(): number {
    return this.specs.size;
  }

  /**
   * Renders every planned image through the media pipeline, `concurrency` at a time.
   * @returns pool id → stored image (media key and size)
   */
  async render(storage: MediaStorage, concurrency = 2): Promise<Map<string, StoredImage>> {
    const out = new Map<string, StoredImage>();
    const queue = [...this.specs.entries()];
    const worker = async () => {
      for (;;) {
        const next = queue.shift();
        if (!next) return;
        const [id, spec] = next;
        out.set(id, await renderCached(photoSvg(spec), storage));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
    return out;
  }
}

const CACHE_VERSION = 1;

function cacheDir(): string {
  return process.env.VITRINA_SEED_CACHE || path.join(os.tmpdir(), 'vitrina-seed-cache');
}

/** Copies a stored image's variants from the cache directory into the storage. */
async function copyFromCache(cacheMedia: string, key: string, storage: MediaStorage): Promise<void> {
  const dir = path.join(cacheMedia, key);
  const files = (await readdir(dir)).filter((f) => /^\d+\.webp$/.test(f));
  if (!files.length) throw new Error(`пустой кэш ${dir}`);
  await Promise.all(
    files.map(async (f) => storage.put(`${key}/${f}`, await readFile(path.join(dir, f)), 'image/webp')),
  );
}

/**
 * Stores one SVG through the media pipeline, or copies the pipeline's earlier output from the cache.
 * @returns the stored image (its media key in `storage`)
 */
async function renderCached(svg: string, storage: MediaStorage): Promise<StoredImage> {
  const hash = createHash('sha256')
    .update(`${CACHE_VERSION}|${MEDIA_WIDTHS.join(',')}|${svg}`)
    .digest('hex')
    .slice(0, 32);
  const root = cacheDir();
  const metaFile = path.join(root, 'index', `${hash}.json`);
  const cacheMedia = path.join(root, 'media');
  try {
    const cached = JSON.parse(await readFile(metaFile, 'utf8')) as StoredImage;
    await copyFromCache(cacheMedia, cached.key, storage);
    return cached;
  } catch {
    // not cached yet
  }
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
  try {
    await mkdir(path.join(root, 'index'), { recursive: true });
    const stored = await storeImage(png, { storage: localMediaStorage(cacheMedia), prefix: 'p', field: 'photo' });
    await copyFromCache(cacheMedia, stored.key, storage);
    const tmp = `${metaFile}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(tmp, JSON.stringify(stored));
    await rename(tmp, metaFile);
    return stored;
  } catch {
    // The cache is an optimisation only (read-only tmp, full disk…): store straight into the storage.
    return storeImage(png, { storage, prefix: 'p', field: 'photo' });
  }
}
