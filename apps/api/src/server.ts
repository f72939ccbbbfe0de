/**
 * Entry point (`npm start` runs it compiled, `npm run dev` through tsx): config → database → migrations → demo seed
 * when empty (both under a PostgreSQL advisory lock, so processes starting together do them once) → buildApp → web
 * (unless `--api-only`) → listen. Stops gracefully on SIGTERM/SIGINT ({@link SHUTDOWN_GRACE_MS}).
 */
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig, ConfigError } from './config.js';
import { openDatabase, migrateDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { serverClock } from './lib/installation-settings.js';
import { mountWeb } from './web.js';
import { isCatalogEmpty, seedDemo } from './seed/index.js';
import { seedContent } from './modules/content/index.js';
import { withStartupLock } from './db/startup.js';
import { createStorage } from './providers/storage/index.js';

/**
 * How long a stopping server lets requests in flight finish, ms; past it the remaining connections are cut and
 * the process exits with 1.
 */
export const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const dev = process.argv.includes('--dev');
  // Production's stdout is JSON lines only (a log collector reads it); in development a person reads the console.
  const startupLog = config.isProduction ? pino({ level: config.logLevel }) : null;
  const announce = (msg: string) => (startupLog ? startupLog.info(msg) : console.log(msg));
  const database = await openDatabase({ url: config.databaseUrl, dir: path.join(config.dataDir, 'db') });
  const storage = createStorage(config);
  await withStartupLock(database, async () => {
    await migrateDatabase(database);
    // The content pages' and entries' first texts, also on a production database without the demo seed.
    await seedContent(database.db);
    const shouldSeed = config.seedDemo ?? !config.isProduction;
    if (shouldSeed && (await isCatalogEmpty(database.db))) {
      announce(`Витрина: создаю демо-каталог (${config.seedProducts} товаров)…`);
      await seedDemo(database.db, { products: config.seedProducts, storage });
    }
  });
  // Outside production the clock can be moved forward by `POST /v1/dev/clock/` (architecture §6); the move is
  // kept in the database, so it survives a restart.
  const clock = await serverClock(config, database.db);
  const app = await buildApp({ config, database, clock, storage });
  // `--api-only`: the API alone, without the site's pages (a separate web process; the SIGKILL tests).
  if (!process.argv.includes('--api-only')) await mountWeb(app, { dev });
  // Stopping: the job worker takes no more jobs (the one running finishes), sockets are closed with 1012 so clients
  // reconnect (notifications hub), the server stops accepting and lets requests in flight finish — at most
  // SHUTDOWN_GRACE_MS, then the connections left are cut — and the database closes last.
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'остановка сервера');
    let code = 0;
    const force = setTimeout(() => {
      code = 1;
      app.log.warn('остановка: запросы не завершились за 10 с, соединения закрыты принудительно');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    try {
      await Promise.all([app.jobs.stop(), app.close()]);
      await storage.close();
      await database.close();
    } catch (err) {
      code = 1;
      app.log.error({ err }, 'остановка: ошибка');
    } finally {
      clearTimeout(force);
      process.exit(code);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  // Fastify's own log line already names the address it listens at; a person in development gets a link to click.
  if (!config.isProduction) console.log(`Витрина работает: http://localhost:${config.port}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
