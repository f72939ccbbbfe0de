/**
 * `npm run seed -- [--products N] [--seed S] [--reset]`: seeds the demo catalog into the configured
 * database (DATABASE_URL, or PGlite under DATA_DIR) after applying migrations. `--reset` drops every
 * table and every stored photo (local files or the S3 bucket, `STORAGE`) first; without it the catalog must be empty. For large catalogs
 * (`--products 100000`, benchmarks) the photo pool stays bounded, so it takes minutes, not hours.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.js';
import { migrateDatabase, openDatabase } from '../db/client.js';
import { createStorage } from '../providers/storage/index.js';
import { isCatalogEmpty, seedDemo } from './index.js';

function parseArgs(argv: string[]): { products?: number; seed?: number; reset: boolean } {
  const out: { products?: number; seed?: number; reset: boolean } = { reset: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] = a.split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--reset') out.reset = true;
    else if (flag === '--products') out.products = Number(value());
    else if (flag === '--seed') out.seed = Number(value());
    else
      throw new Error(`Неизвестный параметр: ${a}. Использование: npm run seed -- [--products N] [--seed S] [--reset]`);
  }
  if (out.products !== undefined && (!Number.isInteger(out.products) || out.products < 0)) {
    throw new Error('--products: нужно целое число не меньше 0');
  }
  if (out.seed !== undefined && !Number.isInteger(out.seed)) throw new Error('--seed: нужно целое число');
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dir: path.join(config.dataDir, 'db') });
  const storage = createStorage(config);
  try {
    if (args.reset) {
      console.log('Сброс: удаляю все таблицы и фотографии из хранилища…');
      await database.db.execute(sql`drop schema if exists public cascade`);
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`create schema public`);
      await storage.removePrefix('');
    }
    await migrateDatabase(database);
    if (!(await isCatalogEmpty(database.db))) {
      throw new Error('Каталог уже заполнен. Запустите с --reset, чтобы пересоздать базу.');
    }
    const products = args.products ?? config.seedProducts;
    console.log(`Создаю демо-каталог: ${products} товаров (${database.driver})…`);
    const res = await seedDemo(database.db, {
      products,
      storage,
      seed: args.seed,
      log: (m) => console.log(m),
    });
    if (database.driver === 'postgres') await database.db.execute(sql`analyze`);
    console.log(`Готово за ${(res.ms / 1000).toFixed(1)} с.`);
  } finally {
    await storage.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
