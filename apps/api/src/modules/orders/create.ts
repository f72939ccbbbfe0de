/**
 * Order creation (spec §7 `POST /v1/sales/order/`; issue «Buying»). One order = items of ONE seller. Creating it
 * reserves stock atomically (`UPDATE offers SET count = count - n WHERE count >= n`, in one transaction, offers
 * locked in id order), records the fee (`max(percent of total, minimum)`) and payout, and opens a payment at the
 * configured provider. An unpaid order holds its stock for {@link RESERVATION_MS}. Money: kopecks in the DB,
 * rubles in answers.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OrderCreate, OrderCreated } from '@vitrina/contract/orders';
import { cards, orderItems, orders, payments, productPhotos, products } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { ApiError, badRequest, conflict } from '../../lib/errors.js';
import { getOwnDeliveryPoint, serializeDeliveryPoint } from '../delivery/index.js';
import { getOwnCard } from '../cards/index.js';
import { paymentProvider, type SavedCardRef } from '../../providers/payments/index.js';
import { loadOrders } from './read.js';
import { cancelAndRelease, RESERVATION_MS } from './stock.js';
import { releaseExpiredReservations } from './transitions.js';

/** Most pieces of one size in one order. */
const MAX_COUNT = 99;

/** Fee in kopecks: `max(round(total × percent / 100), minRub × 100)`, never above the total. */
export function computeFee(totalKopecks: number, fee: { percent: number; minRub: number }): number {
  const byPercent = Math.round((totalKopecks * fee.percent) / 100);
  return Math.min(totalKopecks, Math.max(byPercent, Math.round(fee.minRub * 100)));
}

/**
 * The 409 text for a size that has no pieces left: either bought, or held by another buyer's unpaid order
 * (then it may come back within {@link RESERVATION_MS}).
 */
function goneMessage(title: string, size: string, reserved: boolean): string {
  return reserved
    ? `Товар «${title}» (размер ${size}) сейчас оформляет другой покупатель. Если он не оплатит заказ за 15 минут, вещь вернётся в продажу.`
    : `Товар «${title}» (размер ${size}) уже купили. Посмотрите похожие вещи в каталоге.`;
}

interface Candidate {
  product_id: number;
  slug: string;
  title: string;
  owner_id: number;
  status: string;
  offer_id: number | null;
  offer_size: string | null;
  price: number | null;
  stock: number | null;
}

/**
 * `POST /v1/sales/order/`: validates, reserves stock in one transaction, opens a payment.
 * @throws ApiError 400 (Russian, naming the field) for a missing/foreign delivery point or card, unknown items,
 *   sizes not offered, bad counts, items of several sellers or one's own listing; 409 when the stock is gone
 *   (somebody else bought it first); 502 when the payment provider is down (the reservation is released)
 */
