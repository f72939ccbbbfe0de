/**
 * Prices agreed in the messenger (the chats module's `price_offers`): an accepted offer gives its buyer that price for
 * that size until `valid_until` (24 h after acceptance). Checkout charges it instead of the size's price — the order's
 * total, its fee and the seller's statistics (which read the order items' prices) all follow; everyone else pays the
 * listing's price. Read from the table directly (orders may not import the chats module, which imports orders).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import type { PricedLine } from './checkout-lines.js';

/**
 * Lowers each line's price (kopecks) to the buyer's agreed price for that size when one holds at `now` and is lower.
 * @returns the lines with their prices to charge
 */
export async function applyAgreedPrices(
  tx: Tx,
  buyerId: number,
  lines: PricedLine[],
  now: Date,
): Promise<PricedLine[]> {
  if (!lines.length) return lines;
  const rows = await queryRows<{ size_offer_id: number; price: number }>(
    tx as unknown as Db,
    sql`select size_offer_id, min(price)::int as price from price_offers
        where buyer_id = ${buyerId} and status = 'accepted' and valid_until > ${now.toISOString()}
          and size_offer_id in (${sql.join(
            lines.map((l) => sql`${l.offerId}`),
            sql`, `,
          )})
        group by size_offer_id`,
  );
  const agreed = new Map(rows.map((r) => [Number(r.size_offer_id), Number(r.price)]));
  return lines.map((l) => {
    const price = agreed.get(l.offerId);
    return price !== undefined && price < l.price ? { ...l, price } : l;
  });
}
