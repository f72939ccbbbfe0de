/**
 * `npm run bench:messenger [-- options]`: the messenger on PostgreSQL, loopback only, one compiled server process.
 *
 * 1. A thread page with a million messages in the table: a fresh database `vitrina_bench_chat` gets `--messages`
 *    (1 000 000) messages spread over 1 000 conversations, one of them holding a tenth; `GET
 *    /v1/chats/{id}/messages/?before=<random id>` of that big thread, one request at a time, `--pages` times: p50,
 *    p99 of the answer's time at the client.
 * 2. Delivery to the other side's socket: the seller holds `/ws/notifications/`; the buyer posts `--sends` messages
 *    (`POST /v1/chats/{id}/messages/`, one at a time); the time from sending the request to the seller's socket
 *    receiving `new_message`: p50, p99, max.
 *
 * Options: `--messages 1000000`, `--pages 500`, `--sends 300`, `--no-write` (do not touch docs/performance.md).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { migrateDatabase, openDatabase } from '../apps/api/src/db/client.js';
import { hashToken } from '../apps/api/src/plugins/auth.js';
import { PG, ROOT, startServer, stopServer, waitReady } from './server.js';

const DB = 'vitrina_bench_chat';

function args(argv: string[]) {
  const a = { messages: 1_000_000, pages: 500, sends: 300, write: true };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const val = () => Number(inline ?? argv[++i]);
    if (flag === '--messages') a.messages = val();
    else if (flag === '--pages') a.pages = val();
    else if (flag === '--sends') a.sends = val();
    else if (flag === '--no-write') a.write = false;
    else throw new Error(`Неизвестный параметр: ${argv[i]}`);
  }
  return a;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/**
 * A fresh, migrated database: a seller with a listing, 1 000 buyers each with a conversation about it, `messages`
 * messages (a tenth in the first conversation), tokens of the seller and the first buyer.
 */
