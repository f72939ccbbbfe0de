/**
 * What buyers and sellers send about orders (spec §7 `/v1/sales/*`): the order's JSON body with its recipient,
 * cancelling and shipping bodies, the `{id}` of a path. Every message is Russian and names what was expected.
 * `orders.ts` re-exports it.
 */
import './zod-config.js';
import { z } from 'zod';

/** Reasons a seller picks when cancelling a paid order (the form offers them; any text up to 500 characters). */
export const SELLER_CANCEL_REASONS = [
  'Нет в наличии',
  'Вещь повреждена',
  'Не могу отправить в срок',
  'Ошибка в объявлении',
] as const;

/** `POST /v1/sales/orders/{id}/cancel/` body: the seller of a paid order gives a `reason`; the buyer sends `{}`. */
export const cancelOrderSchema = z
  .object({
    reason: z
      .string({ error: 'Причина отмены — строка, например «Нет в наличии».' })
      .trim()
      .max(500, 'Причина — не больше 500 символов.')
      .optional(),
  })
  .nullish();
export type CancelOrderBody = z.infer<typeof cancelOrderSchema>;

const ID_MESSAGE = 'В адресе ожидается номер — целое положительное число.';

/** `{id}` of a path like `/v1/self/card/{id}/`: digits only, 1…2 147 483 647; anything else a 400 `{id}` in Russian. */
export const idPathParams = z.object({
  id: z.coerce
    .number({ error: ID_MESSAGE })
    .refine((v) => Number.isInteger(v) && v >= 1 && v <= 2_147_483_647, { error: ID_MESSAGE }),
});

/** A type error message for a JSON field: «Обязательное поле.» when it is missing, `message` otherwise. */
const expected = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'Обязательное поле.' : message),
});

/** A database id in a JSON body: a whole number 1…2 147 483 647 (one Russian message, whatever is wrong). */
const jsonId = (message: string) =>
  z.number(expected(message)).refine((v) => Number.isInteger(v) && v >= 1 && v <= 2_147_483_647, { error: message });

/**
 * `POST /v1/sales/order/` JSON body: items of ONE seller, a saved delivery point id, optionally a saved card id.
 * Every message is Russian and names what was expected; counts below 1 are refused by the service (field `items`).
 */
export const orderCreateSchema = z.object(
  {
    items: z
      .array(
        z.object(
          {
            slug: z
              .string(expected('Товар (slug) — строка из адреса товара.'))
              .min(1, 'Обязательное поле.')
              .max(200, 'Не больше 200 символов.'),
            size: z
              .string(expected('Размер — строка, например «M».'))
              .trim()
              .min(1, 'Обязательное поле.')
              .max(50, 'Не больше 50 символов.'),
            count: z
              .number(expected('Количество — целое число от 1 до 99.'))
              .refine((v) => Number.isInteger(v) && v <= 1000, { error: 'Количество — целое число от 1 до 99.' }),
          },
          expected('Позиция заказа — объект {"slug", "size", "count"}.'),
        ),
        expected('Список товаров — массив [{"slug", "size", "count"}].'),
      )
      .min(1, 'Добавьте в заказ хотя бы один товар.')
      .max(50, 'Не больше 50 позиций в одном заказе.'),
    delivery_point: jsonId('Пункт выдачи — id сохранённого пункта (целое число).'),
    card: jsonId('Карта — id сохранённой карты (целое число) или null.').nullish(),
    /** With a new card (`card` null): keep it for the next purchases («Сохранить карту»). */
    save_card: z.boolean(expected('Сохранить карту — true или false.')).optional(),
    recipient_name: z
      .string(expected('Получатель — строка: имя и фамилия, например «Анна Иванова».'))
      .max(200, 'Имя получателя — не больше 100 символов.')
      .optional(),
    recipient_phone: z
      .string(expected('Телефон получателя — строка, например «+7 999 123-45-67».'))
      .max(40, 'Телефон получателя — не больше 40 символов.')
      .optional(),
  },
  {
    error:
      'Отправьте JSON-объект {"items", "delivery_point", "card", "recipient_name", "recipient_phone"} с заголовком Content-Type: application/json.',
  },
);
export type OrderCreate = z.infer<typeof orderCreateSchema>;

/** Longest recipient name (characters). */
export const RECIPIENT_NAME_MAX = 100;

/**
 * What is wrong with a recipient's full name, or null when a carrier can take it: letters (Cyrillic or Latin), spaces,
 * hyphens, apostrophes and dots; at least two words (name and surname, as the pickup point checks them against an ID);
 * up to {@link RECIPIENT_NAME_MAX} characters. Both the checkout form and `POST /v1/sales/order/` use it.
 */
export function recipientNameProblem(name: string): string | null {
  const v = name.trim().replace(/\s+/g, ' ');
  if (!v) return 'Укажите имя и фамилию получателя — их спросят в пункте выдачи.';
  if (v.length > RECIPIENT_NAME_MAX) return `Имя получателя — не больше ${RECIPIENT_NAME_MAX} символов.`;
  if (!/^[\p{L}][\p{L}'’.\- ]*$/u.test(v)) return 'Имя получателя — только буквы, пробелы, дефисы и апострофы.';
  if (v.split(' ').filter((w) => /\p{L}/u.test(w)).length < 2)
    return 'Укажите имя и фамилию получателя, как в паспорте: например «Анна Иванова».';
  return null;
}

/**
 * `POST /v1/sales/orders/{id}/ship/` body. The number must fit the format of the delivery service the buyer chose
 * (`TRACKING_RULES` of delivery.ts; otherwise 400 `{tracking_number}` in Russian naming the format); it is stored normalised.
 */
export const shipSchema = z.object(
  {
    tracking_number: z
      .string(expected('Трек-номер — строка, например «RA123456789RU».'))
      .trim()
      .min(3, 'Трек-номер — не меньше 3 символов.')
      .max(64, 'Трек-номер — не больше 64 символов.'),
  },
  { error: 'Отправьте JSON-объект {"tracking_number"} с заголовком Content-Type: application/json.' },
);
