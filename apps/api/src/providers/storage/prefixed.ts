/**
 * A storage seen through a key prefix: `get('m/ab/…/640.webp')` reads `private/m/ab/…/640.webp` of the storage
 * underneath. Private photos (decision 0150) live apart from public ones this way — a local directory
 * `DATA_DIR/media/private/` the public `/media/` route never matches, or the `private/` prefix of the bucket — on
 * whichever storage the installation has, without a second set of settings.
 */
import type { MediaStorage } from './types.js';

/**
 * The storage `base` under `prefix/`. Closing it does not close `base` (the app closes that).
 * @param prefix one key segment, e.g. `private`
 */
export function prefixedStorage(base: MediaStorage, prefix: string): MediaStorage {
  const full = (key: string) => `${prefix}/${key}`;
  return {
    name: base.name,
    put: (key, data, contentType) => base.put(full(key), data, contentType),
    get: (key) => base.get(full(key)),
    removePrefix: (key) => base.removePrefix(key === '' ? prefix : full(key)),
    async close() {},
  };
}
