/**
 * Demo reviews (buyer protection's trust signals): about half of the demo's completed orders get their buyer's
 * review of the seller within two days of completion — mostly 5 and 4 stars, now and then a 3 or a 2 with a reason —
 * and a few sellers answer. Seller pages and product cards then show a rating, a count and the star distribution.
 * Deterministic: its own random stream (`seed`), so the rest of the demo stays as it was.
 */
import type { Db, Tx } from '../db/client.js';
import { reviews } from '../db/schema/index.js';
import { Random } from './random.js';

/** A completed demo order as the reviews need it. */
export interface CompletedOrder {
  id: number;
  buyerId: number;
  sellerId: number;
  completedAt: Date;
}

const TEXTS: Record<number, readonly string[]> = {
  5: [
    'Всё как в описании, отправили на следующий день. Спасибо!',
    'Вещь в идеальном состоянии, упаковано аккуратно.',
    'Быстрая отправка, продавец на связи. Рекомендую.',
    'Сидит отлично, размер совпал с таблицей.',
    '',
  ],
  4: [
    'Вещь хорошая, но отправка заняла три дня.',
    'Всё соответствует, небольшие следы носки не видны на фото — некритично.',
    '',
  ],
  3: ['Цвет в жизни темнее, чем на фото. В остальном нормально.'],
  2: ['Пятно на рукаве не было указано в описании, пришлось отдавать в химчистку.'],
};
const ANSWERS = ['Спасибо за отзыв! Рады, что подошло.', 'Спасибо! Носите с удовольствием.'];

/** Inserts the demo reviews of `completed` orders made before `now`; returns how many. */
export async function seedReviews(tx: Tx | Db, completed: CompletedOrder[], now: Date, seed: number): Promise<number> {
  const rnd = new Random(seed * 7_919 + 31);
  const rows: (typeof reviews.$inferInsert)[] = [];
  for (const o of completed) {
    if (!rnd.chance(0.5)) continue;
    const roll = rnd.next();
    const rating = roll < 0.72 ? 5 : roll < 0.92 ? 4 : roll < 0.97 ? 3 : 2;
    const texts = TEXTS[rating]!;
    const createdAt = new Date(Math.min(now.getTime(), o.completedAt.getTime() + rnd.int(1, 48) * 3_600_000));
    const answered = rating >= 4 && rnd.chance(0.2);
    rows.push({
      orderId: o.id,
      authorId: o.buyerId,
      targetId: o.sellerId,
      authorRole: 'buyer',
      rating,
      text: texts[rnd.int(0, texts.length - 1)]!,
      createdAt,
      answerText: answered ? ANSWERS[rnd.int(0, ANSWERS.length - 1)]! : null,
      answeredAt: answered ? new Date(Math.min(now.getTime(), createdAt.getTime() + 3_600_000)) : null,
    });
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(reviews).values(rows.slice(i, i + 500));
  return rows.length;
}
