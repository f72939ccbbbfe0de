/**
 * The meta description of a brand page, from the brand's summary that its page loads anyway
 * (`GET /v1/public/brands/{slug}/`: count, lowest price, new ones, top categories):
 * «Nike — 1 234 товара: кроссовки, пуховики, худи и свитшоты. Новые и с историей, цены от 2 990 ₽ на Витрине.»
 */
import type { BrandDetail } from '@vitrina/contract/catalog';
import { countLabel, WORDS } from '../../shared/lib/plural';
import { formatPrice } from '../../shared/lib/price';

/** What the description needs of a brand. */
export type BrandSummary = Pick<BrandDetail, 'name' | 'count' | 'price_min' | 'new_count' | 'top_categories'>;

/** «Новые и с историей» / «Новые, с биркой» / «Вещи с историей» by how many of `count` are new with a tag. */
function conditionWords(newCount: number, count: number): string {
  if (newCount >= count) return 'Новые, с биркой';
  if (newCount === 0) return 'Вещи с историей';
  return 'Новые и с историей';
}

/**
 * The brand page's meta description (Russian, about 160 characters at most).
 * @param b the brand with its summary of active listings
 */
export function brandDescription(b: BrandSummary): string {
  if (b.count === 0)
    return `${b.name} на Витрине: новые вещи и вещи с историей от проверенных продавцов. Сейчас в продаже ничего нет — загляните позже.`;
  const kinds = b.top_categories.map((c) => c.toLocaleLowerCase('ru-RU'));
  const head = `${b.name} — ${countLabel(b.count, WORDS.product)}${kinds.length ? `: ${kinds.join(', ')}` : ''}.`;
  const price = b.price_min != null ? `, цены от ${formatPrice(b.price_min)}` : '';
  return `${head} ${conditionWords(b.new_count, b.count)}${price} на Витрине.`;
}
