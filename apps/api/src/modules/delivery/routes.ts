/**
 * HTTP routes of the `delivery` module (spec §3, §4, §7): the caller's delivery points (multipart
 * `name`, `address`, `point_id`, `delivery_service_type`) and the public pickup-point directory.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliveryPointSchema,
  deliveryServiceTypeSchema,
  idPathParams,
  pickupCitySchema,
  pickupPointSchema,
} from '@vitrina/contract/orders';
import { pageOf } from '@vitrina/contract/common';
import { parsePageQuery } from '../../lib/pagination.js';
import { readFormFields } from '../../lib/form.js';
import {
  createDeliveryPoint,
  deleteDeliveryPoint,
  listDeliveryPoints,
  pickupCities,
  searchPickupPoints,
  updateDeliveryPoint,
} from './service.js';

const idParams = idPathParams;
const formDescription =
  'multipart/form-data: name, address, point_id, delivery_service_type (cdek | boxberry | russian_post | yandex | 5post)';

export default async function deliveryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.requireAuth };

  r.get(
    '/v1/delivery_points/',
    {
      ...auth,
      schema: {
        tags: ['delivery'],
        summary: 'Мои пункты выдачи',
        security: [{ token: [] }],
        response: { 200: z.array(deliveryPointSchema) },
      },
    },
    async (request) => listDeliveryPoints(app.db, request.user!.id),
  );

  r.post(
    '/v1/delivery_points/',
    {
      ...auth,
      schema: {
        tags: ['delivery'],
        summary: 'Добавить пункт выдачи',
        description: formDescription,
        security: [{ token: [] }],
        response: { 201: deliveryPointSchema },
      },
    },
    async (request, reply) => {
      const fields = await readFormFields(request);
      return reply.status(201).send(await createDeliveryPoint(app.db, request.user!.id, fields));
    },
  );

  r.put(
    '/v1/delivery_points/:id/',
    {
      ...auth,
      schema: {
        tags: ['delivery'],
        summary: 'Изменить пункт выдачи',
        description: formDescription,
        params: idParams,
        security: [{ token: [] }],
        response: { 200: deliveryPointSchema },
      },
    },
    async (request) => {
      const fields = await readFormFields(request);
      return updateDeliveryPoint(app.db, request.user!.id, request.params.id, fields);
    },
  );

  r.delete(
    '/v1/delivery_points/:id/',
    {
      ...auth,
      schema: {
        tags: ['delivery'],
        summary: 'Удалить пункт выдачи',
        params: idParams,
        security: [{ token: [] }],
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteDeliveryPoint(app.db, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/v1/public/pickup-points/',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Справочник пунктов выдачи',
        description:
          'Фильтры: service, city, q (часть адреса или названия); страницы page, page_size (по умолчанию 20, не больше 100).',
        querystring: z.object({
          service: deliveryServiceTypeSchema.optional(),
          city: z.string().max(100).optional(),
          q: z.string().max(200).optional(),
          page: z.string().optional(),
          page_size: z.string().optional(),
        }),
        response: { 200: pageOf(pickupPointSchema) },
      },
    },
    async (request) => {
      const page = parsePageQuery(request.query, 20);
      const { service, city, q } = request.query;
      return searchPickupPoints(app, request.url, page, { service, city, q });
    },
  );

  r.get(
    '/v1/public/pickup-points/cities/',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Города, где есть пункты выдачи',
        response: { 200: z.array(pickupCitySchema) },
      },
    },
    async () => pickupCities(app.db),
  );
}
