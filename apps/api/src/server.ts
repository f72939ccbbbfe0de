/**
 * Entry point (`npm start`, `npm run dev`): config → database → migrations → demo seed when empty →
 * buildApp → web (unless `--api-only`) → listen. Stops gracefully on SIGTERM/SIGINT: in-flight requests finish, the
 * database closes.
 */
import path from 'node:path';
import { loadConfig, ConfigError } from './config.js';
import { openDatabase, migrateDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { OffsetClock, systemClock } from './lib/clock.js';
import { mountWeb } from './web.js';
import { isCatalogEmpty, seedDemo } from './db/seed/index.js';
import { createStorage } from './providers/storage/index.js';

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
  const database = await openDatabase({ url: config.databaseUrl, dir: path.join(config.dataDir, 'db') });
  await migrateDatabase(database);
  const storage = createStorage(config);
  const shouldSeed = config.seedDemo ?? !config.isProduction;
  if (shouldSeed && (await isCatalogEmpty(database.db))) {
    console.log(`Витрина: создаю демо-каталог (${config.seedProducts} товаров)…`);
    await seedDemo(database.db, { products: config.seedProducts, storage });
  }
  // Outside production the clock can be moved forward by `POST /v1/dev/clock/` (architecture §6).
  const clock = config.isProduction ? systemClock : new OffsetClock();
  const app = await buildApp({ config, database, clock, storage });
  // `--api-only`: the API alone, without the site's pages (a separate web process; the SIGKILL tests).
  if (!process.argv.includes('--api-only')) await mountWeb(app, { dev });
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'остановка сервера');
    try {
      await app.close();
      await storage.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  console.log(`Витрина работает: http://localhost:${config.port}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
