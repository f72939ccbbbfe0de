/**
 * Real fashion brands of the demo catalog, mass market to luxury: Latin and Cyrillic names, search
 * aliases (how people actually type them: «найки», «nb», «тнф», «стоник»), tier, popularity, what they
 * make and model lines for natural titles.
 */
import type { CatalogType } from '@vitrina/contract/catalog';
import type { Family } from './reference.js';

export type Tier = 'mass' | 'premium' | 'luxury';

export interface BrandDef {
  slug: string;
  name: string;
  nameRu: string;
  aliases: string[];
  tier: Tier;
  isPopular: boolean;
  country: string;
  founded: number;
  /** Families the brand makes, with model lines (may be empty: then the title uses a descriptive word). */
  makes: Partial<Record<Family, string[]>>;
  /** Catalog types it sells in (default all three for mass/premium, women+men for luxury). */
  types?: CatalogType[];
  /** Relative share of listings. */
  weight: number;
}

/** Lowest price in rubles per tier, whatever the category and condition. */
export const TIER_FLOOR: Record<Tier, number> = { mass: 500, premium: 2500, luxury: 15000 };

/** Base price range in rubles per tier (new item, category factor 1). */
export const TIER_PRICES: Record<Tier, [number, number]> = {
  mass: [2000, 12000],
  premium: [8000, 45000],
  luxury: [40000, 220000],
};

const SPORT: Family[] = ['sneakers', 'hoodie', 'tshirt', 'jacket', 'shorts', 'cap', 'backpack', 'trousers', 'puffer'];
const OUTDOOR: Family[] = ['jacket', 'puffer', 'boots', 'backpack', 'beanie', 'tshirt', 'trousers', 'sweater', 'sneakers'];
const HIGH_STREET: Family[] = [
  'jacket', 'coat', 'tshirt', 'shirt', 'hoodie', 'sweater', 'jeans', 'trousers', 'dress', 'skirt', 'shorts', 'boots', 'heels', 'crossbody', 'tote', 'scarf', 'belt', 'puffer',
];
const LUX: Family[] = [
  'jacket', 'coat', 'dress', 'sneakers', 'heels', 'shoes', 'crossbody', 'tote', 'clutch', 'belt', 'wallet', 'sunglasses', 'scarf', 'tshirt', 'hoodie', 'skirt', 'tallboots',
];

const of = (families: Family[], models: Partial<Record<Family, string[]>> = {}): Partial<Record<Family, string[]>> => {
  const out: Partial<Record<Family, string[]>> = {};
  for (const f of families) out[f] = models[f] ?? [];
  for (const [f, m] of Object.entries(models) as [Family, string[]][]) out[f] = m;
  return out;
};

const b = (
  slug: string,
  name: string,
  nameRu: string,
  aliases: string[],
  tier: Tier,
  isPopular: boolean,
  country: string,
  founded: number,
  makes: Partial<Record<Family, string[]>>,
  weight: number,
  types?: CatalogType[],
): BrandDef => ({ slug, name, nameRu, aliases, tier, isPopular, country, founded, makes, weight, types });

