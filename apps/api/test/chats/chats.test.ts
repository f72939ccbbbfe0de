/**
 * The messenger (chats module) through the real HTTP layer: opening a conversation (idempotent, not about one's own
 * listing, by order), messages and their pages, read marks and the unread counts, strangers kept out, photos, masking
 * of contacts, blocking, reports, the `chat_message` notice (once per conversation while unread), the SMS after an
 * hour, order events as system lines, the per-user limits and account deletion.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat, ChatMessage, ChatPage } from '@vitrina/contract/chats';
import { MASKED, MESSAGES_PAGE_SIZE, OFF_PLATFORM_NOTE } from '@vitrina/contract/chats';
import type { Notification } from '@vitrina/contract/notifications';
import { chatMessages, chatReports, products, users } from '../../src/db/schema/index.js';
import { createTestApp, dbAvailable, randomIp, signIn, type TestContext } from '../helpers.js';
import { makeListing, makePoint, makeUser, placePaidOrder, type TestUser } from '../buy-fixtures.js';
import { open, openChat, photo, say, send, sendForm, thread } from './fixtures.js';

const MINUTE = 60_000;

describe.runIf(dbAvailable())('messenger', () => {
  let t: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  let stranger: TestUser;
  let listing: { id: number; slug: string };
  let chat: Chat;

  beforeAll(async () => {
    t = await createTestApp();
    seller = await makeUser(t.app, 'Вера');
    buyer = await makeUser(t.app, 'Анна');
    stranger = await makeUser(t.app, 'Борис');
    listing = await makeListing(t.app, seller.id, [{ size: 'M', price: 8500, count: 2 }], 'Тренч из хлопка');
  });
  afterAll(() => t?.close());

  const list = async (u: TestUser) => (await t.app.inject({ url: '/v1/chats/', headers: u.auth })).json() as ChatPage;
  const notes = async (u: TestUser) =>
    ((await t.app.inject({ url: '/v1/notifications/', headers: u.auth })).json() as { results: Notification[] })
      .results;
  const read = (u: TestUser, id: number) =>
    t.app.inject({ method: 'POST', url: `/v1/chats/${id}/read/`, headers: u.auth });

  it('opens one conversation per buyer and listing: 201, then 200 with the same; never about one’s own listing', async () => {
    const first = await open(t.app, buyer, { product: listing.id });
    expect(first.statusCode, first.body).toBe(201);
    chat = first.json() as Chat;
    expect(chat).toMatchObject({
      product: { id: listing.id, slug: listing.slug, title: 'Тренч из хлопка', price: 8500 },
      interlocutor: { id: seller.id, name: 'Вера Тестова', deleted: false },
      role: 'buyer',
      last_message: null,
      unread_count: 0,
    });
    const again = await open(t.app, buyer, { product: listing.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(chat.id);

    const own = await open(t.app, seller, { product: listing.id });
    expect(own.statusCode).toBe(400);
    expect(own.json().product[0]).toMatch(/ваше объявление/);
    const unknown = await open(t.app, buyer, { product: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Объявление не найдено.');
    const bad = await open(t.app, buyer, { productt: 1 });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/chats/', payload: { product: listing.id } })).statusCode,
    ).toBe(401);
  });

  it('carries messages both ways, with unread counts, read marks and the notice counted once while unread', async () => {
    const m1 = await say(t.app, buyer, chat.id, '  Здравствуйте! А размер маломерит?  ');
    expect(m1).toMatchObject({
      chat: chat.id,
      author: buyer.id,
      kind: 'text',
      text: 'Здравствуйте! А размер маломерит?',
    });
    expect(m1.read).toBe(false);
    await say(t.app, buyer, chat.id, 'И какой обхват груди?');

    const sellerList = await list(seller);
    expect(sellerList.unread_total).toBe(2);
    expect(sellerList.results[0]).toMatchObject({
      id: chat.id,
      role: 'seller',
      unread_count: 2,
      interlocutor: { id: buyer.id, name: 'Анна Тестова' },
      last_message: { text: 'И какой обхват груди?' },
    });
    // Two messages, one notice: «Новое сообщение» renewed with the latest text.
    const chatNotes = (await notes(seller)).filter((n) => n.type === 'chat_message');
    expect(chatNotes).toHaveLength(1);
    expect(chatNotes[0]).toMatchObject({ read: false, link: `/account/messenger?chat=${chat.id}` });
    expect(chatNotes[0]!.text).toContain('И какой обхват груди?');

    const marked = await read(seller, chat.id);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ success: true, unread_total: 0 });
    expect((await list(seller)).results[0]!.unread_count).toBe(0);
    const seen = await thread(t.app, buyer, chat.id);
    expect(seen.results.map((m) => m.read)).toEqual([true, true]);
    expect((await notes(seller)).filter((n) => n.type === 'chat_message').every((n) => n.read)).toBe(true);

    // Read, then a new message: a new notice.
    await say(t.app, seller, chat.id, 'Садится в размер, обхват 96 см.');
    await say(t.app, buyer, chat.id, 'Спасибо!');
    expect((await notes(seller)).filter((n) => n.type === 'chat_message' && !n.read)).toHaveLength(1);
    expect((await list(buyer)).results[0]).toMatchObject({ unread_count: 1, role: 'buyer' });
  });

  it('refuses empty and over-long messages in Russian, and keeps strangers out with 404', async () => {
    const empty = await send(t.app, buyer, chat.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().text[0]).toMatch(/Напишите сообщение/);
    const long = await send(t.app, buyer, chat.id, 'я'.repeat(5001));
    expect(long.statusCode).toBe(400);
    expect(long.json().text[0]).toBe('Сообщение — не больше 5000 символов.');
    expect((await send(t.app, buyer, chat.id, 'я'.repeat(5000))).statusCode).toBe(201);

    for (const res of [
      await send(t.app, stranger, chat.id, 'Привет'),
      await t.app.inject({ url: `/v1/chats/${chat.id}/messages/`, headers: stranger.auth }),
      await t.app.inject({ url: `/v1/chats/${chat.id}/`, headers: stranger.auth }),
      await read(stranger, chat.id),
      await t.app.inject({
        method: 'POST',
        url: `/v1/chats/${chat.id}/report/`,
        headers: stranger.auth,
        payload: { reason: 'spam' },
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Диалог не найден.');
    }
    expect((await list(stranger)).count).toBe(0);
  });

  it('pages a thread by 50, newest first, with ?before= for older ones', async () => {
    const other = await makeListing(t.app, seller.id, undefined, 'Платье');
    const c = await openChat(t.app, buyer, other.id);
    const now = t.clock.now();
    await t.app.db.insert(chatMessages).values(
      Array.from({ length: 120 }, (_, i) => ({
        chatId: c.id,
        authorId: i % 2 ? seller.id : buyer.id,
        text: `сообщение ${i + 1}`,
        createdAt: new Date(now.getTime() + i),
      })),
    );
    const p1 = await thread(t.app, buyer, c.id);
    expect(p1.results).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(p1.results[0]!.text).toBe('сообщение 120');
    expect(p1.next).toBe(`/v1/chats/${c.id}/messages/?before=${p1.results[49]!.id}`);
    const p2 = await thread(t.app, buyer, c.id, `?before=${p1.results[49]!.id}`);
    expect(p2.results[0]!.text).toBe('сообщение 70');
    const p3 = await thread(t.app, buyer, c.id, p2.next!.slice(p2.next!.indexOf('?')));
    expect(p3.results.map((m) => m.text).at(-1)).toBe('сообщение 1');
    expect(p3.results).toHaveLength(20);
    expect(p3.next).toBeNull();
    const bad = await t.app.inject({ url: `/v1/chats/${c.id}/messages/?before=abc`, headers: buyer.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().before).toBeDefined();
  });

  it('stores photos as WebP (up to 5), and refuses a sixth or a file that is not an image', async () => {
    const img = await photo();
    const res = await sendForm(t.app, buyer, chat.id, 'Вот так сидит', [img, img]);
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json() as ChatMessage;
    expect(m.photos).toHaveLength(2);
    expect(m.photos[0]!.url).toMatch(/^\/media\/m\/[0-9a-f]{2}\/[0-9a-f]{24}\/640\.webp$/);
    expect((await t.app.inject(m.photos[0]!.url)).headers['content-type']).toBe('image/webp');
    const onlyPhoto = await sendForm(t.app, buyer, chat.id, '', [img]);
    expect(onlyPhoto.statusCode).toBe(201);

    const six = await sendForm(
      t.app,
      buyer,
      chat.id,
      'много',
      Array.from({ length: 6 }, () => img),
    );
    expect(six.statusCode).toBe(400);
    expect(six.json().photos[0]).toBe('Не больше 5 фото в одном сообщении.');
    const notImage = await sendForm(t.app, buyer, chat.id, 'файл', [Buffer.from('not an image at all')]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().photos[0]).toMatch(/Загрузите изображение/);
  });

  it('hides phones, e-mails, links and handles with a note, and spares prices, sizes and order numbers', async () => {
    const kept = await say(t.app, seller, chat.id, 'Отдам за 8 500 ₽, размер 42, как в заказе V-2611-000123.');
    expect(kept.text).toBe('Отдам за 8 500 ₽, размер 42, как в заказе V-2611-000123.');
    const masked = await say(
      t.app,
      buyer,
      chat.id,
      'Звоните +7 916 123-45-67 или 8(916)1234567, пишите anna@mail.ru, vk.com/anna, тг: anna_shop, @anna.vintage',
    );
    expect(masked.text).toBe(`Звоните ${MASKED} или ${MASKED}, пишите ${MASKED}, ${MASKED}, тг: ${MASKED}, ${MASKED}`);
    const page = await thread(t.app, seller, chat.id);
    expect(page.results[0]).toMatchObject({ kind: 'system', author: null, text: OFF_PLATFORM_NOTE });
    expect(page.results[1]!.text).not.toContain('916');
  });

  it('blocks: the blocked person cannot write (403 in Russian) until unblocked; the list of blocked people', async () => {
    const block = await t.app.inject({ method: 'POST', url: `/v1/users/${buyer.id}/block/`, headers: seller.auth });
    expect(block.statusCode, block.body).toBe(200);
    expect(block.json().user).toMatchObject({ id: buyer.id, name: 'Анна Тестова' });
    const refused = await send(t.app, buyer, chat.id, 'Ау?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/ограничил вам отправку сообщений/);
    expect((await list(seller)).results.find((c) => c.id === chat.id)!.blocked).toBe(true);
    const blocked = await t.app.inject({ url: '/v1/users/blocked/', headers: seller.auth });
    expect(blocked.json()).toMatchObject({ count: 1, results: [{ user: { id: buyer.id } }] });
    // A new conversation about another listing of the blocker is refused too.
    const another = await makeListing(t.app, seller.id, undefined, 'Юбка');
    expect((await open(t.app, buyer, { product: another.id })).statusCode).toBe(403);

    const self = await t.app.inject({ method: 'POST', url: `/v1/users/${seller.id}/block/`, headers: seller.auth });
    expect(self.statusCode).toBe(400);
    const nobody = await t.app.inject({ method: 'POST', url: '/v1/users/999999/block/', headers: seller.auth });
    expect(nobody.statusCode).toBe(404);

    const unblock = await t.app.inject({ method: 'POST', url: `/v1/users/${buyer.id}/unblock/`, headers: seller.auth });
    expect(unblock.statusCode).toBe(200);
    expect((await send(t.app, buyer, chat.id, 'Ау?')).statusCode).toBe(201);
    expect((await t.app.inject({ url: '/v1/users/blocked/', headers: seller.auth })).json().count).toBe(0);
  });

  it('keeps a report for the back office', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/chats/${chat.id}/report/`,
      headers: seller.auth,
      payload: { reason: 'off_platform', text: 'Зовёт в мессенджер' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.db.select().from(chatReports).where(eq(chatReports.id, res.json().id));
    expect(row).toMatchObject({
      chatId: chat.id,
      reporterId: seller.id,
      reason: 'off_platform',
      text: 'Зовёт в мессенджер',
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/v1/chats/${chat.id}/report/`,
      headers: seller.auth,
      payload: { reason: 'boring' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().reason[0]).toMatch(/Выберите причину/);
  });

  it('texts an unread message after an hour, once per unread streak, under the SMS rules', async () => {
    const [s] = await t.app.db.select({ phone: users.phone }).from(users).where(eq(users.id, seller.id));
    const outbox = async () =>
      (
        (await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(s!.phone!)}`)).json() as {
          results: { text: string }[];
        }
      ).results.filter((m) => m.text.includes('ждёт ответа'));
    await read(seller, chat.id);
    await say(t.app, buyer, chat.id, 'Вы тут?');
    t.clock.advance(30 * MINUTE);
    await t.app.jobs.runDue();
    expect(await outbox()).toHaveLength(0);
    await say(t.app, buyer, chat.id, 'Жду ответа');
    t.clock.advance(31 * MINUTE);
    await t.app.jobs.runDue();
    const sms = await outbox();
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toMatch(/^Витрина: Анна ждёт ответа о «Тренч из хлопка»/);
    t.clock.advance(2 * 60 * MINUTE);
    await t.app.jobs.runDue();
    expect(await outbox()).toHaveLength(1);
  });

  it('shows order events as system lines in the order’s conversation, which either side opens by the order', async () => {
    const point = await makePoint(t.app, buyer);
    const bought = await makeListing(t.app, seller.id, undefined, 'Кардиган');
    const placed = await placePaidOrder(t.app, buyer, bought.slug, point);
    await t.app.jobs.runDue();
    const bySeller = await open(t.app, seller, { order: placed.order.id });
    expect(bySeller.statusCode, bySeller.body).toBe(200);
    const c = bySeller.json() as Chat;
    expect(c).toMatchObject({ role: 'seller', product: { id: bought.id }, interlocutor: { id: buyer.id } });
    expect((await open(t.app, buyer, { order: placed.order.id })).json().id).toBe(c.id);
    expect((await open(t.app, stranger, { order: placed.order.id })).statusCode).toBe(404);
    const ship = await t.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${placed.order.id}/ship/`,
      headers: seller.auth,
      payload: { tracking_number: '1234567890' },
    });
    expect(ship.statusCode).toBe(200);
    await t.app.jobs.runDue();
    const lines = (await thread(t.app, buyer, c.id)).results;
    expect(lines.every((m) => m.kind === 'system' && m.author === null)).toBe(true);
    expect(lines.map((m) => m.text)).toEqual([
      expect.stringMatching(/^Заказ V-\d{4}-\d{6} отправлен\. Трек-номер: 1234567890\.$/),
      expect.stringMatching(/^Заказ V-\d{4}-\d{6} оплачен: 4 990 ₽/),
    ]);
  });

  it('turns the chat_message notice off in the settings', async () => {
    const u = await makeUser(t.app, 'Глеб');
    const l = await makeListing(t.app, u.id, undefined, 'Куртка');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/notifications/settings/',
      headers: u.auth,
      payload: { settings: [{ type: 'chat_message', site: false }] },
    });
    expect(put.statusCode).toBe(200);
    const c = await openChat(t.app, buyer, l.id);
    await say(t.app, buyer, c.id, 'Здравствуйте');
    expect((await notes(u)).filter((n) => n.type === 'chat_message')).toHaveLength(0);
    expect((await list(u)).unread_total).toBe(1);
  });

  it('limits messages per minute and new conversations per day (429 with Retry-After)', async () => {
    const talker = await makeUser(t.app, 'Дина');
    const c = await openChat(t.app, talker, listing.id);
    t.clock.advance(MINUTE);
    for (let i = 0; i < 30; i += 1) expect((await send(t.app, talker, c.id, `№${i}`)).statusCode).toBe(201);
    const over = await send(t.app, talker, c.id, 'ещё');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().detail).toMatch(
      /^Слишком много сообщений: не больше 30 в минуту\. Попробуйте через (\d+ с|1 мин)\.$/,
    );
    t.clock.advance(MINUTE);
    expect((await send(t.app, talker, c.id, 'снова можно')).statusCode).toBe(201);

    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) ids.push((await makeListing(t.app, seller.id, undefined, `Вещь ${i}`)).id);
    const opener = await makeUser(t.app, 'Ева');
    for (const id of ids.slice(0, 19)) expect((await open(t.app, opener, { product: id })).statusCode).toBe(201);
    // An existing conversation is not new: it does not count.
    expect((await open(t.app, opener, { product: ids[0] })).statusCode).toBe(200);
    expect((await open(t.app, opener, { product: listing.id })).statusCode).toBe(201);
    const tooMany = await open(t.app, opener, { product: ids[19] });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().detail).toMatch(/^Слишком много новых диалогов: не больше 20 в сутки/);
  });

  it('an erased account reads «Удалённый пользователь», its text and photos gone; writing to it is a 400', async () => {
    const s = await signIn(t.app);
    const anna = { id: 0, auth: s.auth };
    anna.id = (await t.app.inject({ url: '/v1/self/', headers: s.auth })).json().info.id as number;
    const c = await openChat(t.app, anna, listing.id);
    const img = await photo();
    const withPhoto = (await sendForm(t.app, anna, c.id, 'Моё фото', [img])).json() as ChatMessage;
    await say(t.app, seller, c.id, 'Красиво!');

    t.clock.advance(61_000);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/v1/users/me/delete/send-code/',
      headers: anna.auth,
      remoteAddress: randomIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const sms = (await t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(s.phone)}`)).json().results[0];
    const del = await t.app.inject({
      method: 'POST',
      url: '/v1/users/me/delete/',
      headers: anna.auth,
      payload: { code: sms.code },
      remoteAddress: randomIp(),
    });
    expect(del.statusCode, del.body).toBe(200);

    const seen = (await list(seller)).results.find((x) => x.id === c.id)!;
    expect(seen.interlocutor).toEqual({ id: anna.id, name: 'Удалённый пользователь', avatar: null, deleted: true });
    const page = await thread(t.app, seller, c.id);
    const erased = page.results.find((m) => m.id === withPhoto.id)!;
    expect(erased).toMatchObject({ text: '', photos: [], erased: true, author: anna.id });
    expect(page.results.find((m) => m.author === seller.id)!.text).toBe('Красиво!');
    expect((await t.app.inject(withPhoto.photos[0]!.url)).statusCode).toBe(404);
    const refused = await send(t.app, seller, c.id, 'Вы тут?');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Собеседник удалил аккаунт');
  });

  it('a withdrawn listing cannot start a new conversation', async () => {
    const l = await makeListing(t.app, seller.id, undefined, 'Шарф');
    await t.app.db.update(products).set({ status: 'deleted' }).where(eq(products.id, l.id));
    expect((await open(t.app, stranger, { product: l.id })).statusCode).toBe(404);
  });
});
