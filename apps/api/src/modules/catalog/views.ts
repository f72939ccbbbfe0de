/**
 * View counting of product pages (`GET /v1/public/products/{slug}/`, architecture §3; issue «The shop runs»).
 *
 * Every opened product page adds one view, yet writing `view_count + 1` on each request costs a new row
 * version of a wide listing with all its index entries (the popular sort indexes `view_count`), and
 * under load those writes are what the product page waits for. Views are therefore added up in memory
 * and written in one statement per {@link VIEW_FLUSH_MS} (and when the server stops). Each instance adds
 * only its own views (`view_count = view_count + n`), so several instances stay correct; a crash loses at
 * most the last few seconds of views.
 *
 * This is a write buffer, not a cache (so it is not on lib/cache.ts): its entries are increments that
 * must reach the database — an entry may not be evicted or expire unwritten, nothing is served from it
 * but the «not yet written» addition to a page's count, and it is emptied by each write (at most one
 * entry per listing viewed within {@link VIEW_FLUSH_MS}).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** How often the views in memory are written, ms. */
export const VIEW_FLUSH_MS = 3000;

interface Buffer {
  pending: Map<number, number>;
  timer: NodeJS.Timeout | null;
}

const buffers = new WeakMap<Db, Buffer>();

function bufferOf(db: Db): Buffer {
  let b = buffers.get(db);
  if (!b) buffers.set(db, (b = { pending: new Map(), timer: null }));
  return b;
}

/** Views of a listing counted in this process but not yet written. */
export function pendingViews(db: Db, productId: number): number {
  return buffers.get(db)?.pending.get(productId) ?? 0;
}

/**
 * Counts one view of a listing; it is written within {@link VIEW_FLUSH_MS}.
 * @param onError told when a write fails (those views are dropped)
 */
export function countView(db: Db, productId: number, onError: (err: unknown) => void): void {
  const b = bufferOf(db);
  b.pending.set(productId, (b.pending.get(productId) ?? 0) + 1);
  if (!b.timer) {
    b.timer = setTimeout(() => {
      b.timer = null;
      flushViews(db).catch(onError);
    }, VIEW_FLUSH_MS);
    b.timer.unref();
  }
}

/** Writes the views counted so far in one UPDATE (nothing when there are none). */
export async function flushViews(db: Db): Promise<void> {
  const b = buffers.get(db);
  if (!b) return;
  if (b.timer) clearTimeout(b.timer);
  b.timer = null;
  if (!b.pending.size) return;
  const ids = [...b.pending.keys()];
  const counts = ids.map((id) => b.pending.get(id)!);
  b.pending.clear();
  await db.execute(
    sql`update products p set view_count = p.view_count + v.n
        from unnest(${sql.param(ids)}::int[], ${sql.param(counts)}::int[]) as v(id, n) where p.id = v.id`,
  );
}
