/**
 * `GET /media/<key>/<width>.webp`: a stored image streamed from the media storage (local files or the S3
 * bucket), so a photo uploaded through one process is served by any other. Only image variants are served
 * (`.webp` under a media key); anything else, and a key not stored, is a 404. A key's bytes never change, so
 * the answer is cached for a year (`immutable`) with the storage's `ETag`; `If-None-Match` gets a 304.
 */
import type { FastifyInstance } from 'fastify';
import { MEDIA_CACHE_CONTROL, type StoredObject } from '../../providers/storage/index.js';

/** What `/media/` serves: `<kind>/<2 hex>/<24 hex>/<width>.webp`. */
const MEDIA_PATH = /^[a-z]\/[0-9a-f]{2}\/[0-9a-f]{24}\/\d{1,5}\.webp$/;

/** True when an `If-None-Match` header names this entity tag (weak comparison, `*` matches any). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => strip(t) === '*' || strip(t) === strip(etag));
}

/** Registers `GET /media/*` (and its HEAD) on the app; reads through `app.storage`. */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get('/media/*', { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    if (!MEDIA_PATH.test(key)) return reply.status(404).send({ detail: 'Страница не найдена.' });
    let obj: StoredObject | null;
    try {
      obj = await app.storage.get(key);
    } catch (err) {
      req.log.error({ err }, 'media storage read failed');
      return reply
        .status(503)
        .header('retry-after', '60')
        .send({ detail: 'Хранилище фотографий недоступно. Попробуйте ещё раз через минуту.' });
    }
    if (!obj) return reply.status(404).send({ detail: 'Страница не найдена.' });
    reply.header('cache-control', MEDIA_CACHE_CONTROL).header('etag', obj.etag);
    if (matches(req.headers['if-none-match'], obj.etag)) {
      obj.body.destroy();
      return reply.status(304).send();
    }
    return reply.type('image/webp').header('content-length', obj.size).send(obj.body);
  });
}
