/**
 * HTTP routes of the `users` module (spec §7): `GET /v1/self/`, `PUT /v1/self/change/` (multipart:
 * first_name, last_name, city, about, avatar). Rules live in ./service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { detailError } from '@vitrina/contract/common';
import { selfAnswerSchema, selfUserSchema } from '@vitrina/contract/auth';
import { readProfileForm, selfInfo, updateProfile } from './service.js';

export default async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/self/',
    {
      schema: {
        tags: ['users'],
        summary: 'Текущий пользователь',
        description:
          'info: id, phone, first_name, last_name, avatar, city, about, date_joined, is_staff (сотрудник Витрины), delivery_points.',
        security: [{ token: [] }],
        response: { 200: selfAnswerSchema, 401: detailError },
      },
      preHandler: app.requireAuth,
    },
    async (request) => ({ success: true as const, info: await selfInfo(app, request.user!) }),
  );

  r.put(
    '/v1/self/change/',
    {
      schema: {
        tags: ['users'],
        summary: 'Изменить профиль',
        description:
          'multipart/form-data: first_name (до 50), last_name (до 50), city (до 100), about (до 1000), avatar — файл JPEG/PNG/WebP/HEIC до 10 МБ. Пустое текстовое поле avatar удаляет фотографию.',
        consumes: ['multipart/form-data', 'application/json'],
        security: [{ token: [] }],
        response: { 200: selfUserSchema },
      },
      preHandler: app.requireAuth,
    },
    async (request) => {
      const form = await readProfileForm(request);
      return updateProfile(app, request.user!, form);
    },
  );
}
