/**
 * `npm run staff -- add|remove <phone>`: grants or withdraws the staff role (`users.role`) in the configured
 * database — DATABASE_URL (PostgreSQL, at any time: the role is read from the row on every staff request, so a
 * withdrawn member loses access at once) or the embedded PGlite under DATA_DIR, only while the server is stopped
 * (PGlite is one process's files; the command refuses, in Russian, while they are open — see
 * {@link pgliteInUse}). `add` creates the person's account when the number never signed in, so they are staff
 * at their first sign-in. Exit codes: 0 done, 1 refused (bad arguments, unknown number, server running), 2 failed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { migrateDatabase, openDatabase } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { parsePhone } from '../../lib/phone.js';

const USAGE = 'Использование: npm run staff -- add|remove +79991234567';

/**
 * Whether PGlite's data directory is open in another process: PGlite writes `postmaster.pid` when it opens the
 * directory and removes it on a clean close. A server that crashed leaves it behind too — starting and stopping
 * the server once clears it.
 * @param dir the PGlite data directory (`DATA_DIR/db`)
 */
export function pgliteInUse(dir: string): boolean {
  return existsSync(path.join(dir, 'postmaster.pid'));
}

class Refusal extends Error {}

async function main(argv: string[]): Promise<string> {
  const [verb, raw, ...rest] = argv;
  if ((verb !== 'add' && verb !== 'remove') || !raw || rest.length) throw new Refusal(USAGE);
  const phone = parsePhone(raw)?.e164;
  if (!phone) throw new Refusal(`«${raw.slice(0, 40)}» — не номер телефона. ${USAGE}`);
  const config = loadConfig();
  const dir = path.join(config.dataDir, 'db');
  if (!config.databaseUrl && pgliteInUse(dir))
    throw new Refusal(
      `База PGlite в ${dir} открыта другим процессом — похоже, сервер запущен. Остановите сервер (Ctrl+C) и ` +
        'повторите команду: встроенную базу может открывать только один процесс. (Если сервер упал, запустите и ' +
        'остановите его один раз.) С PostgreSQL (DATABASE_URL) команда работает и при запущенном сервере.',
    );
  const database = await openDatabase({ url: config.databaseUrl, dir });
  try {
    await migrateDatabase(database);
    const { db } = database;
    if (verb === 'add') {
      await db
        .insert(users)
        .values({ phone, role: 'staff' })
        .onConflictDoUpdate({
          target: users.phone,
          set: { role: 'staff' },
        });
      return `${phone} — теперь сотрудник: разделы /admin доступны с его следующего запроса.`;
    }
    const [row] = await db.update(users).set({ role: 'user' }).where(eq(users.phone, phone)).returning({
      id: users.id,
    });
    if (!row) throw new Refusal(`Пользователя с номером ${phone} нет в базе.`);
    const again = config.staffPhones?.includes(phone)
      ? ` Внимание: номер есть в STAFF_PHONES — при следующем входе роль вернётся; уберите его оттуда.`
      : '';
    return `${phone} больше не сотрудник: доступ к /admin закрыт со следующего запроса.${again}`;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (msg) => {
    console.log(msg);
    process.exit(0);
  },
  (err: unknown) => {
    if (err instanceof Refusal) {
      console.error(err.message);
      process.exit(1);
    }
    console.error('Команда не выполнена:', err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