/** All demo brands (≥45). */
export const BRANDS: BrandDef[] = [
  b('nike', 'Nike', 'Найк', ['найки', 'найка', 'nike sportswear'], 'mass', true, 'США', 1964,
    of(SPORT, {
      sneakers: ['Air Max 90', 'Air Force 1', 'Dunk Low', 'Air Jordan 1 Mid', 'Pegasus 40', 'Blazer Mid 77', 'Air Max 97', 'Vomero 5'],
      hoodie: ['Tech Fleece', 'Club Fleece', 'Sportswear Phoenix'],
      jacket: ['Windrunner', 'ACG Storm-FIT'],
      puffer: ['Sportswear Therma-FIT'],
      tshirt: ['Sportswear Essential', 'Dri-FIT'],
      cap: ['Heritage86'],
    }), 14),
  b('adidas', 'Adidas', 'Адидас', ['адик', 'адидас ориджиналс', 'adidas originals'], 'mass', true, 'Германия', 1949,
    of(SPORT, {
      sneakers: ['Samba OG', 'Gazelle', 'Superstar', 'Stan Smith', 'Forum Low', 'Campus 00s', 'Ultraboost 22', 'Spezial'],
      hoodie: ['Trefoil', 'Adicolor Essentials'],
      jacket: ['Firebird', 'SST Track Top'],
      trousers: ['Firebird', 'Adicolor Classics'],
      tshirt: ['Trefoil', 'Essentials'],
    }), 12),
  b('new-balance', 'New Balance', 'Нью Беланс', ['nb', 'нб', 'нью баланс', 'ньюбэланс'], 'mass', true, 'США', 1906,
    of(['sneakers', 'hoodie', 'tshirt', 'cap', 'shorts'], { sneakers: ['574', '530', '990v6', '2002R', '9060', '327', '550', '1906R'] }), 9),
  b('converse', 'Converse', 'Конверс', ['конверсы', 'конверсы кеды'], 'mass', true, 'США', 1908,
    of(['sneakers', 'tshirt', 'hoodie', 'backpack'], { sneakers: ['Chuck Taylor All Star', 'Chuck 70 Hi', 'Run Star Hike', 'One Star'] }), 5),
  b('vans', 'Vans', 'Ванс', ['вансы', 'ванс кеды'], 'mass', true, 'США', 1966,
    of(['sneakers', 'tshirt', 'hoodie', 'backpack', 'cap', 'beanie'], { sneakers: ['Old Skool', 'Sk8-Hi', 'Authentic', 'Slip-On', 'Knu Skool'], backpack: ['Old Skool'] }), 5),
  b('puma', 'Puma', 'Пума', ['пумы'], 'mass', false, 'Германия', 1948,
    of(SPORT, { sneakers: ['Suede Classic', 'Palermo', 'Speedcat', 'RS-X', 'Cali'] }), 5),
  b('reebok', 'Reebok', 'Рибок', ['рибоки', 'рибук'], 'mass', false, 'США', 1958,
    of(SPORT, { sneakers: ['Club C 85', 'Classic Leather', 'Instapump Fury', 'Club C Revenge'] }), 4),
  b('asics', 'Asics', 'Асикс', ['асиксы', 'ассикс'], 'mass', false, 'Япония', 1949,
    of(['sneakers', 'tshirt', 'shorts', 'jacket'], { sneakers: ['Gel-Kayano 14', 'Gel-1130', 'Gel-NYC', 'GT-2160', 'Gel-Lyte III'] }), 4),
  b('salomon', 'Salomon', 'Саломон', ['саломоны', 'соломон'], 'premium', true, 'Франция', 1947,
    of(['sneakers', 'boots', 'jacket', 'backpack', 'beanie'], { sneakers: ['XT-6', 'Speedcross 6', 'XA Pro 3D', 'ACS Pro'], boots: ['Quest 4 GTX', 'X Ultra 4 Mid GTX'] }), 5),
  b('the-north-face', 'The North Face', 'Зе Норт Фейс', ['тнф', 'tnf', 'норт фейс', 'north face', 'зе норс фейс'], 'premium', true, 'США', 1966,
    of(OUTDOOR, { puffer: ['Nuptse 1996', 'Himalayan', 'McMurdo'], jacket: ['Denali', 'Mountain Light', 'Resolve 2'], backpack: ['Borealis', 'Jester'], boots: ['Chilkat V'] }), 7),
  b('patagonia', 'Patagonia', 'Патагония', ['патагоня', 'патагониа'], 'premium', false, 'США', 1973,
    of(OUTDOOR, { sweater: ['Retro Pile', 'Better Sweater', 'Synchilla'], puffer: ['Down Sweater', 'Nano Puff'], jacket: ['Torrentshell 3L', 'Baggies'] }), 3),
  b('arcteryx', "Arc'teryx", 'Арктерикс', ['арк', 'арктерикс', 'arcteryx', 'арчик'], 'premium', true, 'Канада', 1989,
    of(OUTDOOR, { jacket: ['Beta LT', 'Alpha SV', 'Atom LT', 'Gamma MX'], puffer: ['Cerium Hoody', 'Thorium'], backpack: ['Mantis 26', 'Arro 22'], beanie: ['Bird Head Toque'] }), 4, ['women', 'men']),
  b('carhartt-wip', 'Carhartt WIP', 'Кархарт', ['кархарт вип', 'кархат', 'carhartt'], 'premium', true, 'США', 1889,
    of(['jacket', 'hoodie', 'tshirt', 'trousers', 'jeans', 'beanie', 'cap', 'shorts', 'shirt'], { jacket: ['Detroit', 'Michigan Coat', 'OG Active'], trousers: ['Single Knee', 'Double Knee', 'Regular Cargo'], beanie: ['Acrylic Watch Hat'], hoodie: ['Chase'] }), 5, ['women', 'men']),
  b('stone-island', 'Stone Island', 'Стон Айленд', ['стоник', 'стонайленд', 'стон', 'стоун айленд'], 'luxury', true, 'Италия', 1982,
    of(['jacket', 'hoodie', 'sweater', 'tshirt', 'trousers', 'puffer', 'shirt', 'cap'], { jacket: ['Soft Shell-R', 'Ghost Piece', 'Membrana 3L'], hoodie: ['Garment Dyed'], trousers: ['Cargo Slim'] }), 5, ['men', 'kids']),
  b('moncler', 'Moncler', 'Монклер', ['монклеры', 'монклер пуховик', 'монк'], 'luxury', true, 'Франция', 1952,
    of(['puffer', 'jacket', 'hoodie', 'tshirt', 'beanie', 'cap', 'sneakers'], { puffer: ['Maya', 'Maire', 'Cardere', 'Montbeliard', 'Karakorum', 'Bady'], jacket: ['Grimpeurs'] }), 5),
  b('acne-studios', 'Acne Studios', 'Акне Студиос', ['акне', 'acne'], 'luxury', false, 'Швеция', 1996,
    of(['scarf', 'jeans', 'sweater', 'coat', 'tshirt', 'hoodie', 'boots', 'crossbody'], { scarf: ['Canada', 'Vally'], jeans: ['1996', '2021M', '1977'], coat: ['Oversized Wool'] }), 3, ['women', 'men']),
  b('gucci', 'Gucci', 'Гуччи', ['гучи', 'гучча', 'гуччи'], 'luxury', true, 'Италия', 1921,
    of(LUX, { crossbody: ['Marmont', 'Jackie 1961', 'Horsebit 1955', 'Ophidia'], shoes: ['Horsebit'], sneakers: ['Ace', 'Rhyton', 'Screener'], belt: ['GG Marmont'], wallet: ['Ophidia GG'] }), 5),
  b('prada', 'Prada', 'Прада', ['праду', 'прадо'], 'luxury', true, 'Италия', 1913,
    of(LUX, { crossbody: ['Re-Edition 2005', 'Cleo', 'Galleria'], shoes: ['Monolith'], backpack: ['Re-Nylon'], tallboots: ['Monolith'] }), 5),
  b('balenciaga', 'Balenciaga', 'Баленсиага', ['баленсияга', 'баленсиага', 'баланс'], 'luxury', true, 'Испания', 1917,
    of(LUX, { sneakers: ['Triple S', 'Track', 'Speed', '3XL', 'Defender'], hoodie: ['Oversized Logo'], crossbody: ['Le Cagole', 'Hourglass'] }), 4),
  b('saint-laurent', 'Saint Laurent', 'Сен-Лоран', ['ysl', 'ив сен лоран', 'сен лоран', 'сэн лоран'], 'luxury', true, 'Франция', 1961,
    of(LUX, { crossbody: ['Loulou', 'Kate', 'Niki', 'Sac de Jour'], heels: ['Opyum', 'Tribute'], jacket: ['Teddy'], boots: ['Wyatt'] }), 4, ['women', 'men']),
  b('louis-vuitton', 'Louis Vuitton', 'Луи Виттон', ['lv', 'луи витон', 'луивитон'], 'luxury', true, 'Франция', 1854,
    of(['crossbody', 'tote', 'backpack', 'wallet', 'belt', 'sneakers', 'scarf', 'clutch'], { tote: ['Neverfull MM', 'Onthego GM'], crossbody: ['Speedy 25', 'Alma BB', 'Pochette Métis', 'Multi Pochette'], sneakers: ['LV Trainer', 'Archlight'], wallet: ['Zippy'] }), 4, ['women', 'men']),
  b('chanel', 'Chanel', 'Шанель', ['шанел', 'коко шанель'], 'luxury', true, 'Франция', 1910,
    of(['crossbody', 'clutch', 'heels', 'shoes', 'jacket', 'sunglasses', 'wallet', 'sneakers'], { crossbody: ['Classic Flap', 'Boy', '2.55', 'WOC'], heels: ['Slingback'], jacket: ['твидовый жакет'] }), 3, ['women']),
  b('dior', 'Dior', 'Диор', ['кристиан диор', 'christian dior'], 'luxury', true, 'Франция', 1946,
    of(['crossbody', 'tote', 'heels', 'sneakers', 'sunglasses', 'scarf', 'dress', 'jacket'], { tote: ['Book Tote'], crossbody: ['Saddle', 'Lady Dior', '30 Montaigne'], sneakers: ['B23', 'B27', 'Walk\'n\'Dior'] }), 3, ['women', 'men']),
  b('burberry', 'Burberry', 'Бёрберри', ['барбери', 'берберри', 'бербери'], 'luxury', false, 'Великобритания', 1856,
    of(['coat', 'scarf', 'shirt', 'jacket', 'tshirt', 'crossbody', 'cap', 'dress'], { coat: ['Kensington', 'Chelsea', 'Waterloo'], scarf: ['Vintage Check'] }), 4),
  b('max-mara', 'Max Mara', 'Макс Мара', ['максмара', 'макс мара пальто'], 'luxury', false, 'Италия', 1951,
    of(['coat', 'dress', 'trousers', 'sweater', 'skirt', 'tote', 'puffer'], { coat: ['101801 Icon', 'Manuela', 'Teddy Bear', 'Madame'], tote: ['Marine'] }), 3, ['women']),
  b('jacquemus', 'Jacquemus', 'Жакмюс', ['жакмус', 'жакемюс'], 'luxury', false, 'Франция', 2009,
    of(['crossbody', 'clutch', 'dress', 'shirt', 'skirt', 'tshirt', 'heels'], { crossbody: ['Le Chiquito', 'Le Bambino', 'Le Grand Bambino'] }), 2, ['women', 'men']),
  b('maison-margiela', 'Maison Margiela', 'Мезон Маржела', ['маржела', 'марджела', 'margiela', 'mm6'], 'luxury', false, 'Франция', 1988,
    of(['boots', 'sneakers', 'shoes', 'wallet', 'sweater', 'tshirt', 'tote'], { boots: ['Tabi'], sneakers: ['Replica', 'Tabi', 'GAT'], tote: ['5AC'] }), 2, ['women', 'men']),
  b('off-white', 'Off-White', 'Офф-Вайт', ['офф вайт', 'оф вайт', 'ofw'], 'luxury', false, 'Италия', 2012,
    of(['hoodie', 'tshirt', 'sneakers', 'belt', 'crossbody', 'jeans'], { sneakers: ['Out Of Office', 'Vulcanized'], belt: ['Industrial'] }), 3, ['women', 'men']),
  b('zara', 'Zara', 'Зара', ['зару', 'зары'], 'mass', true, 'Испания', 1975, of(HIGH_STREET), 11),
  b('uniqlo', 'Uniqlo', 'Юникло', ['уникло', 'юникло'], 'mass', true, 'Япония', 1949,
    of(['puffer', 'sweater', 'tshirt', 'shirt', 'jeans', 'trousers', 'jacket', 'crossbody', 'hoodie', 'beanie'], { puffer: ['Ultra Light Down', 'Seamless Down'], crossbody: ['Round Mini'], sweater: ['Extra Fine Merino', '3D Knit Cashmere'], tshirt: ['U Crew Neck', 'AIRism'] }), 7),
  b('hm', 'H&M', 'Эйч энд Эм', ['хм', 'эйчэндэм', 'h&m', 'hm'], 'mass', true, 'Швеция', 1947, of(HIGH_STREET), 8),
  b('mango', 'Mango', 'Манго', ['манго'], 'mass', false, 'Испания', 1984, of(HIGH_STREET), 6, ['women', 'men', 'kids']),
  b('cos', 'COS', 'КОС', ['кос', 'cos stores'], 'premium', false, 'Великобритания', 2007, of(HIGH_STREET), 4, ['women', 'men']),
  b('massimo-dutti', 'Massimo Dutti', 'Массимо Дутти', ['массимо', 'масимо дути', 'дутти'], 'premium', false, 'Испания', 1985, of(HIGH_STREET), 5, ['women', 'men']),
  b('levis', "Levi's", 'Левайс', ['левис', 'ливайс', 'levis', 'левайсы'], 'mass', true, 'США', 1853,
    of(['jeans', 'jacket', 'tshirt', 'shirt', 'shorts', 'hoodie', 'skirt'], { jeans: ['501 Original', '502 Taper', '505 Regular', '511 Slim', 'Ribcage Straight', '70s High Flare'], jacket: ['Trucker', 'Sherpa Trucker'], shorts: ['501 Original Shorts'] }), 6),
  b('lacoste', 'Lacoste', 'Лакост', ['лакоста', 'лакосте'], 'premium', false, 'Франция', 1933,
    of(['tshirt', 'shirt', 'sweater', 'sneakers', 'cap', 'jacket', 'dress'], { tshirt: ['L.12.12 поло'], sneakers: ['Carnaby', 'L001'] }), 4),
  b('ralph-lauren', 'Ralph Lauren', 'Ральф Лорен', ['ральф', 'polo ralph lauren', 'поло ральф лорен'], 'premium', true, 'США', 1967,
    of(['shirt', 'sweater', 'tshirt', 'jacket', 'cap', 'trousers', 'dress'], { shirt: ['Oxford Custom Fit'], sweater: ['Cable-Knit'] }), 5),
  b('tommy-hilfiger', 'Tommy Hilfiger', 'Томми Хилфигер', ['томми', 'томи хилфигер', 'tommy'], 'mass', false, 'США', 1985,
    of(['shirt', 'sweater', 'tshirt', 'jacket', 'puffer', 'jeans', 'crossbody', 'cap', 'sneakers'], {}), 4),
  b('calvin-klein', 'Calvin Klein', 'Кельвин Кляйн', ['кельвин кляйн', 'кэлвин кляйн', 'ck'], 'mass', false, 'США', 1968,
    of(['tshirt', 'jeans', 'hoodie', 'jacket', 'crossbody', 'belt', 'wallet', 'dress'], {}), 4),
  b('dr-martens', 'Dr. Martens', 'Доктор Мартинс', ['мартинсы', 'мартенсы', 'доки', 'dr martens', 'др мартинс'], 'premium', true, 'Великобритания', 1960,
    of(['boots', 'shoes', 'sandals', 'tallboots'], { boots: ['1460', '1460 Pascal', 'Jadon', '2976 Chelsea', '1461'], shoes: ['1461', 'Adrian'], tallboots: ['1914'] }), 5),
  b('timberland', 'Timberland', 'Тимберленд', ['тимбы', 'тимберленды', 'тимбер'], 'premium', false, 'США', 1952,
    of(['boots', 'jacket', 'puffer', 'sweater', 'beanie'], { boots: ['6-Inch Premium', 'Euro Hiker', 'Courma Kid'] }), 4),
  b('ugg', 'UGG', 'Угги', ['угги', 'уги', 'угг'], 'premium', true, 'Австралия', 1978,
    of(['tallboots', 'boots', 'sandals'], { tallboots: ['Classic Tall II', 'Classic Short II'], boots: ['Tasman', 'Ultra Mini', 'Neumel'], sandals: ['Goldenstar'] }), 4),
  b('birkenstock', 'Birkenstock', 'Биркеншток', ['биркены', 'беркеншток', 'биркенштоки'], 'premium', false, 'Германия', 1774,
    of(['sandals', 'shoes'], { sandals: ['Arizona', 'Boston', 'Gizeh', 'Milano'], shoes: ['Boston'] }), 3),
  b('12-storeez', '12 Storeez', '12 Сторис', ['12 сторис', 'твелв сторис', '12storeez', 'двенадцать сторис'], 'premium', true, 'Россия', 2014,
    of(['coat', 'dress', 'sweater', 'trousers', 'shirt', 'skirt', 'jacket', 'tote', 'boots', 'heels', 'belt'], {}), 5, ['women', 'men']),
  b('ushatava', 'Ushatava', 'Ушатава', ['ушатова', 'ушатава'], 'premium', false, 'Россия', 2015,
    of(['coat', 'dress', 'shirt', 'trousers', 'jacket', 'sweater', 'skirt'], {}), 3, ['women']),
  b('lime', 'Lime', 'Лайм', ['лайм'], 'mass', true, 'Россия', 2012, of(HIGH_STREET), 5, ['women']),
  b('befree', 'Befree', 'Бифри', ['бифри', 'би фри'], 'mass', false, 'Россия', 2003, of(HIGH_STREET), 3, ['women', 'men']),
  b('love-republic', 'Love Republic', 'Лав Репаблик', ['лав репаблик', 'лавреп'], 'mass', false, 'Россия', 2007, of(['dress', 'skirt', 'coat', 'jacket', 'sweater', 'heels', 'crossbody']), 3, ['women']),
  b('gloria-jeans', 'Gloria Jeans', 'Глория Джинс', ['глория', 'глория джинс', 'gj'], 'mass', false, 'Россия', 1988,
    of(['jeans', 'tshirt', 'hoodie', 'puffer', 'jacket', 'dress', 'shorts', 'sweater']), 4),
  b('ecco', 'Ecco', 'Экко', ['экко', 'эко'], 'premium', false, 'Дания', 1963, of(['shoes', 'boots', 'sneakers', 'sandals']), 3),
  b('fjallraven', 'Fjällräven', 'Фьяльравен', ['канкен', 'kanken', 'фьялравен', 'fjallraven'], 'premium', false, 'Швеция', 1960,
    of(['backpack', 'jacket', 'trousers', 'beanie'], { backpack: ['Kånken', 'Kånken Mini', 'Kånken Laptop 15'], trousers: ['Vidda Pro'] }), 3),
  b('ray-ban', 'Ray-Ban', 'Рэй-Бэн', ['рейбан', 'рэйбан', 'рей бен'], 'premium', false, 'Италия', 1937,
    of(['sunglasses'], { sunglasses: ['Wayfarer', 'Aviator Classic', 'Clubmaster', 'Round Metal'] }), 2, ['women', 'men']),
  b('bosco', 'Bosco', 'Боско', ['боско', 'bosco sport'], 'premium', false, 'Россия', 1991,
    of(['jacket', 'puffer', 'tshirt', 'hoodie', 'cap', 'beanie', 'scarf']), 2),
  b('columbia', 'Columbia', 'Коламбия', ['коламбия', 'колумбия'], 'mass', false, 'США', 1938, of(OUTDOOR), 4),
];
