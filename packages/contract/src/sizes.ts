/**
 * The one table of sizes (spec §2 screen `sizes`, §7 `/v1/public/sizes/{category}/`): the size grids the
 * catalog offers (the demo seed writes them into `size_grids`/`sizes`, so a listing's size label comes from
 * here) and the size guide page shows. A women's M is RU 46 on both; a men's M is RU 48 on both.
 */

import { ONE_SIZE } from './size-names.js';

export { ONE_SIZE };

/** One size of a grid: the value a listing stores, its label, and its RU/EU/US equivalents. */
export interface SizeDef {
  value: string;
  label: string;
  ru: string | null;
  eu: string | null;
  us: string | null;
}

/** A size grid (e.g. «Одежда, женская»). `kind` tells the size guide which columns to show. */
export interface GridDef {
  slug: string;
  name: string;
  kind: 'clothes' | 'kids-clothes' | 'shoes' | 'one';
  sizes: SizeDef[];
}

const clothes = (rows: [string, string, string, string][]): SizeDef[] =>
  rows.map(([value, ru, eu, us]) => ({ value, ru, eu, us, label: `${value} (RU ${ru}, EU ${eu})` }));

const shoes = (rows: [string, string, string][]): SizeDef[] =>
  rows.map(([eu, ru, us]) => ({ value: eu, ru, eu, us, label: `EU ${eu} (RU ${ru}, US ${us})` }));

/** Children's clothes by height (cm) and the age it usually fits. */
export const KIDS_AGES: Record<string, string> = {
  '92': '1,5–2 года',
  '98': '2–3 года',
  '104': '3–4 года',
  '110': '4–5 лет',
  '116': '5–6 лет',
  '122': '6–7 лет',
  '128': '7–8 лет',
  '134': '8–9 лет',
  '140': '9–10 лет',
  '146': '10–11 лет',
  '152': '11–12 лет',
  '158': '12–13 лет',
  '164': '13–14 лет',
};

/** Every size grid of the catalog, in the order the guide shows them. */
export const SIZE_GRIDS: GridDef[] = [
  {
    slug: 'clothes-women',
    name: 'Одежда, женская',
    kind: 'clothes',
    sizes: clothes([
      ['XS', '42', '36', '4'],
      ['S', '44', '38', '6'],
      ['M', '46', '40', '8'],
      ['L', '48', '42', '10'],
      ['XL', '50', '44', '12'],
      ['XXL', '52', '46', '14'],
    ]),
  },
  {
    slug: 'clothes-men',
    name: 'Одежда, мужская',
    kind: 'clothes',
    sizes: clothes([
      ['XS', '44', '44', '34'],
      ['S', '46', '46', '36'],
      ['M', '48', '48', '38'],
      ['L', '50', '50', '40'],
      ['XL', '52', '52', '42'],
      ['XXL', '54', '54', '44'],
    ]),
  },
  {
    slug: 'clothes-kids',
    name: 'Одежда, детская (по росту)',
    kind: 'kids-clothes',
    sizes: Object.entries(KIDS_AGES).map(([h, age]) => ({
      value: h,
      label: `${h} см (${age})`,
      ru: h,
      eu: h,
      us: null,
    })),
  },
  {
    slug: 'shoes-women',
    name: 'Обувь, женская',
    kind: 'shoes',
    sizes: shoes([
      ['35', '34', '5'],
      ['36', '35', '6'],
      ['37', '36', '6.5'],
      ['38', '37', '7.5'],
      ['39', '38', '8'],
      ['40', '39', '9'],
      ['41', '40', '9.5'],
    ]),
  },
  {
    slug: 'shoes-men',
    name: 'Обувь, мужская',
    kind: 'shoes',
    sizes: shoes([
      ['39', '38', '6.5'],
      ['40', '39', '7'],
      ['41', '40', '8'],
      ['42', '41', '8.5'],
      ['43', '42', '9.5'],
      ['44', '43', '10'],
      ['45', '44', '11'],
      ['46', '45', '12'],
    ]),
  },
  {
    slug: 'shoes-kids',
    name: 'Обувь, детская',
    kind: 'shoes',
    sizes: shoes([
      ['25', '24', '8.5K'],
      ['26', '25', '9.5K'],
      ['27', '26', '10K'],
      ['28', '27', '11K'],
      ['29', '28', '11.5K'],
      ['30', '29', '12.5K'],
      ['31', '30', '13K'],
      ['32', '31', '1'],
      ['33', '32', '2'],
      ['34', '33', '2.5'],
      ['35', '34', '3.5'],
      ['36', '35', '4'],
    ]),
  },
  {
    slug: 'one-size',
    name: ONE_SIZE,
    kind: 'one',
    sizes: [{ value: ONE_SIZE, label: ONE_SIZE, ru: null, eu: null, us: null }],
  },
];

/**
 * The foot length a shoe size fits, in centimetres rounded to 0.5 (the Paris point: one EU size is ⅔ cm of
 * last, and the last is about 1.5 cm longer than the foot). E.g. EU 38 → 24, EU 42 → 26.5.
 */
export function footLengthCm(eu: string): number {
  const n = Number(eu);
  return Math.round(((n * 2) / 3 - 1.5) * 2) / 2;
}
