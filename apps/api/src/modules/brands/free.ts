/**
 * The brands sellers typed themselves (`GET /v1/admin/brands/free/`): listings (not deleted) without a listed brand
 * but with `brand_text`, grouped by the normalised spelling ({@link brandKey}: case, whitespace and ё ignored), most
 * used first, with the spellings as typed and a few example listings. The typed-brand listings are few, so the
 * grouping reads them without an index of its own.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FreeBrand } from '@vitrina/contract/admin-brands';
import { queryRows, type Db } from '../../db/client.js';
import { makePage, pageWindow, type Page, type PageQuery } from '../../lib/pagination.js';

/**
 * The normalised spelling of a typed brand, as SQL: lower case, whitespace removed, ё read as е — «Само Швей»,
 * «самошвей» and «САМОШВЕЙ » are one brand.
 */
export const brandKey = (text: SQL) => sql`translate(lower(regexp_replace(${text}, '\\s+', '', 'g')), 'ё', 'е')`;

/** Listings with a typed brand that a merge may file (not deleted, no listed brand). */
export const FREE_BRAND_LISTING = sql`p.brand_id is null and p.brand_text is not null and p.status <> 'deleted'`;

/** Example listings per group. */
const EXAMPLES = 3;
/** Spellings per group. */
const SPELLINGS = 5;

const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of typed brands in use.
 * @param q part of the spelling (normalised as the groups are); empty for all
 * @throws ApiError 404 past the last page
 */
export async function freeBrandPage(db: Db, url: string, page: PageQuery, q: string): Promise<Page<FreeBrand>> {
  const key = brandKey(sql`p.brand_text`);
  const filter = q ? sql` and ${key} like '%' || ${brandKey(sql`${likeText(q)}::text`)} || '%'` : sql``;
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct ${key})::int as n from products p where ${FREE_BRAND_LISTING}${filter}`,
  );
  const { limit, offset } = pageWindow(page);
  const groups = await queryRows<{ key: string; listings_count: number; active_count: number }>(
    db,
    sql`select ${key} as key, count(*)::int as listings_count,
          (count(*) filter (where p.status = 'active'))::int as active_count
        from products p where ${FREE_BRAND_LISTING}${filter}
        group by 1 order by 2 desc, 1 limit ${limit} offset ${offset}`,
  );
  const keys = groups.map((g) => g.key);
  const spellings = keys.length
    ? await queryRows<{ key: string; text: string; n: number }>(
        db,
        sql`select ${key} as key, p.brand_text as text, count(*)::int as n from products p
            where ${FREE_BRAND_LISTING} and ${key} in (${sql.join(
              keys.map((k) => sql`${k}`),
              sql`, `,
            )})
            group by 1, 2 order by 3 desc, (p.brand_text = upper(p.brand_text)), 2`,
      )
    : [];
  const examples = keys.length
    ? await queryRows<{ key: string; id: number; slug: string; title: string; status: string }>(
        db,
        sql`select key, id, slug, title, status from (
              select ${key} as key, p.id, p.slug, p.title, p.status,
                row_number() over (partition by ${key} order by p.updated_at desc, p.id desc) as rn
              from products p where ${FREE_BRAND_LISTING} and ${key} in (${sql.join(
                keys.map((k) => sql`${k}`),
                sql`, `,
              )})
            ) e where e.rn <= ${EXAMPLES} order by e.key, e.rn`,
      )
    : [];
  return makePage(
    url,
    page,
    total?.n ?? 0,
    groups.map((g) => {
      const texts = spellings.filter((s) => s.key === g.key).map((s) => s.text);
      return {
        key: g.key,
        brand_text: texts[0] ?? g.key,
        spellings: texts.slice(0, SPELLINGS),
        listings_count: g.listings_count,
        active_count: g.active_count,
        examples: examples
          .filter((e) => e.key === g.key)
          .map((e) => ({ id: e.id, slug: e.slug, title: e.title, status: e.status })),
      };
    }),
  );
}
