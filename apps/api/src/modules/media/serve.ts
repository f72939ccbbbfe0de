/**
 * `GET /media/<key>/<width>.webp`: a stored image streamed from the media storage (local files or the S3
 * bucket), so a photo uploaded through one process is served by any other. Only image variants are served
 * (`.webp` under a media key); anything else, and a key not stored, is a 404. A key's bytes never change, so
 * the answer is cached for a year (`immutable`) with the storage's `ETag`; `If-None-Match` gets a 304.
 * Private photos (chat, claim, proof: decision 0150) are never served here (404), only by
 * `GET /media/private/<key>/<width>.webp?exp=…&sig=…` with a valid unexpired signature (403 otherwise), from
 * the private storage, cached by the browser alone (`private`) for as long as the link works.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_CACHE_CONTROL, type MediaStorage, type StoredObject } from '../../providers/storage/index.js';
import { isPrivateKey } from './private.js';

/** What `/media/` serves: `<kind>/<2 hex>/<24 hex>/<width>.webp`. */
const MEDIA_PATH = /^[a-z]\/[0-9a-f]{2}\/[0-9a-f]{24}\/\d{1,5}\.webp$/;

/** True when an `If-None-Match` header names this entity tag (weak comparison, `*` matches any). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => strip(t) === '*' || strip(t) === strip(etag));
}

const notFoundAnswer = { detail: 'Страница не найдена.' };

/** Streams `path` from the storages (the first that has it) with `cacheControl`; 404 / 503 / 304 otherwise. */
async function send(
  req: FastifyRequest,
  reply: FastifyReply,
  storages: MediaStorage[],
  path: string,
  cacheControl: string,
) {
  let obj: StoredObject | null = null;
  try {
    for (const s of storages) if ((obj = await s.get(path))) break;
  } catch (err) {
    req.log.error({ err }, 'media storage read failed');
    return reply
      .status(503)
      .header('retry-after', '60')
      .send({ detail: 'Хранилище фотографий недоступно. Попробуйте ещё раз через минуту.' });
  }
  if (!obj) return reply.status(404).send(notFoundAnswer);
  reply.header('cache-control', cacheControl).header('etag', obj.etag);
  if (matches(req.headers['if-none-match'], obj.etag)) {
    obj.body.destroy();
    return reply.status(304).send();
  }
  return reply.type('image/webp').header('content-length', obj.size).send(obj.body);
}

/** Registers `GET /media/*` and `GET /media/private/*` (and their HEAD) on the app. */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get('/media/*', { schema: { hide: true } }, async (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    if (!MEDIA_PATH.test(path) || isPrivateKey(path)) return reply.status(404).send(notFoundAnswer);
    return send(req, reply, [app.storage], path, MEDIA_CACHE_CONTROL);
  });

  app.get('/media/private/*', { schema: { hide: true } }, async (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    if (!MEDIA_PATH.test(path) || !isPrivateKey(path)) return reply.status(404).send(notFoundAnswer);
    const { exp, sig } = req.query as Record<string, unknown>;
    const link = app.privateMedia.check(path.slice(0, path.lastIndexOf('/')), exp, sig);
    if (!link.ok)
      return reply
        .status(403)
        .header('cache-control', 'no-store')
        .send({
          detail:
            link.why === 'expired'
              ? 'Срок действия ссылки на фотографию истёк. Обновите страницу.'
              : 'Ссылка на фотографию недействительна.',
        });
    // Chat and claim photos stored before decision 0150 are read where they were until the move job took them.
    const storages = path.startsWith('v/') ? [app.privateStorage] : [app.privateStorage, app.storage];
    return send(req, reply, storages, path, `private, max-age=${link.leftS}`);
  });
}
