/**
 * Pickup-point directory seed (issue «Buying», spec §3–§4): believable points of СДЭК, Boxberry, Почты России,
 * Яндекс Доставки and 5Post in the big Russian cities — real street names, coordinates near the city centre,
 * opening hours — and four points on the streets every Russian town has in each of the other regional centres and
 * large cities (russian-cities.ts), so that most visitors find their own city. Deterministic (same input → same rows) and idempotent (`ON CONFLICT (service, point_id) DO NOTHING`).
 */
import type { Db } from '../db/client.js';
import { pickupPoints } from '../db/schema/delivery.js';
import { MORE_CITIES } from './russian-cities.js';

interface CitySeed {
  city: string;
  /** Three-letter code used in point ids (e.g. `MSK`). */
  code: string;
  lat: number;
  lng: number;
  /** Post-office index prefix (first three digits). */
  zip: string;
  streets: string[];
}

const CITIES: CitySeed[] = [
  {
    city: 'Москва',
    code: 'MSK',
    lat: 55.7558,
    lng: 37.6173,
    zip: '101',
    streets: [
      'ул. Тверская',
      'ул. Новый Арбат',
      'ул. Большая Дмитровка',
      'Ленинский пр-т',
      'пр-т Мира',
      'ул. Покровка',
      'Кутузовский пр-т',
      'ул. Маросейка',
      'Комсомольский пр-т',
      'ул. Бауманская',
      'Ленинградский пр-т',
      'ул. Сретенка',
    ],
  },
  {
    city: 'Санкт-Петербург',
    code: 'SPB',
    lat: 59.9343,
    lng: 30.3351,
    zip: '191',
    streets: [
      'Невский пр-т',
      'Литейный пр-т',
      'ул. Рубинштейна',
      'Московский пр-т',
      'Большой пр-т П.С.',
      'ул. Марата',
      'Садовая ул.',
      'Лиговский пр-т',
      'Каменноостровский пр-т',
      'ул. Восстания',
    ],
  },
  {
    city: 'Казань',
    code: 'KZN',
    lat: 55.7963,
    lng: 49.1088,
    zip: '420',
    streets: [
      'ул. Баумана',
      'ул. Пушкина',
      'ул. Петербургская',
      'пр-т Победы',
      'ул. Декабристов',
      'ул. Чистопольская',
      'ул. Кремлёвская',
      'пр-т Ямашева',
    ],
  },
  {
    city: 'Екатеринбург',
    code: 'EKB',
    lat: 56.8389,
    lng: 60.6057,
    zip: '620',
    streets: [
      'ул. Малышева',
      'пр-т Ленина',
      'ул. Вайнера',
      'ул. 8 Марта',
      'ул. Куйбышева',
      'ул. Белинского',
      'ул. Радищева',
      'ул. Челюскинцев',
    ],
  },
  {
    city: 'Новосибирск',
    code: 'NSK',
    lat: 55.0302,
    lng: 82.9204,
    zip: '630',
    streets: [
      'Красный пр-т',
      'ул. Ленина',
      'ул. Гоголя',
      'ул. Кирова',
      'Вокзальная магистраль',
      'ул. Фрунзе',
      'ул. Большевистская',
      'ул. Советская',
    ],
  },
  {
    city: 'Нижний Новгород',
    code: 'NNV',
    lat: 56.3269,
    lng: 44.0059,
    zip: '603',
    streets: [
      'ул. Большая Покровская',
      'ул. Рождественская',
      'ул. Белинского',
      'ул. Варварская',
      'пр-т Гагарина',
      'ул. Горького',
      'Московское ш.',
    ],
  },
  {
    city: 'Краснодар',
    code: 'KRR',
    lat: 45.0355,
    lng: 38.9753,
    zip: '350',
    streets: [
      'ул. Красная',
      'ул. Северная',
      'ул. Ставропольская',
      'ул. Кубанская Набережная',
      'ул. Тургенева',
      'ул. Московская',
      'ул. Уральская',
    ],
  },
  {
    city: 'Самара',
    code: 'SMR',
    lat: 53.1959,
    lng: 50.1002,
    zip: '443',
    streets: ['ул. Ленинградская', 'Московское ш.', 'ул. Куйбышева', 'ул. Молодогвардейская', 'ул. Ново-Садовая'],
  },
  {
    city: 'Ростов-на-Дону',
    code: 'RND',
    lat: 47.2357,
    lng: 39.7015,
    zip: '344',
    streets: ['ул. Большая Садовая', 'Буденновский пр-т', 'пр-т Ворошиловский', 'ул. Пушкинская', 'пр-т Стачки'],
  },
  {
    city: 'Воронеж',
    code: 'VRN',
    lat: 51.6608,
    lng: 39.2003,
    zip: '394',
    streets: ['пр-т Революции', 'ул. Плехановская', 'Московский пр-т', 'ул. Кольцовская'],
  },
];

