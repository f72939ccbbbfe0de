/**
 * What a media storage provider does: keep, hand out and remove the bytes of stored images by key
 * (`p/3f/3fa9…/640.webp`). Keys are relative paths of letters, digits, `.`, `_` and `-`; never `..`.
 */
import type { Readable } from 'node:stream';

/** One stored object as read back: its bytes as a stream, its size in bytes and its entity tag. */
export interface StoredObject {
  body: Readable;
  /** Bytes. */
  size: number;
  /** A quoted entity tag (`"…"`), the same for the same bytes on every process reading this storage. */
  etag: string;
}

/** A place photos live in: a local directory or an S3-compatible bucket. */
export interface MediaStorage {
  readonly name: 'local' | 's3';
  /**
   * Writes one object (replacing what was under the key). A reader never sees half of it.
   * @param contentType its MIME type, e.g. `image/webp`
   * @throws Error when the key is unsafe or the storage fails
   */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Reads one object.
   * @returns the object, or null when nothing is stored under the key (or the key is unsafe)
   * @throws Error when the storage fails
   */
  get(key: string): Promise<StoredObject | null>;
  /**
   * Removes every object under `prefix/` (an image's variants); `''` — every object of the storage.
   * @throws Error when the storage fails
   */
  removePrefix(prefix: string): Promise<void>;
  /** Releases connections; the storage is not used after. */
  close(): Promise<void>;
}

/** `Cache-Control` of a stored image: a key's bytes never change, so it is cached for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** True for a relative key whose every `/`-separated part is a plain name (no `..`, no empty part). */
export function isSafeKey(key: string): boolean {
  return key.length > 0 && key.length <= 512 && key.split('/').every((s) => SEGMENT.test(s) && !/^\.+$/.test(s));
}
