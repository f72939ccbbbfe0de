/**
 * HTTP routes of the `products` module (spec §7): `POST /v1/products/`, `GET|PATCH|DELETE
 * /v1/products/{id}/`, `POST /v1/products/{id}/make_draft/`, `GET /v1/fee/`, `GET /v1/product_statuses/`,
 * `GET /v1/product_owner/`. All need a token; another user's listing answers 404. Creations, edits and photos are
 * limited per user per hour (`plugins/user-limits.ts`; 429 with `Retry-After`).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feeSchema, listingSchemaOut, ownerListingSchema, productStatusSchema } from '@vitrina/contract/products';
import { detailError, fieldErrors, pageOf } from '@vitrina/contract/common';
import { feeRule } from '../../lib/money.js';
import { parsePageQuery } from '../../lib/pagination.js';
import { refuseUserOverLimit } from '../../plugins/user-limits.js';
import { readListingUpload, readProofUpload } from './multipart.js';
import { removeKeys } from './photos.js';
import { getListing, ownerPage, statusCounts } from './read.js';
import { createListing, deleteListing, makeDraft, updateListing } from './write.js';
import { addAuthenticityPhotos, AUTHENTICITY_PHOTOS_MAX } from './authenticity.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const security = [{ token: [] }];
/**
 * Error answers (architecture §3). A 400 is either field errors (`{title: […]}`) or one message (`{detail}`, e.g.
 * «Товар забронирован покупателем…», a broken multipart body); a 413 names the field or is a `{detail}`.
 */
const errors = {
  400: z.union([detailError, fieldErrors]),
  401: detailError,
  404: detailError,
  413: z.union([detailError, fieldErrors]),
  415: detailError,
  429: detailError,
};

const MULTIPART_DOC =
  'multipart/form-data: title, description, brand (id бренда из списка), brand_text? (бренд не из списка, как написал ' +
  'продавец, до 60 символов; написание бренда из списка — «левайс» — сохраняется как этот бренд), no_brand? ("true" — ' +
  '«Без бренда»; для публикации нужен один из трёх), category (id конечной категории), condition, color?, ' +
  'sizes (JSON-строка `[{"size":"M","price":1990,"count":1}]`, цена в рублях), photos (файлы, повторяющееся поле), draft ("true" — черновик).';

export default async function productsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /**
   * Refuses a photo before it is read when it would pass the user's hourly photo limit (429); counts nothing: the
   * photos stored are counted with the listing's write (products/write.ts), so a refused upload uses nothing up.
   */
  const photoLimit = (userId: number) => (photosSoFar: number) =>
    refuseUserOverLimit(app, userId, 'photos', photosSoFar + 1);
  const auth = { preHandler: app.requireAuth };

  r.post(
    '/v1/products/',
    {
      ...auth,
      schema: {
        tags: ['products'],
        summary: 'Создать товар (multipart)',
        description: MULTIPART_DOC,
        security,
        response: { 201: listingSchemaOut, ...errors },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      // Per-user limits: refused before any upload is read; counted with the write.
      await refuseUserOverLimit(app, userId, 'listingCreates');
      const upload = await readListingUpload(request, app.storage, undefined, photoLimit(userId));
      try {
        const listing = await createListing(app, userId, upload.fields, upload.photos);
        return reply.status(201).send(listing);
      } catch (err) {
        await upload.discard();
        throw err;
      }
    },
  );

  r.get(
    '/v1/products/:id/',
    {
      ...auth,
      schema: {
        tags: ['products'],
        summary: 'Товар владельца (для редактирования)',
        security,
        params: idParams,
        response: { 200: listingSchemaOut, ...errors },
      },
    },
    async (request) => getListing(app.db, request.user!.id, request.params.id),
  );

  r.patch(
    '/v1/products/:id/',
    {
      ...auth,
      schema: {
        tags: ['products'],
        summary: 'Изменить товар (multipart, любые поля)',
        description:
          `${MULTIPART_DOC} Дополнительно: remove_photos (JSON-список id), photo_order (JSON-список id), ` +
          'status ("active" — опубликовать, "draft" — в черновики) или publish="true".',
        security,
        params: idParams,
        response: { 200: listingSchemaOut, ...errors },
      },
    },
    async (request) => {
      // Ownership first, so another user's upload is never processed.
      await getListing(app.db, request.user!.id, request.params.id);
      await refuseUserOverLimit(app, request.user!.id, 'listingEdits');
      const upload = await readListingUpload(request, app.storage, undefined, photoLimit(request.user!.id));
      try {
        const { listing, removedKeys } = await updateListing(
          app,
          request.user!.id,
          request.params.id,
          upload.fields,
          upload.photos,
        );
        await removeKeys(app.storage, removedKeys);
        return listing;
      } catch (err) {
        await upload.discard();
        throw err;
      }
    },
  );

  r.delete(
    '/v1/products/:id/',
    {
      ...auth,
      schema: {
        tags: ['products'],
        summary: 'Удалить товар',
        security,
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteListing(app, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/v1/products/:id/authenticity/',
    {
      ...auth,
      schema: {
        tags: ['products'],
        summary: 'Добавить фото для проверки подлинности (multipart, вещи люксовых брендов)',
        description:
          'multipart/form-data: photos — файлы (повторяющееся поле): чек, бирки, серийный номер; всего не больше ' +
          `${AUTHENTICITY_PHOTOS_MAX}. Их видят только владелец и модераторы. Объявление люксового бренда ждёт ` +
          'проверки в статусе pending_review; после одобрения оно публикуется с отметкой «Проверено».',
        security,
        params: idParams,
        response: { 200: listingSchemaOut, ...errors },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      // Ownership first, so another user's upload is never processed.
      await getListing(app.db, userId, request.params.id);
      const upload = await readProofUpload(request, app.privateStorage, AUTHENTICITY_PHOTOS_MAX, photoLimit(userId));
      try {
        return await addAuthenticityPhotos(app, userId, request.params.id, upload.photos);
      } catch (err) {
        await upload.discard();
        throw err;
      }
    },
  );

  r.post(
    '/v1/products/:id/make_draft/',
    {
      ...auth,
      schema: {
        tags: ['products'],
        summary: 'Перенести товар в черновики',
        security,
        params: idParams,
        response: { 200: listingSchemaOut, ...errors },
      },
    },
    async (request) => makeDraft(app, request.user!.id, request.params.id),
  );

  r.get(
    '/v1/fee/',
    {
      ...auth,
      schema: {
        tags: ['products'],
        summary: 'Комиссия: процент и минимум в рублях',
        security,
        response: { 200: feeSchema, 401: detailError },
      },
    },
    async () => feeRule(app.config.fee),
  );

  r.get(
    '/v1/product_statuses/',
    {
      ...auth,
      schema: {
        tags: ['products'],
        summary: 'Статусы товаров с количеством товаров вызывающего',
        security,
        response: { 200: z.array(productStatusSchema), 401: detailError },
      },
    },
    async (request) => statusCounts(app.db, request.user!.id),
  );

  r.get(
    '/v1/product_owner/',
    {
      ...auth,
      schema: {
        tags: ['products'],
        summary: 'Мои товары в статусе (страницы по 12)',
        security,
        querystring: z.object({
          status: z.string().optional(),
          page: z.string().optional(),
          page_size: z.string().optional(),
        }),
        response: { 200: pageOf(ownerListingSchema), ...errors },
      },
    },
    async (request) => {
      const q = parsePageQuery(request.query, 12);
      return ownerPage(app.db, request.user!.id, request.query.status, q, request.url);
    },
  );
}