async function prepare(messages: number) {
  const admin = new pg.Client({ connectionString: `${PG}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB}`);
  await admin.end();
  const url = `${PG}/${DB}`;
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  await database.close();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const key = () => randomBytes(20).toString('hex');
  const keys = { seller: key(), buyer: key() };
  await c.query(`insert into users (phone, first_name, last_name)
    select '+7900' || lpad(g::text, 7, '0'), 'Пользователь ' || g, 'Тестов' from generate_series(0, 1000) g`);
  const { rows: people } = await c.query<{ id: number }>('select id from users order by id');
  const seller = people[0]!.id;
  const buyer = people[1]!.id;
  await c.query('insert into auth_tokens (user_id, key_hash) values ($1, $2), ($3, $4)', [
    seller,
    hashToken(keys.seller),
    buyer,
    hashToken(keys.buyer),
  ]);
  const { rows: p } = await c.query<{ id: number }>(
    `insert into products (slug, owner_id, title, type, condition, status, min_price, published_at)
     values ('bench-chat', $1, 'Тренч из хлопка', 'women', 'excellent', 'active', 499000, now()) returning id`,
    [seller],
  );
  await c.query(`insert into offers (product_id, size, price, count) values ($1, 'M', 499000, 1)`, [p[0]!.id]);
  await c.query(
    `insert into chats (product_id, buyer_id, seller_id, created_at, last_message_at)
     select $1, u.id, $2, now(), now() from users u where u.id <> $2 order by u.id`,
    [p[0]!.id, seller],
  );
  const { rows: chats } = await c.query<{ id: number; buyer_id: number }>('select id, buyer_id from chats order by id');
  const big = chats[0]!;
  const bigCount = Math.floor(messages / 10);
  console.log(`[bench] ${messages} сообщений…`);
  await c.query(
    `insert into chat_messages (chat_id, author_id, text, created_at)
     select $1::int, case when g % 2 = 0 then $2::int else $3::int end, 'Сообщение номер ' || g || ': а размер маломерит?',
            now() - make_interval(secs => $4::int - g)
     from generate_series(1, $4::int) g`,
    [big.id, big.buyer_id, seller, bigCount],
  );
  await c.query(
    `insert into chat_messages (chat_id, author_id, text, created_at)
     select $3::int + 1 + (g % 999), $1::int, 'Сообщение ' || g, now()
     from generate_series(1, $2::int) g`,
    [seller, messages - bigCount, big.id],
  );
  await c.query(
    `update chats c set last_message_id = m.id from (select chat_id, max(id) as id from chat_messages group by chat_id) m
     where m.chat_id = c.id`,
  );
  await c.query('vacuum (analyze)');
  const { rows: range } = await c.query<{ lo: number; hi: number }>(
    'select min(id)::int as lo, max(id)::int as hi from chat_messages where chat_id = $1',
    [big.id],
  );
  await c.end();
  return { url, keys, chatId: big.id, lo: range[0]!.lo, hi: range[0]!.hi };
}

async function main() {
  const a = args(process.argv.slice(2));
  const data = await prepare(a.messages);
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-bench-chat-'));
  const server = startServer(data.url, dir, port, { CHAT_MESSAGES_PER_MINUTE: '1000000' });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitReady(base, server);
    const auth = (k: string) => ({ authorization: `Token ${k}` });

    // 1. Thread pages at random depths.
    const page: number[] = [];
    for (let i = 0; i < a.pages + 20; i++) {
      const before = data.lo + 50 + Math.floor(Math.random() * (data.hi - data.lo - 50));
      const t0 = performance.now();
      const r = await fetch(`${base}/v1/chats/${data.chatId}/messages/?before=${before}`, {
        headers: auth(data.keys.seller),
      });
      if (r.status !== 200) throw new Error(`страница: ${r.status}`);
      await r.arrayBuffer();
      if (i >= 20) page.push(performance.now() - t0);
    }

    // 2. Delivery to the seller's socket.
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/notifications/?token=${data.keys.seller}`);
    let sentAt = 0;
    let pending: ((t: number) => void) | null = null;
    ws.on('message', (raw) => {
      const m = JSON.parse((raw as Buffer).toString()) as { type: string; message?: { text: string } };
      if (m.type === 'new_message' && pending) {
        const done = pending;
        pending = null;
        done(performance.now() - sentAt);
      }
    });
    await new Promise((r) => ws.once('message', r)); // the initial list
    const delivery: number[] = [];
    for (let i = 0; i < a.sends + 10; i++) {
      const arrived = new Promise<number>((resolve) => (pending = resolve));
      sentAt = performance.now();
      const r = await fetch(`${base}/v1/chats/${data.chatId}/messages/`, {
        method: 'POST',
        headers: { ...auth(data.keys.buyer), 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Проверка доставки ${i}` }),
      });
      if (r.status !== 201) throw new Error(`сообщение: ${r.status} ${await r.text()}`);
      const ms = await Promise.race([
        arrived,
        new Promise<number>((_, rej) => setTimeout(() => rej(new Error('нет кадра за 5 с')), 5000)),
      ]);
      if (i >= 10) delivery.push(ms);
    }
    ws.close();

    const f = (x: number) => x.toFixed(1);
    const load = os
      .loadavg()
      .map((x) => x.toFixed(1).replace('.', ','))
      .join(' / ');
    const lines = [
      '<!-- messenger:start -->',
      '## Мессенджер (`npm run bench:messenger`)',
      '',
      `Дата: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; один процесс скомпилированного сервера на PostgreSQL (loopback), ` +
        `по одному запросу за раз; в таблице \`chat_messages\` ${a.messages.toLocaleString('ru-RU')} сообщений (1 000 диалогов, в открываемом — десятая часть).`,
      '',
      `Машина: ${os.availableParallelism()} ядра, loadavg ${load} в конце замера (под нагрузкой p99 растёт в разы: цели — на спокойной машине).`,
      '',
      '| Замер | p50, мс | p99, мс | max, мс | Цель |',
      '|---|---:|---:|---:|---|',
      `| Страница переписки (50 сообщений, \`?before=\` на случайной глубине), ${a.pages} запросов | ${f(pct(page, 50))} | **${f(pct(page, 99))}** | ${f(Math.max(...page))} | p99 < 20 мс |`,
      `| \`POST\` сообщения → кадр \`new_message\` в сокете собеседника, ${a.sends} сообщений | ${f(pct(delivery, 50))} | **${f(pct(delivery, 99))}** | ${f(Math.max(...delivery))} | p99 < 100 мс |`,
      '<!-- messenger:end -->',
    ];
    const text = lines.join('\n');
    console.log(text);
    if (a.write) {
      const file = path.join(ROOT, 'docs/performance.md');
      const doc = readFileSync(file, 'utf8');
      const block = /<!-- messenger:start -->[\s\S]*?<!-- messenger:end -->/;
      writeFileSync(file, block.test(doc) ? doc.replace(block, text) : `${doc.trimEnd()}\n\n${text}\n`);
    }
  } finally {
    await stopServer(server);
  }
}

await main();
