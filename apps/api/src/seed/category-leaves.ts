/**
 * The category leaves of the demo catalog (reference.ts arranges them into the tree per type): every leaf names its
 * size grid, the silhouette its generated photos use and the nouns its listing titles start with.
 */

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

/** A leaf category: where listings are put. */
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

const leaf = (
  slug: string,
  name: string,
  family: Family,
  nouns: [string, Gender][],
  grid: LeafDef['grid'],
  weight: number,
  price: number,
): LeafDef => ({ slug, name, family, nouns: nouns.map(([noun, g]) => ({ noun, g })), grid, weight, price });

/** Every leaf of the tree, by a short name; a type may adjust one (its weight or name) where it uses it. */
export const LEAVES = {
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