export async function createOrder(app: FastifyInstance, buyerId: number, body: OrderCreate): Promise<OrderCreated> {
  await releaseExpiredReservations(app).catch((err: unknown) => app.log.warn({ err }, 'release failed'));
  const db = app.db;

  const point = await getOwnDeliveryPoint(db, buyerId, body.delivery_point).catch((e: unknown) => {
    if (e instanceof ApiError && e.statusCode === 404) {
      throw badRequest({ delivery_point: ['Пункт выдачи не найден. Выберите пункт выдачи из списка.'] });
    }
    throw e;
  });
  let card: typeof cards.$inferSelect | null = null;
  if (body.card !== undefined && body.card !== null) {
    card = await getOwnCard(db, buyerId, body.card).catch((e: unknown) => {
      if (e instanceof ApiError && e.statusCode === 404) throw badRequest({ card: ['Карта не найдена.'] });
      throw e;
    });
  }

  // Merge lines of the same slug + size (sizes compare case-insensitively, spec §5).
  const lines = new Map<string, { slug: string; size: string; count: number }>();
  for (const it of body.items) {
    const slug = it.slug.trim();
    const size = it.size.trim();
    if (!Number.isInteger(it.count) || it.count < 1) {
      throw badRequest({ items: [`Количество товара «${slug}» должно быть не меньше 1.`] });
    }
    const key = `${slug}\u0000${size.toLowerCase()}`;
    const prev = lines.get(key);
    lines.set(key, { slug, size, count: (prev?.count ?? 0) + it.count });
  }
  for (const l of lines.values()) {
    if (l.count > MAX_COUNT) throw badRequest({ items: [`Слишком большое количество товара «${l.slug}».`] });
  }

  const slugs = [...new Set([...lines.values()].map((l) => l.slug))];
  const found = await queryRows<Candidate>(
    db,
    sql`select p.id as product_id, p.slug, p.title, p.owner_id, p.status,
               o.id as offer_id, o.size as offer_size, o.price, o.count as stock
        from products p left join offers o on o.product_id = p.id
        where p.slug in (${sql.join(
          slugs.map((s) => sql`${s}`),
          sql`, `,
        )})`,
  );
  const plan: { offerId: number; productId: number; slug: string; title: string; size: string; count: number }[] = [];
  let sellerId: number | null = null;
  for (const l of lines.values()) {
    const rows = found.filter((r) => r.slug === l.slug);
    const product = rows[0];
    if (!product || !['active', 'reserved'].includes(product.status)) {
      throw badRequest({ items: [`Товар «${l.slug}» не найден или снят с продажи.`] });
    }
    if (product.owner_id === buyerId)
      throw badRequest({ items: [`Нельзя купить собственный товар «${product.title}».`] });
    if (sellerId !== null && sellerId !== product.owner_id) {
      throw badRequest({
        items: ['В одном заказе могут быть товары только одного продавца. Оформите заказы отдельно.'],
      });
    }
    sellerId = product.owner_id;
    const offer = rows.find((r) => r.offer_size !== null && r.offer_size.toLowerCase() === l.size.toLowerCase());
    if (!offer || offer.offer_id === null) {
      throw badRequest({ items: [`Размера «${l.size}» нет у товара «${product.title}».`] });
    }
    if ((offer.stock ?? 0) === 0)
      throw conflict(goneMessage(product.title, offer.offer_size!, product.status === 'reserved'));
    if (l.count > (offer.stock ?? 0)) {
      throw badRequest({
        items: [`Товара «${product.title}» размера ${offer.offer_size} осталось только ${offer.stock} шт.`],
      });
    }
    plan.push({
      offerId: offer.offer_id,
      productId: product.product_id,
      slug: product.slug,
      title: product.title,
      size: offer.offer_size!,
      count: l.count,
    });
  }
  plan.sort((a, b) => a.offerId - b.offerId);

  const now = app.clock.now();
  const paymentId = randomUUID();
  const orderId = await db.transaction(async (tx) => {
    const priced: ((typeof plan)[number] & { price: number })[] = [];
    for (const p of plan) {
      const r = await queryRows<{ price: number }>(
        tx as unknown as Db,
        sql`update offers set count = count - ${p.count}
            where id = ${p.offerId} and count >= ${p.count}
              and exists (select 1 from products where id = ${p.productId} and status in ('active', 'reserved'))
            returning price`,
      );
      if (!r.length) {
        const [cur] = await tx.select({ status: products.status }).from(products).where(eq(products.id, p.productId));
        throw conflict(goneMessage(p.title, p.size, cur?.status === 'reserved'));
      }
      priced.push({ ...p, price: r[0]!.price });
    }
    const productIds = [...new Set(plan.map((p) => p.productId))].sort((a, b) => a - b);
    await tx.execute(sql`
      update products p set status = 'reserved', updated_at = ${now.toISOString()}
      where p.id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and p.status = 'active'
        and not exists (select 1 from offers where product_id = p.id and count > 0)`);
    const total = priced.reduce((s, p) => s + p.price * p.count, 0);
    const fee = computeFee(total, app.config.fee);
    const [{ id }] = (await queryRows<{ id: number }>(
      tx as unknown as Db,
      sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`,
    )) as [{ id: number }];
    const yymm = `${String(now.getUTCFullYear()).slice(2)}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    await tx.insert(orders).values({
      id,
      number: `V-${yymm}-${String(id).padStart(6, '0')}`,
      buyerId,
      sellerId: sellerId!,
      status: 'awaiting_payment',
      deliveryPoint: serializeDeliveryPoint(point),
      cardId: card?.id ?? null,
      total,
      fee,
      payout: total - fee,
      reservedUntil: new Date(now.getTime() + RESERVATION_MS),
      createdAt: now,
    });
    const photos = await tx
      .select({ productId: productPhotos.productId, key: productPhotos.key, position: productPhotos.position })
      .from(productPhotos)
      .where(inArray(productPhotos.productId, productIds))
      .orderBy(productPhotos.productId, productPhotos.position, productPhotos.id);
    const firstPhoto = new Map<number, string>();
    for (const ph of photos) if (!firstPhoto.has(ph.productId)) firstPhoto.set(ph.productId, ph.key);
    await tx.insert(orderItems).values(
      priced.map((p) => ({
        orderId: id,
        productId: p.productId,
        offerId: p.offerId,
        slug: p.slug,
        title: p.title,
        size: p.size,
        price: p.price,
        count: p.count,
        photo: firstPhoto.get(p.productId) ?? null,
      })),
    );
    await tx.insert(payments).values({
      id: paymentId,
      orderId: id,
      provider: app.config.payments.provider,
      status: 'pending',
      amount: total,
      idempotenceKey: randomUUID(),
      createdAt: now,
      updatedAt: now,
    });
    return id;
  });

  // Open the payment outside the transaction (a real provider is an HTTP call).
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [pay] = await db.select().from(payments).where(eq(payments.id, paymentId));
  const provider = paymentProvider(app);
  const saved: SavedCardRef[] = [];
  if (provider.name === 'testgateway') {
    const mine = await db
      .select()
      .from(cards)
      .where(and(eq(cards.userId, buyerId), eq(cards.provider, 'testgateway')));
    mine.sort(
      (a, b) =>
        Number(b.id === card?.id) - Number(a.id === card?.id) ||
        Number(b.isDefault) - Number(a.isDefault) ||
        b.id - a.id,
    );
    for (const c of mine) saved.push({ token: c.token, brand: c.brand, last4: c.last4 });
  }
  try {
    const created = await provider.createPayment({
      paymentId,
      orderId,
      orderNumber: order!.number,
      amount: order!.total,
      description: `Заказ ${order!.number}`,
      returnUrl: `${app.config.publicUrl}/payment?order=${orderId}`,
      idempotenceKey: pay!.idempotenceKey,
      savedCards: saved,
    });
    await db
      .update(payments)
      .set({
        providerPaymentId: created.providerPaymentId,
        confirmationUrl: created.confirmationUrl,
        updatedAt: app.clock.now(),
      })
      .where(eq(payments.id, paymentId));
  } catch (err) {
    await db.transaction((tx) => cancelAndRelease(tx, orderId, app.clock.now(), 'Платёжный сервис недоступен.'));
    throw err;
  }
  const full = (await loadOrders(db, [orderId], buyerId))[0]!;
  return { success: true, order: full, payment: full.payment! };
}
