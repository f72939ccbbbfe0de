/**
 * Reference data of the demo catalog: catalog types, size grids (RU/EU/US) and the Russian category
 * tree per type. Every leaf names its size grid, the silhouette its generated photos use and the
 * nouns its listing titles start with.
 */
import { CATALOG_TYPES, type CatalogType } from '@vitrina/contract/catalog';

/** Grammatical gender of a title noun, for colour adjectives: m, f, n or plural. */
export type Gender = 'm' | 'f' | 'n' | 'p';

/** The silhouette drawn on generated photos (see images.ts) and the text family (see texts.ts). */
export type Family =
  | 'jacket'
  | 'puffer'
  | 'coat'
  | 'tshirt'
  | 'shirt'
  | 'hoodie'
  | 'sweater'
  | 'jeans'
  | 'trousers'
  | 'dress'
  | 'skirt'
  | 'shorts'
  | 'sneakers'
  | 'boots'
  | 'tallboots'
  | 'heels'
  | 'shoes'
  | 'sandals'
  | 'backpack'
  | 'crossbody'
  | 'tote'
  | 'clutch'
  | 'beanie'
  | 'cap'
  | 'scarf'
  | 'belt'
  | 'sunglasses'
  | 'wallet';

export interface SizeDef {
  value: string;
  label: string;
  ru: string | null;
  eu: string | null;
  us: string | null;
}

export interface GridDef {
  slug: string;
  name: string;
  sizes: SizeDef[];
}

const clothes = (rows: [string, string, string, string][]): SizeDef[] =>
  rows.map(([value, ru, eu, us]) => ({ value, ru, eu, us, label: `${value} (RU ${ru}, EU ${eu})` }));

const shoes = (rows: [string, string, string][]): SizeDef[] =>
  rows.map(([eu, ru, us]) => ({ value: eu, ru, eu, us, label: `EU ${eu} (RU ${ru}, US ${us})` }));

