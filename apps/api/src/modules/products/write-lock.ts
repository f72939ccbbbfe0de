/**
 * The products module's write lock (write.ts, authenticity.ts).
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { offers, products } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

/**
 * Locks a listing for a write that depends on its status or stock: its offers (`FOR UPDATE`, id order), then the
 * listing row — the order checkout takes them in (orders module: offers, then listings), so a listing ordered while
 * it is deleted, moved to drafts or edited ends one way or the other, never both, and neither side deadlocks.
 * @returns the listing row as it is now (latest committed)
 * @throws ApiError 404 when it does not exist, is deleted or belongs to someone else
 */
export async function lockOwnedListing(tx: Tx, ownerId: number, id: number) {
  await tx.select({ id: offers.id }).from(offers).where(eq(offers.productId, id)).orderBy(asc(offers.id)).for('update');
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.ownerId, ownerId), ne(products.status, 'deleted')))
    .for('update');
  if (!row) throw notFound();
  return row;
}