const SERVICES = [
  {
    value: 'cdek',
    name: 'Пункт выдачи СДЭК',
    hours: ['Пн–Пт 10:00–20:00, Сб–Вс 10:00–18:00', 'Ежедневно 09:00–21:00'],
  },
  { value: 'boxberry', name: 'Boxberry', hours: ['Пн–Пт 10:00–20:00, Сб 10:00–16:00', 'Ежедневно 10:00–21:00'] },
  {
    value: 'russian_post',
    name: 'Отделение Почты России',
    hours: ['Пн–Пт 08:00–20:00, Сб 09:00–18:00', 'Пн–Сб 08:00–20:00'],
  },
  { value: 'yandex', name: 'Пункт выдачи Яндекс Маркета', hours: ['Ежедневно 09:00–21:00', 'Ежедневно 10:00–22:00'] },
  { value: '5post', name: 'Постамат 5Post в «Пятёрочке»', hours: ['Ежедневно 08:00–22:00', 'Круглосуточно'] },
] as const;

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Streets found in nearly every Russian town: the points of the cities without a detailed list. */
const COMMON_STREETS = ['ул. Ленина', 'ул. Советская', 'пр-т Мира', 'ул. Гагарина'];

/** The directory rows (about 80 points in 10 cities, then 4 in each of the other cities), same every time. */
export function pickupPointRows(): (typeof pickupPoints.$inferInsert)[] {
  const rand = rng(20261122);
  const rows: (typeof pickupPoints.$inferInsert)[] = [];
  for (const c of CITIES) {
    c.streets.forEach((street, i) => {
      const service = SERVICES[(i + c.code.charCodeAt(0)) % SERVICES.length]!;
      const house = 1 + Math.floor(rand() * 120);
      const suffix = rand() < 0.25 ? `, корп. ${1 + Math.floor(rand() * 3)}` : '';
      const seq = String(i + 1).padStart(3, '0');
      const pointId =
        service.value === 'russian_post' ? `${c.zip}${String(10 + i * 7).padStart(3, '0')}` : `${c.code}${seq}`;
      const angle = rand() * Math.PI * 2;
      const dist = 0.004 + rand() * 0.045;
      rows.push({
        service: service.value,
        pointId,
        city: c.city,
        name: service.value === 'russian_post' ? `${service.name} ${pointId}` : `${service.name}, ${street}`,
        address: `г. ${c.city}, ${street}, д. ${house}${suffix}`,
        lat: Math.round((c.lat + Math.sin(angle) * dist) * 1e6) / 1e6,
        lng: Math.round((c.lng + Math.cos(angle) * dist * 1.7) * 1e6) / 1e6,
        hours: service.hours[Math.floor(rand() * service.hours.length)]!,
      });
    });
  }
  MORE_CITIES.forEach(([city, lat, lng], n) => {
    COMMON_STREETS.forEach((street, i) => {
      const service = SERVICES[(i + n) % SERVICES.length]!;
      const angle = rand() * Math.PI * 2;
      const dist = 0.003 + rand() * 0.02;
      rows.push({
        service: service.value,
        pointId: `R${String(n + 1).padStart(3, '0')}${String(i + 1).padStart(2, '0')}`,
        city,
        name: `${service.name}, ${street}`,
        address: `г. ${city}, ${street}, д. ${1 + Math.floor(rand() * 90)}`,
        lat: Math.round((lat + Math.sin(angle) * dist) * 1e6) / 1e6,
        lng: Math.round((lng + Math.cos(angle) * dist * 1.7) * 1e6) / 1e6,
        hours: service.hours[Math.floor(rand() * service.hours.length)]!,
      });
    });
  });
  return rows;
}

/** Seeds believable pickup points in the big Russian cities (idempotent: existing points are kept). */
export async function seedPickupPoints(db: Db): Promise<void> {
  const rows = pickupPointRows();
  await db
    .insert(pickupPoints)
    .values(rows)
    .onConflictDoNothing({ target: [pickupPoints.service, pickupPoints.pointId] });
}
