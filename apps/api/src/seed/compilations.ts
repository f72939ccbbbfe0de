/** Curated compilations of the demo catalog, each filled with listings that fit it. */
import type { Random } from './random.js';
import type { ListingPlan } from './listings.js';

export interface CompilationDef {
  slug: string;
  title: string;
  description: string;
  fits: (l: ListingPlan) => boolean;
}

const RU_BRANDS = new Set(['12-storeez', 'ushatava', 'lime', 'befree', 'love-republic', 'gloria-jeans', 'bosco']);
const OUTDOOR_BRANDS = new Set(['the-north-face', 'arcteryx', 'salomon', 'patagonia', 'columbia', 'fjallraven']);
const OFFICE = new Set(['coat', 'shirt', 'trousers', 'shoes', 'heels', 'sweater', 'skirt']);

/** At least 8 compilations, in display order. */
export const COMPILATIONS: CompilationDef[] = [
  {
    slug: 'teplye-puhoviki',
    title: 'Тёплые пуховики на зиму',
    description: 'Пуховики и парки, в которых не страшны морозы: от лёгких Uniqlo до Moncler и The North Face.',
    fits: (l) => l.leaf.family === 'puffer',
  },
  {
    slug: 'krossovki-do-10000',
    title: 'Кроссовки до 10 000 ₽',
    description: 'Nike, Adidas, New Balance и другие пары на каждый день — всё дешевле 10 000 ₽.',
    fits: (l) => l.leaf.family === 'sneakers' && l.minPrice <= 1_000_000,
  },
  {
    slug: 'lyuks-s-istoriey',
    title: 'Люкс с историей',
    description:
      'Вещи Gucci, Prada, Saint Laurent и других домов моды, которые уже успели полюбить, — в отличном состоянии и дешевле, чем в бутике.',
    fits: (l) => l.brand.tier === 'luxury' && l.condition !== 'new_with_tag',
  },
  {
    slug: 'novoe-s-birkoy',
    title: 'Новое с биркой',
    description: 'Ни разу не надетые вещи с бирками: не подошёл размер или не совпало настроение.',
    fits: (l) => l.condition === 'new_with_tag',
  },
  {
    slug: 'ofisnyy-garderob',
    title: 'Офисный гардероб',
    description: 'Пальто, рубашки, брюки и туфли для спокойного делового стиля.',
    fits: (l) => OFFICE.has(l.leaf.family) && l.brand.tier !== 'mass',
  },
  {
    slug: 'dlya-detey',
    title: 'Для детей',
    description: 'Одежда и обувь для детей, из которых быстро выросли: почти новое по приятной цене.',
    fits: (l) => l.type === 'kids',
  },
  {
    slug: 'v-gory-i-v-gorod',
    title: 'В горы и в город',
    description: 'Мембраны, пуховки и треккинговая обувь The North Face, Arc\u2019teryx, Salomon и Patagonia.',
    fits: (l) => OUTDOOR_BRANDS.has(l.brand.slug),
  },
  {
    slug: 'sumki-na-kazhdyy-den',
    title: 'Сумки на каждый день',
    description: 'Рюкзаки, тоуты и сумки через плечо — от практичных до культовых моделей.',
    fits: (l) => l.root.slug === 'sumki',
  },
  {
    slug: 'denim',
    title: 'Всё о дениме',
    description: "Джинсы Levi's, Acne Studios, Carhartt WIP и джинсовые куртки на любой вкус.",
    fits: (l) => l.leaf.family === 'jeans' || /джинсов|Trucker/i.test(l.title),
  },
  {
    slug: 'rossiyskie-brendy',
    title: 'Российские бренды',
    description: '12 Storeez, Ushatava, Lime, Befree и другие — поддерживаем своих.',
    fits: (l) => RU_BRANDS.has(l.brand.slug),
  },
];

/** Indexes of listings per compilation (active listings that fit, at most `max`, in a stable random order). */
export function fillCompilations(rnd: Random, listings: ListingPlan[], max = 24): number[][] {
  return COMPILATIONS.map((c) => {
    const fit = listings.map((l, i) => ({ l, i })).filter((x) => x.l.status === 'active' && c.fits(x.l));
    return rnd.sample(fit, max).map((x) => x.i);
  });
}
