/**
 * Russian plurals for every text of Vitrina, API and web alike, through `Intl.PluralRules('ru')`:
 * `plural(5, ['товар', 'товара', 'товаров'])` → `'товаров'`.
 */

/** A word's three Russian forms: [one, few, many] — 1 товар, 2 товара, 5 товаров. */
export type PluralForms = readonly [one: string, few: string, many: string];

const rules = new Intl.PluralRules('ru');

/**
 * The form of `forms` that goes with the number `n`: «one» for 1, 21, 101…, «few» for 2–4, 22–24…, «many» for 0,
 * 5–20, 25–30… and 11–14; fractions (1,5 товара) and anything else take «few».
 * @param n any number (negative ones take the form of their magnitude)
 */
export function plural(n: number, forms: PluralForms): string {
  switch (rules.select(n)) {
    case 'one':
      return forms[0];
    case 'many':
      return forms[2];
    default:
      return forms[1];
  }
}
