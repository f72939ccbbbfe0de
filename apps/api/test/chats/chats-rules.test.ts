/**
 * The messenger (chats module) through the real HTTP layer: a thread's pages, order events as system lines
 * (a conversation opened by order), the notice turned off, the per-user limits, account deletion and a withdrawn
 * listing. The people: chats-world.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Chat, ChatMessage } from '@vitrina/contract/chats';
import { MESSAGES_PAGE_SIZE } from '@vitrina/contract/chats';
import { chatMessages, products } from '../../src/db/schema/index.js';
import { dbAvailable, randomIp, signIn } from '../helpers.js';
import { makeListing, makePoint, makeUser, placePaidOrder } from '../buy-fixtures.js';
import { useMessenger } from './chats-world.js';
import { open, openChat, photo, say, send, sendForm, thread } from './fixtures.js';

const MINUTE = 60_000;

describe.runIf(dbAvailable())('messenger: pages, orders, limits, deletion', () => {
  const w = useMessenger();
  const { list, notes } = w;

  it('pages a thread by 50, newest first, with ?before= for older ones', async () => {
    const other = await makeListing(w.t.app, w.seller.id, undefined, 'Платье');
    const c = await openChat(w.t.app, w.buyer, other.id);
    const now = w.t.clock.now();
    await w.t.app.db.insert(chatMessages).values(
      Array.from({ length: 120 }, (_, i) => ({
        chatId: c.id,
        authorId: i % 2 ? w.seller.id : w.buyer.id,
        text: `сообщение ${i + 1}`,
        createdAt: new Date(now.getTime() + i),
      })),
    );
    const p1 = await thread(w.t.app, w.buyer, c.id);
    expect(p1.results).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(p1.results[0]!.text).toBe('сообщение 120');
    expect(p1.next).toBe(`/v1/chats/${c.id}/messages/?before=${p1.results[49]!.id}`);
    const p2 = await thread(w.t.app, w.buyer, c.id, `?before=${p1.results[49]!.id}`);
    expect(p2.results[0]!.text).toBe('сообщение 70');
    const p3 = await thread(w.t.app, w.buyer, c.id, p2.next!.slice(p2.next!.indexOf('?')));
    expect(p3.results.map((m) => m.text).at(-1)).toBe('сообщение 1');
    expect(p3.results).toHaveLength(20);
    expect(p3.next).toBeNull();
    const bad = await w.t.app.inject({ url: `/v1/chats/${c.id}/messages/?before=abc`, headers: w.buyer.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().before).toBeDefined();
  });

  it('shows order events as system lines in the order’s conversation, which either side opens by the order', async () => {
    const point = await makePoint(w.t.app, w.buyer);
    const bought = await makeListing(w.t.app, w.seller.id, undefined, 'Кардиган');
    const placed = await placePaidOrder(w.t.app, w.buyer, bought.slug, point);
    await w.t.app.jobs.runDue();
    const bySeller = await open(w.t.app, w.seller, { order: placed.order.id });
    expect(bySeller.statusCode, bySeller.body).toBe(200);
    const c = bySeller.json() as Chat;
    expect(c).toMatchObject({ role: 'seller', product: { id: bought.id }, interlocutor: { id: w.buyer.id } });
    expect((await open(w.t.app, w.buyer, { order: placed.order.id })).json().id).toBe(c.id);
    expect((await open(w.t.app, w.stranger, { order: placed.order.id })).statusCode).toBe(404);
    const ship = await w.t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${placed.order.id}/ship/`,
      headers: w.seller.auth,
      payload: { tracking_number: '1234567890' },
    });
    expect(ship.statusCode).toBe(200);
    await w.t.app.jobs.runDue();
    const lines = (await thread(w.t.app, w.buyer, c.id)).results;
    expect(lines.every((m) => m.kind === 'system' && m.author === null)).toBe(true);
    expect(lines.map((m) => m.text)).toEqual([
      expect.stringMatching(/^Заказ V-\d{4}-\d{6} отправлен\. Трек-номер: 1234567890\.$/),
      expect.stringMatching(/^Заказ V-\d{4}-\d{6} оплачен: 4 990 ₽/),
    ]);
  });

  it('turns the chat_message notice off in the settings', async () => {
    const u = await makeUser(w.t.app, 'Глеб');
    const l = await makeListing(w.t.app, u.id, undefined, 'Куртка');
    const put = await w.t.app.inject({
      method: 'PUT',
      url: '/v1/notifications/settings/',
      headers: u.auth,
      payload: { settings: [{ type: 'chat_message', site: false }] },
    });
    expect(put.statusCode).toBe(200);
    const c = await openChat(w.t.app, w.buyer, l.id);
    await say(w.t.app, w.buyer, c.id, 'Здравствуйте');
    expect((await notes(u)).filter((n) => n.type === 'chat_message')).toHaveLength(0);
    expect((await list(u)).unread_total).toBe(1);
  });

  it('limits messages per minute and new conversations per day (429 with Retry-After)', async () => {
    const talker = await makeUser(w.t.app, 'Дина');
    const c = await openChat(w.t.app, talker, w.listing.id);
    w.t.clock.advance(MINUTE);
    for (let i = 0; i < 30; i += 1) expect((await send(w.t.app, talker, c.id, `№${i}`)).statusCode).toBe(201);
    const over = await send(w.t.app, talker, c.id, 'ещё');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().detail).toMatch(
      /^Слишком много сообщений: не больше 30 в минуту\. Попробуйте через (\d+ с|1 мин)\.$/,
    );
    w.t.clock.advance(MINUTE);
    expect((await send(w.t.app, talker, c.id, 'снова можно')).statusCode).toBe(201);

    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) ids.push((await makeListing(w.t.app, w.seller.id, undefined, `Вещь ${i}`)).id);
    const opener = await makeUser(w.t.app, 'Ева');
    for (const id of ids.slice(0, 19)) expect((await open(w.t.app, opener, { product: id })).statusCode).toBe(201);
    // An existing conversation is not new: it does not count.
    expect((await open(w.t.app, opener, { product: ids[0] })).statusCode).toBe(200);
    expect((await open(w.t.app, opener, { product: w.listing.id })).statusCode).toBe(201);
    const tooMany = await open(w.t.app, opener, { product: ids[19] });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().detail).toMatch(/^Слишком много новых диалогов: не больше 20 в сутки/);
  });

  it('an erased account reads «Удалённый пользователь», its text and photos gone; writing to it is a 400', async () => {
    const s = await signIn(w.t.app);
    const anna = { id: 0, auth: s.auth };
    anna.id = (await w.t.app.inject({ url: '/v1/self/', headers: s.auth })).json().info.id as number;
    const c = await openChat(w.t.app, anna, w.listing.id);
    const img = await photo();
    const withPhoto = (await sendForm(w.t.app, anna, c.id, 'Моё фото', [img])).json() as ChatMessage;
    await say(w.t.app, w.seller, c.id, 'Красиво!');

    w.t.clock.advance(61_000);
    const sent = await w.t.app.inject({
      method: 'POST',
      url: '/v1/users/me/delete/send-code/',
      headers: anna.auth,
      remoteAddress: randomIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const sms = (await w.t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(s.phone)}`)).json().results[0];
    const del = await w.t.app.inject({
      method: 'POST',
      url: '/v1/users/me/delete/',
      headers: anna.auth,
      payload: { code: sms.code },
      remoteAddress: randomIp(),
    });
    expect(del.statusCode, del.body).toBe(200);

    const seen = (await list(w.seller)).results.find((x) => x.id === c.id)!;
    expect(seen.interlocutor).toEqual({ id: anna.id, name: 'Удалённый пользователь', avatar: null, deleted: true });
    const page = await thread(w.t.app, w.seller, c.id);
    const erased = page.results.find((m) => m.id === withPhoto.id)!;
    expect(erased).toMatchObject({ text: '', photos: [], erased: true, author: anna.id });
    expect(page.results.find((m) => m.author === w.seller.id)!.text).toBe('Красиво!');
    expect((await w.t.app.inject(withPhoto.photos[0]!.url)).statusCode).toBe(404);
    const refused = await send(w.t.app, w.seller, c.id, 'Вы тут?');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Собеседник удалил аккаунт');
  });

  it('a withdrawn listing cannot start a new conversation', async () => {
    const l = await makeListing(w.t.app, w.seller.id, undefined, 'Шарф');
    await w.t.app.db.update(products).set({ status: 'deleted' }).where(eq(products.id, l.id));
    expect((await open(w.t.app, w.stranger, { product: l.id })).statusCode).toBe(404);
  });
});
