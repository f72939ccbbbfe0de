/**
 * Fixtures of the messenger tests: calls of the chats API as a person makes them, and a small real photo.
 */
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { Chat, ChatMessage, MessagePage, PriceOffer } from '@vitrina/contract/chats';
import type { TestUser } from '../buy-fixtures.js';
import { multipart } from '../helpers.js';

/** `POST /v1/chats/` with a body; returns the answer. */
export const open = (app: FastifyInstance, u: TestUser, payload: object) =>
  app.inject({ method: 'POST', url: '/v1/chats/', headers: u.auth, payload });

/** Opens the buyer's conversation about a listing. @throws Error unless 200/201 */
export async function openChat(app: FastifyInstance, u: TestUser, product: number): Promise<Chat> {
  const res = await open(app, u, { product });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`open ${res.statusCode}: ${res.body}`);
  return res.json() as Chat;
}

/** `POST /v1/chats/{id}/messages/` as JSON `{text}`. */
export const send = (app: FastifyInstance, u: TestUser, chat: number, text: string) =>
  app.inject({ method: 'POST', url: `/v1/chats/${chat}/messages/`, headers: u.auth, payload: { text } });

/** Sends a message and returns it. @throws Error unless 201 */
export async function say(app: FastifyInstance, u: TestUser, chat: number, text: string): Promise<ChatMessage> {
  const res = await send(app, u, chat, text);
  if (res.statusCode !== 201) throw new Error(`message ${res.statusCode}: ${res.body}`);
  return res.json() as ChatMessage;
}

/** `POST /v1/chats/{id}/messages/` as multipart with photos. */
export function sendForm(app: FastifyInstance, u: TestUser, chat: number, text: string, photos: Buffer[]) {
  const form = multipart(
    { text },
    photos.map((data, i) => ({ field: 'photos', filename: `p${i}.jpg`, contentType: 'image/jpeg', data })),
  );
  return app.inject({
    method: 'POST',
    url: `/v1/chats/${chat}/messages/`,
    headers: { ...u.auth, ...form.headers },
    payload: form.payload,
  });
}

/** A page of a thread. */
export async function thread(app: FastifyInstance, u: TestUser, chat: number, query = ''): Promise<MessagePage> {
  const res = await app.inject({ url: `/v1/chats/${chat}/messages/${query}`, headers: u.auth });
  if (res.statusCode !== 200) throw new Error(`thread ${res.statusCode}: ${res.body}`);
  return res.json() as MessagePage;
}

/** `POST /v1/chats/{id}/offers/`. */
export const offer = (app: FastifyInstance, u: TestUser, chat: number, payload: object) =>
  app.inject({ method: 'POST', url: `/v1/chats/${chat}/offers/`, headers: u.auth, payload });

/** `POST /v1/offers/{id}/<action>/`. */
export const answer = (
  app: FastifyInstance,
  u: TestUser,
  id: number,
  action: 'accept' | 'decline' | 'counter',
  payload?: object,
) => app.inject({ method: 'POST', url: `/v1/offers/${id}/${action}/`, headers: u.auth, payload });

/** Makes an offer and returns it. @throws Error unless 201 */
export async function offered(app: FastifyInstance, u: TestUser, chat: number, payload: object): Promise<PriceOffer> {
  const res = await offer(app, u, chat, payload);
  if (res.statusCode !== 201) throw new Error(`offer ${res.statusCode}: ${res.body}`);
  return res.json() as PriceOffer;
}

/** A real JPEG of 400×300 px. */
export const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 180, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();
