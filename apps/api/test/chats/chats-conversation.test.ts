/**
 * The messenger (chats module) through the real HTTP layer: one conversation from its opening (idempotent, not about one's own listing)
 * on — messages, read marks and the unread counts, the `chat_message` notice (once while unread), strangers kept out,
 * photos, masking of contacts, blocking, reports and the SMS after an hour. The people: chats-world.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Chat, ChatMessage } from '@vitrina/contract/chats';
import { MASKED, OFF_PLATFORM_NOTE } from '@vitrina/contract/chats';
import { chatReports, users } from '../../src/db/schema/index.js';
import { dbAvailable } from '../helpers.js';
import { makeListing } from '../buy-fixtures.js';
import { useMessenger } from './chats-world.js';
import { open, photo, say, send, sendForm, thread } from './fixtures.js';

const MINUTE = 60_000;

describe.runIf(dbAvailable())('messenger: one conversation', () => {
  const w = useMessenger();
  const { list, notes, read } = w;

  it('opens one conversation per buyer and listing: 201, then 200 with the same; never about one’s own listing', async () => {
    const first = await open(w.t.app, w.buyer, { product: w.listing.id });
    expect(first.statusCode, first.body).toBe(201);
    w.chat = first.json() as Chat;
    expect(w.chat).toMatchObject({
      product: { id: w.listing.id, slug: w.listing.slug, title: 'Тренч из хлопка', price: 8500 },
      interlocutor: { id: w.seller.id, name: 'Вера Тестова', deleted: false },
      role: 'buyer',
      last_message: null,
      unread_count: 0,
    });
    const again = await open(w.t.app, w.buyer, { product: w.listing.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(w.chat.id);

    const own = await open(w.t.app, w.seller, { product: w.listing.id });
    expect(own.statusCode).toBe(400);
    expect(own.json().product[0]).toMatch(/ваше объявление/);
    const unknown = await open(w.t.app, w.buyer, { product: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Объявление не найдено.');
    const bad = await open(w.t.app, w.buyer, { productt: 1 });
    expect(bad.statusCode).toBe(400);
    expect(
      (await w.t.app.inject({ method: 'POST', url: '/v1/chats/', payload: { product: w.listing.id } })).statusCode,
    ).toBe(401);
  });

  it('carries messages both ways, with unread counts, read marks and the notice counted once while unread', async () => {
    const m1 = await say(w.t.app, w.buyer, w.chat.id, '  Здравствуйте! А размер маломерит?  ');
    expect(m1).toMatchObject({
      chat: w.chat.id,
      author: w.buyer.id,
      kind: 'text',
      text: 'Здравствуйте! А размер маломерит?',
    });
    expect(m1.read).toBe(false);
    await say(w.t.app, w.buyer, w.chat.id, 'И какой обхват груди?');

    const sellerList = await list(w.seller);
    expect(sellerList.unread_total).toBe(2);
    expect(sellerList.results[0]).toMatchObject({
      id: w.chat.id,
      role: 'seller',
      unread_count: 2,
      interlocutor: { id: w.buyer.id, name: 'Анна Тестова' },
      last_message: { text: 'И какой обхват груди?' },
    });
    // Two messages, one notice: «Новое сообщение» renewed with the latest text.
    const chatNotes = (await notes(w.seller)).filter((n) => n.type === 'chat_message');
    expect(chatNotes).toHaveLength(1);
    expect(chatNotes[0]).toMatchObject({ read: false, link: `/account/messenger?chat=${w.chat.id}` });
    expect(chatNotes[0]!.text).toContain('И какой обхват груди?');

    const marked = await read(w.seller, w.chat.id);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ success: true, unread_total: 0 });
    expect((await list(w.seller)).results[0]!.unread_count).toBe(0);
    const seen = await thread(w.t.app, w.buyer, w.chat.id);
    expect(seen.results.map((m) => m.read)).toEqual([true, true]);
    expect((await notes(w.seller)).filter((n) => n.type === 'chat_message').every((n) => n.read)).toBe(true);

    // Read, then a new message: a new notice.
    await say(w.t.app, w.seller, w.chat.id, 'Садится в размер, обхват 96 см.');
    await say(w.t.app, w.buyer, w.chat.id, 'Спасибо!');
    expect((await notes(w.seller)).filter((n) => n.type === 'chat_message' && !n.read)).toHaveLength(1);
    expect((await list(w.buyer)).results[0]).toMatchObject({ unread_count: 1, role: 'buyer' });
  });

  it('refuses empty and over-long messages in Russian, and keeps strangers out with 404', async () => {
    const empty = await send(w.t.app, w.buyer, w.chat.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().text[0]).toMatch(/Напишите сообщение/);
    const long = await send(w.t.app, w.buyer, w.chat.id, 'я'.repeat(5001));
    expect(long.statusCode).toBe(400);
    expect(long.json().text[0]).toBe('Сообщение — не больше 5000 символов.');
    expect((await send(w.t.app, w.buyer, w.chat.id, 'я'.repeat(5000))).statusCode).toBe(201);

    for (const res of [
      await send(w.t.app, w.stranger, w.chat.id, 'Привет'),
      await w.t.app.inject({ url: `/v1/chats/${w.chat.id}/messages/`, headers: w.stranger.auth }),
      await w.t.app.inject({ url: `/v1/chats/${w.chat.id}/`, headers: w.stranger.auth }),
      await read(w.stranger, w.chat.id),
      await w.t.app.inject({
        method: 'POST',
        url: `/v1/chats/${w.chat.id}/report/`,
        headers: w.stranger.auth,
        payload: { reason: 'spam' },
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Диалог не найден.');
    }
    expect((await list(w.stranger)).count).toBe(0);
  });

  it('stores photos as WebP (up to 5), and refuses a sixth or a file that is not an image', async () => {
    const img = await photo();
    const res = await sendForm(w.t.app, w.buyer, w.chat.id, 'Вот так сидит', [img, img]);
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json() as ChatMessage;
    expect(m.photos).toHaveLength(2);
    // Private to the two participants: a signed link that works for about an hour (decision 0150).
    expect(m.photos[0]!.url).toMatch(
      /^\/media\/private\/m\/[0-9a-f]{2}\/[0-9a-f]{24}\/640\.webp\?exp=\d+&sig=[\w-]{43}$/,
    );
    expect((await w.t.app.inject(m.photos[0]!.url)).headers['content-type']).toBe('image/webp');
    const onlyPhoto = await sendForm(w.t.app, w.buyer, w.chat.id, '', [img]);
    expect(onlyPhoto.statusCode).toBe(201);

    const six = await sendForm(
      w.t.app,
      w.buyer,
      w.chat.id,
      'много',
      Array.from({ length: 6 }, () => img),
    );
    expect(six.statusCode).toBe(400);
    expect(six.json().photos[0]).toBe('Не больше 5 фото в одном сообщении.');
    const notImage = await sendForm(w.t.app, w.buyer, w.chat.id, 'файл', [Buffer.from('not an image at all')]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().photos[0]).toMatch(/Загрузите изображение/);
  });

  it('hides phones, e-mails, links and handles with a note, and spares prices, sizes and order numbers', async () => {
    const kept = await say(w.t.app, w.seller, w.chat.id, 'Отдам за 8 500 ₽, размер 42, как в заказе V-2611-000123.');
    expect(kept.text).toBe('Отдам за 8 500 ₽, размер 42, как в заказе V-2611-000123.');
    const masked = await say(
      w.t.app,
      w.buyer,
      w.chat.id,
      'Звоните +7 916 123-45-67 или 8(916)1234567, пишите anna@mail.ru, vk.com/anna, тг: anna_shop, @anna.vintage',
    );
    expect(masked.text).toBe(`Звоните ${MASKED} или ${MASKED}, пишите ${MASKED}, ${MASKED}, тг: ${MASKED}, ${MASKED}`);
    const page = await thread(w.t.app, w.seller, w.chat.id);
    expect(page.results[0]).toMatchObject({ kind: 'system', author: null, text: OFF_PLATFORM_NOTE });
    expect(page.results[1]!.text).not.toContain('916');
  });

  it('blocks: the blocked person cannot write (403 in Russian) until unblocked; the list of blocked people', async () => {
    const block = await w.t.app.inject({
      method: 'POST',
      url: `/v1/users/${w.buyer.id}/block/`,
      headers: w.seller.auth,
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(block.json().user).toMatchObject({ id: w.buyer.id, name: 'Анна Тестова' });
    const refused = await send(w.t.app, w.buyer, w.chat.id, 'Ау?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/ограничил вам отправку сообщений/);
    expect((await list(w.seller)).results.find((c) => c.id === w.chat.id)!.blocked).toBe(true);
    const blocked = await w.t.app.inject({ url: '/v1/users/blocked/', headers: w.seller.auth });
    expect(blocked.json()).toMatchObject({ count: 1, results: [{ user: { id: w.buyer.id } }] });
    // A new conversation about another listing of the blocker is refused too.
    const another = await makeListing(w.t.app, w.seller.id, undefined, 'Юбка');
    expect((await open(w.t.app, w.buyer, { product: another.id })).statusCode).toBe(403);

    const self = await w.t.app.inject({
      method: 'POST',
      url: `/v1/users/${w.seller.id}/block/`,
      headers: w.seller.auth,
    });
    expect(self.statusCode).toBe(400);
    const nobody = await w.t.app.inject({ method: 'POST', url: '/v1/users/999999/block/', headers: w.seller.auth });
    expect(nobody.statusCode).toBe(404);

    const unblock = await w.t.app.inject({
      method: 'POST',
      url: `/v1/users/${w.buyer.id}/unblock/`,
      headers: w.seller.auth,
    });
    expect(unblock.statusCode).toBe(200);
    expect((await send(w.t.app, w.buyer, w.chat.id, 'Ау?')).statusCode).toBe(201);
    expect((await w.t.app.inject({ url: '/v1/users/blocked/', headers: w.seller.auth })).json().count).toBe(0);
  });

  it('keeps a report for the back office', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/v1/chats/${w.chat.id}/report/`,
      headers: w.seller.auth,
      payload: { reason: 'off_platform', text: 'Зовёт в мессенджер' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await w.t.app.db.select().from(chatReports).where(eq(chatReports.id, res.json().id));
    expect(row).toMatchObject({
      chatId: w.chat.id,
      reporterId: w.seller.id,
      reason: 'off_platform',
      text: 'Зовёт в мессенджер',
    });
    const bad = await w.t.app.inject({
      method: 'POST',
      url: `/v1/chats/${w.chat.id}/report/`,
      headers: w.seller.auth,
      payload: { reason: 'boring' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().reason[0]).toMatch(/Выберите причину/);
  });

  it('texts an unread message after an hour, once per unread streak, under the SMS rules', async () => {
    const [s] = await w.t.app.db.select({ phone: users.phone }).from(users).where(eq(users.id, w.seller.id));
    const outbox = async () =>
      (
        (await w.t.app.inject(`/v1/dev/sms-outbox/?phone=${encodeURIComponent(s!.phone!)}`)).json() as {
          results: { text: string }[];
        }
      ).results.filter((m) => m.text.includes('ждёт ответа'));
    await read(w.seller, w.chat.id);
    await say(w.t.app, w.buyer, w.chat.id, 'Вы тут?');
    w.t.clock.advance(30 * MINUTE);
    await w.t.app.jobs.runDue();
    expect(await outbox()).toHaveLength(0);
    await say(w.t.app, w.buyer, w.chat.id, 'Жду ответа');
    w.t.clock.advance(31 * MINUTE);
    await w.t.app.jobs.runDue();
    const sms = await outbox();
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toMatch(/^Витрина: Анна ждёт ответа о «Тренч из хлопка»/);
    w.t.clock.advance(2 * 60 * MINUTE);
    await w.t.app.jobs.runDue();
    expect(await outbox()).toHaveLength(1);
  });
});
