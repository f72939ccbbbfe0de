/**
 * Media storage providers (architecture «providers»): where the photos' bytes live.
 * - `local` (default) — files under `DATA_DIR/media`: one machine, nothing to set up.
 * - `s3` — an S3-compatible bucket (`S3_*`): any number of processes on any machines share the photos.
 * The media module (`modules/media`) writes, reads and removes through {@link MediaStorage} only.
 */
import type { Config } from '../../config.js';
import { localMediaStorage } from './local.js';
import { s3MediaStorage } from './s3.js';

export { isSafeKey, MEDIA_CACHE_CONTROL, type MediaStorage, type StoredObject } from './types.js';
export { localMediaStorage } from './local.js';
export { prefixedStorage } from './prefixed.js';

/**
 * The storage the configuration names (`STORAGE`): local files under `config.mediaDir` when absent.
 * @returns a storage to `close()` when the server stops
 */
export function createStorage(config: Pick<Config, 'storage' | 'mediaDir'>) {
  const s = config.storage;
  return s?.provider === 's3' ? s3MediaStorage(s.s3) : localMediaStorage(config.mediaDir);
}