const KIDS_AGES: Record<string, string> = {
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

/** Size grids by slug. */
export const GRIDS: GridDef[] = [
  {
    slug: 'clothes-women',
    name: 'Одежда, женская',
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
    name: 'Без размера',
    sizes: [{ value: 'Без размера', label: 'Без размера', ru: null, eu: null, us: null }],
  },
];

export interface LeafDef {
  slug: string;
  name: string;
  family: Family;
  /** Title nouns with gender, e.g. «Пуховик» (m). */
  nouns: { noun: string; g: Gender }[];
  /** `clothes` / `shoes` → the type's grid; `one` → «Без размера». */
  grid: 'clothes' | 'shoes' | 'one';
  /** Relative frequency of listings in this category. */
  weight: number;
  /** Price multiplier against the brand's base range. */
  price: number;
}

export interface RootDef {
  slug: string;
  name: string;
  leaves: LeafDef[];
}

const leaf = (
  slug: string,
  name: string,
  family: Family,
  nouns: [string, Gender][],
  grid: LeafDef['grid'],
  weight: number,
  price: number,
): LeafDef => ({ slug, name, family, nouns: nouns.map(([noun, g]) => ({ noun, g })), grid, weight, price });

const L = {
  jackets: leaf(
    'kurtki',
    'Куртки',
    'jacket',
    [
      ['Куртка', 'f'],
      ['Ветровка', 'f'],
    ],
    'clothes',
    6,
    1.5,
  ),
  puffers: leaf('puhoviki', 'Пуховики', 'puffer', [['Пуховик', 'm']], 'clothes', 5, 2),
  coats: leaf(
    'palto',
    'Пальто',
    'coat',
    [
      ['Пальто', 'n'],
      ['Тренч', 'm'],
    ],
    'clothes',
    4,
    1.8,
  ),
  tshirts: leaf(
    'futbolki',
    'Футболки',
    'tshirt',
    [
      ['Футболка', 'f'],
      ['Лонгслив', 'm'],
    ],
    'clothes',
    7,
    0.45,
  ),
  shirts: leaf('rubashki', 'Рубашки', 'shirt', [['Рубашка', 'f']], 'clothes', 4, 0.7),
  blouses: leaf(
    'rubashki-i-bluzki',
    'Рубашки и блузки',
    'shirt',
    [
      ['Рубашка', 'f'],
      ['Блузка', 'f'],
    ],
    'clothes',
    4,
    0.7,
  ),
  hoodies: leaf(
    'hudi-i-svitshoty',
    'Худи и свитшоты',
    'hoodie',
    [
      ['Худи', 'n'],
      ['Свитшот', 'm'],
    ],
    'clothes',
    7,
    0.8,
  ),
  sweaters: leaf(
    'svitery',
    'Свитеры',
    'sweater',
    [
      ['Свитер', 'm'],
      ['Джемпер', 'm'],
      ['Кардиган', 'm'],
    ],
    'clothes',
    5,
    0.9,
  ),
  jeans: leaf('dzhinsy', 'Джинсы', 'jeans', [['Джинсы', 'p']], 'clothes', 6, 0.7),
  trousers: leaf('bryuki', 'Брюки', 'trousers', [['Брюки', 'p']], 'clothes', 4, 0.7),
  dresses: leaf('platya', 'Платья', 'dress', [['Платье', 'n']], 'clothes', 6, 0.9),
  skirts: leaf('yubki', 'Юбки', 'skirt', [['Юбка', 'f']], 'clothes', 3, 0.6),
  shorts: leaf('shorty', 'Шорты', 'shorts', [['Шорты', 'p']], 'clothes', 2, 0.45),
  sneakers: leaf('krossovki', 'Кроссовки', 'sneakers', [['Кроссовки', 'p']], 'shoes', 10, 1),
  keds: leaf('kedy', 'Кеды', 'sneakers', [['Кеды', 'p']], 'shoes', 4, 0.7),
  boots: leaf('botinki', 'Ботинки', 'boots', [['Ботинки', 'p']], 'shoes', 5, 1.2),
  heels: leaf(
    'tufli',
    'Туфли',
    'heels',
    [
      ['Туфли', 'p'],
      ['Лодочки', 'p'],
    ],
    'shoes',
    3,
    1,
  ),
  menShoes: leaf(
    'tufli-i-lofery',
    'Туфли и лоферы',
    'shoes',
    [
      ['Лоферы', 'p'],
      ['Туфли', 'p'],
      ['Дерби', 'p'],
    ],
    'shoes',
    3,
    1.1,
  ),
  tallboots: leaf('sapogi', 'Сапоги', 'tallboots', [['Сапоги', 'p']], 'shoes', 3, 1.5),
  sandals: leaf('sandalii', 'Сандалии', 'sandals', [['Сандалии', 'p']], 'shoes', 2, 0.6),
  backpacks: leaf('ryukzaki', 'Рюкзаки', 'backpack', [['Рюкзак', 'm']], 'one', 3, 0.7),
  crossbody: leaf(
    'sumki-cherez-plecho',
    'Сумки через плечо',
    'crossbody',
    [
      ['Сумка через плечо', 'f'],
      ['Сумка', 'f'],
    ],
    'one',
    4,
    1.3,
  ),
  totes: leaf(
    'touty',
    'Тоуты',
    'tote',
    [
      ['Сумка-тоут', 'f'],
      ['Шопер', 'm'],
    ],
    'one',
    3,
    1.1,
  ),
  clutches: leaf('klatchi', 'Клатчи', 'clutch', [['Клатч', 'm']], 'one', 1, 0.9),
  beanies: leaf('shapki', 'Шапки', 'beanie', [['Шапка', 'f']], 'one', 2, 0.3),
  caps: leaf(
    'kepki',
    'Кепки',
    'cap',
    [
      ['Кепка', 'f'],
      ['Бейсболка', 'f'],
    ],
    'one',
    2,
    0.3,
  ),
  scarves: leaf('sharfy', 'Шарфы', 'scarf', [['Шарф', 'm']], 'one', 2, 0.4),
  belts: leaf('remni', 'Ремни', 'belt', [['Ремень', 'm']], 'one', 1, 0.35),
  glasses: leaf('ochki', 'Очки', 'sunglasses', [['Солнцезащитные очки', 'p']], 'one', 1, 0.5),
  wallets: leaf(
    'koshelki',
    'Кошельки',
    'wallet',
    [
      ['Кошелёк', 'm'],
      ['Картхолдер', 'm'],
    ],
    'one',
    1,
    0.35,
  ),
};

const root = (slug: string, name: string, leaves: LeafDef[]): RootDef => ({ slug, name, leaves });

/** The category tree per catalog type. */
export const TREE: Record<CatalogType, RootDef[]> = {
  women: [
    root('odezhda', 'Одежда', [
      L.jackets,
      L.puffers,
      L.coats,
      L.tshirts,
      L.blouses,
      L.hoodies,
      L.sweaters,
      L.jeans,
      L.trousers,
      L.dresses,
      L.skirts,
      L.shorts,
    ]),
    root('obuv', 'Обувь', [L.sneakers, L.keds, L.boots, L.heels, L.tallboots, L.sandals]),
    root('sumki', 'Сумки', [L.backpacks, L.crossbody, L.totes, L.clutches]),
    root('aksessuary', 'Аксессуары', [L.beanies, L.caps, L.scarves, L.belts, L.glasses, L.wallets]),
  ],
  men: [
    root('odezhda', 'Одежда', [
      L.jackets,
      L.puffers,
      L.coats,
      L.tshirts,
      L.shirts,
      L.hoodies,
      L.sweaters,
      L.jeans,
      L.trousers,
      L.shorts,
    ]),
    root('obuv', 'Обувь', [L.sneakers, L.keds, L.boots, L.menShoes, L.sandals]),
    root('sumki', 'Сумки', [L.backpacks, L.crossbody, L.totes]),
    root('aksessuary', 'Аксессуары', [L.beanies, L.caps, L.scarves, L.belts, L.glasses, L.wallets]),
  ],
  kids: [
    root('odezhda', 'Одежда', [
      L.jackets,
      L.puffers,
      L.tshirts,
      L.hoodies,
      L.sweaters,
      L.jeans,
      L.trousers,
      { ...L.dresses, weight: 3 },
      L.shorts,
    ]),
    root('obuv', 'Обувь', [L.sneakers, L.keds, L.boots, { ...L.tallboots, name: 'Сапоги', weight: 2 }, L.sandals]),
    root('sumki', 'Сумки', [L.backpacks]),
    root('aksessuary', 'Аксессуары', [L.beanies, L.caps, L.scarves]),
  ],
};

/** Catalog types with their Russian names and order. */
export const TYPES = CATALOG_TYPES.map((t, i) => ({ id: t.value, name: t.label, position: i }));

/** Share of listings per catalog type. */
export const TYPE_WEIGHTS: Record<CatalogType, number> = { women: 0.5, men: 0.36, kids: 0.14 };

/** The grid slug a leaf of a type uses. */
export function gridSlugFor(type: CatalogType, grid: LeafDef['grid']): string {
  if (grid === 'one') return 'one-size';
  return `${grid}-${type}`;
}
