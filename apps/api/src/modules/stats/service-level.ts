/**
 * The seller's service level (spec §7; as Avito shows it): 0–100 over the orders paid in the last
 * {@link SERVICE_LEVEL_DAYS} days — the share shipped by the ship-by deadline ({@link SHIP_WITHIN_DAYS} days
 * after payment, to the end of the Moscow day: `lib/moscow-time.ts`, which buyer protection enforces) among
 * those already decided (shipped, cancelled after payment — only the seller or the deadline can cancel a paid
 * order — or past the deadline unshipped). Orders still within their deadline do not count yet. A window with
 * fewer than {@link SERVICE_LEVEL_MIN_ORDERS} decided orders reaches back to the seller's latest that many, so one
 * late order among few (a quiet month, the demo's clock moved on) does not read as 0 %.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { plural } from '@vitrina/contract/plural';
import type { ServiceLevel } from '@vitrina/contract/sales';
import { queryRows } from '../../db/client.js';
import { MOSCOW_TZ, SHIP_WITHIN_DAYS } from '../../lib/moscow-time.js';

/** The window of the service level, days. */
export const SERVICE_LEVEL_DAYS = 30;
/** The fewest decided orders the level is read over (older ones join a thin window). */
export const SERVICE_LEVEL_MIN_ORDERS = 10;

/** «из 1 заказа», «из 5 заказов» (genitive after «из»). */
const ofOrders = (n: number) => `из ${n} ${plural(n, ['заказа', 'заказов', 'заказов'])}`;

/**
 * The explanation under the number, e.g. «18 из 20 заказов отправлены вовремя, 1 отменён вами — за 30 дней», or
 * «… — по последним 4 заказам» when `older` orders before the window were counted.
 */
export function explainServiceLevel(
  s: Omit<ServiceLevel, 'level' | 'explanation'> & { pending: number; older?: number },
): string {
  if (!s.orders) return `За ${SERVICE_LEVEL_DAYS} дней заказов не было — уровень появится после первой продажи.`;
  const decided = s.orders - s.pending;
  const parts: string[] = [];
  if (decided > 0)
    parts.push(
      `${s.shipped_in_time} ${ofOrders(decided)} ${plural(s.shipped_in_time, ['отправлен', 'отправлены', 'отправлены'])} вовремя`,
    );
  if (s.cancelled_by_seller)
    parts.push(`${s.cancelled_by_seller} ${plural(s.cancelled_by_seller, ['отменён', 'отменены', 'отменены'])} вами`);
  if (s.pending) parts.push(`${s.pending} ${plural(s.pending, ['ждёт', 'ждут', 'ждут'])} отправки, срок ещё не вышел`);
  const span = s.older
    ? `по последним ${decided} ${plural(decided, ['заказу', 'заказам', 'заказам'])}`
    : `за ${SERVICE_LEVEL_DAYS} дней`;
  return `${parts.join(', ')} — ${span}`;
}

/** `GET /v1/sales/service-level/` of a seller. */
export async function serviceLevel(app: FastifyInstance, sellerId: number): Promise<ServiceLevel> {
  const now = app.clock.now();
  const since = new Date(now.getTime() - SERVICE_LEVEL_DAYS * 86_400_000);
  // The deadline: the start of the Moscow day after the SHIP_WITHIN_DAYS-th day after payment.
  const deadline = sql`(((o.paid_at at time zone ${MOSCOW_TZ}::text)::date + ${SHIP_WITHIN_DAYS + 1}::int)::timestamp at time zone ${MOSCOW_TZ}::text)`;
  const [r] = await queryRows<{ orders: number; in_time: number; cancelled: number; pending: number; older: number }>(
    app.db,
    sql`select count(*)::int as orders,
          count(*) filter (where x.shipped_at is not null and x.shipped_at < x.deadline)::int as in_time,
          count(*) filter (where x.status = 'cancelled')::int as cancelled,
          count(*) filter (where x.pending)::int as pending,
          count(*) filter (where x.paid_at < ${since.toISOString()}::timestamptz)::int as older
        from (
          select y.*, row_number() over (partition by y.pending order by y.paid_at desc, y.id desc) as rn
          from (
            select o.id, o.status, o.paid_at, o.shipped_at, ${deadline} as deadline,
                   (o.shipped_at is null and o.status <> 'cancelled' and ${deadline} > ${now.toISOString()}::timestamptz) as pending
            from orders o
            where o.seller_id = ${sellerId} and o.paid_at is not null
              and o.status in ('paid', 'shipped', 'delivered', 'disputed', 'completed', 'refunded', 'cancelled')
          ) y
        ) x
        where x.paid_at >= ${since.toISOString()}::timestamptz
           or (not x.pending and x.rn <= ${SERVICE_LEVEL_MIN_ORDERS}::int)`,
  );
  const s = {
    orders: Number(r!.orders),
    shipped_in_time: Number(r!.in_time),
    cancelled_by_seller: Number(r!.cancelled),
    pending: Number(r!.pending),
    older: Number(r!.older),
  };
  const decided = s.orders - s.pending;
  const level = !s.orders ? null : decided ? Math.round((100 * s.shipped_in_time) / decided) : 100;
  const { pending: _pending, older: _older, ...shape } = s;
  return { level, ...shape, explanation: explainServiceLevel(s) };
}
