/**
 * `STORAGE=local`: objects are files under one directory (`DATA_DIR/media`), a key's `/` a subdirectory. Writes go
 * to a temporary file renamed into place, so a reader never sees half an image. For one machine only: another
 * machine's process does not see these files (use `s3` for several).
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { isSafeKey, type MediaStorage } from './types.js';

/**
 * The local-directory storage.
 * @param dir absolute directory the objects are kept in (created on the first write)
 */
export function localMediaStorage(dir: string): MediaStorage {
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Недопустимый ключ хранилища: ${JSON.stringify(key)}`);
    return path.join(dir, key);
  };
  return {
    name: 'local',
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, data);
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const file = path.join(dir, key);
      const st = await stat(file).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return null;
        throw err;
      });
      if (!st?.isFile()) return null;
      return {
        body: createReadStream(file),
        size: st.size,
        etag: `"${st.size.toString(16)}-${Math.trunc(st.mtimeMs).toString(16)}"`,
      };
    },
    async removePrefix(prefix) {
      await rm(prefix === '' ? dir : fileOf(prefix), { recursive: true, force: true });
    },
    async close() {},
  };
}
