/**
 * The cart availability check (spec §7 `POST /v1/product/check-availability/`; spec §3, §4: items reported
 * unavailable are dropped from the cart; spec §5: a cart item is slug + size, size compared
 * case-insensitively).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';

/** A validated cart line of `check-availability`. */
export interface CartLine {
  slug: string;
  size: string;
  /** Pieces wanted. */
  count: number;
}

/** Identity of a cart line: slug + size, the size trimmed and lower-cased. */
const lineKey = (slug: string, size: string) => `${slug}\u0000${size.trim().toLowerCase()}`;

/** Pieces in stock of each active listing's sizes (by {@link lineKey}), and which slugs are active. */
async function stockOf(db: Db, slugs: string[]): Promise<{ stock: Map<string, number>; active: Set<string> }> {
  const rows = slugs.length
    ? await queryRows<{ slug: string; status: string; size: string | null; count: number | null }>(
        db,
        sql`select p.slug, p.status, o.size, o.count
            from products p left join offers o on o.product_id = p.id
            where p.slug = any(${sql.param(slugs)}::text[])`,
      )
    : [];
  const stock = new Map<string, number>();
  const active = new Set<string>();
  for (const r of rows) {
    if (r.status !== 'active') continue;
    active.add(r.slug);
    if (r.size != null) {
      const k = `${r.slug}\u0000${r.size.toLowerCase()}`;
      stock.set(k, (stock.get(k) ?? 0) + (r.count ?? 0));
    }
  }
  return { stock, active };
}

/**
 * `POST /v1/product/check-availability/` (spec §3, §7): which cart lines cannot be bought now —
 * unknown slugs, listings not `active`, sizes not offered (compared case-insensitively) and counts above
 * stock. Lines of the same slug and size are added up. One query for the whole cart.
 * @returns `{success: true, unavailable_items: [{slug, size}]}` with slug and size as the client sent them
 */
export async function checkAvailability(db: Db, lines: CartLine[]) {
  const { stock, active } = await stockOf(db, [...new Set(lines.map((l) => l.slug))]);
  const wanted = new Map<string, number>();
  for (const l of lines) {
    const k = lineKey(l.slug, l.size);
    wanted.set(k, (wanted.get(k) ?? 0) + l.count);
  }
  const seen = new Set<string>();
  const unavailable: { slug: string; size: string }[] = [];
  for (const l of lines) {
    const k = lineKey(l.slug, l.size);
    if (seen.has(k)) continue;
    seen.add(k);
    const have = stock.get(k);
    if (!active.has(l.slug) || have === undefined || have < wanted.get(k)!)
      unavailable.push({ slug: l.slug, size: l.size });
  }
  return { success: true, unavailable_items: unavailable };
}
