/**
 * `npm run reconcile`: prints the money reconciliation ({@link reconcileReport}) of the configured database
 * (DATABASE_URL, or the PGlite data under DATA_DIR) after applying migrations, and exits 1 when something needs
 * a person (a charge without a refund, a failing or dead refund, any dead job), 0 otherwise.
 */
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { migrateDatabase, openDatabase } from '../../db/client.js';
import { formatReport, reconcileReport } from './reconcile.js';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dir: path.join(config.dataDir, 'db') });
  try {
    await migrateDatabase(database);
    const report = await reconcileReport(database.db);
    console.log(formatReport(report));
    return report.needsPerson ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('Сверка не удалась:', err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
