/**
 * The signed-in buyer's cart on the server (ours, beside spec §3–§5's cart in browser storage, which stays the
 * device's copy under the same storage key): `GET /v1/cart/`, `PUT /v1/cart/` (the device's whole cart after a
 * change), `POST /v1/cart/merge/` (at sign-in: the guest cart of the device joined with the account's). Every
 * answer is the account's whole cart. Lines are the spec's cart items: slug, size, count, price (rubles).
 */
import './zod-config.js';
import { z } from 'zod';
import { LISTING_LIMITS } from './products.js';

/** Most lines a cart keeps; most pieces of one line. */
export const CART_LIMITS = { lines: 100, count: 99 } as const;

/** A cart line (spec §3): price is a number, or a string with spaces that is read as one. */
export const serverCartItemSchema = z.object({
  slug: z
    .string({ error: 'Укажите товар (slug).' })
    .trim()
    .min(1, 'Укажите товар (slug).')
    .max(200)
    .refine((v) => !v.includes('\u0000'), 'Товар (slug) не может содержать символ U+0000.'),
  size: z
    .string({ error: 'Укажите размер.' })
    .trim()
    .max(40, 'Размер — не длиннее 40 символов.')
    .refine((v) => !v.includes('\u0000'), 'Размер не может содержать символ U+0000.'),
  count: z.coerce
    .number({ error: `Количество — от 1 до ${CART_LIMITS.count}.` })
    .int(`Количество — от 1 до ${CART_LIMITS.count}.`)
    .min(1, `Количество — от 1 до ${CART_LIMITS.count}.`)
    .max(CART_LIMITS.count, `Количество — от 1 до ${CART_LIMITS.count}.`),
  price: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v.replace(/\s/g, '')) : v),
    z
      .number({ error: 'Цена — число рублей.' })
      .min(0, 'Цена — число рублей.')
      // A listing's own ceiling: its kopecks fit the integer column.
      .max(LISTING_LIMITS.priceMax, 'Цена — число рублей.'),
  ),
});
export type ServerCartItem = z.infer<typeof serverCartItemSchema>;

/** The body of `PUT /v1/cart/` and `POST /v1/cart/merge/`: the device's cart lines. */
export const cartBodySchema = z
  .array(serverCartItemSchema, { error: 'Ожидается список товаров корзины.' })
  .max(CART_LIMITS.lines, `В корзине — не больше ${CART_LIMITS.lines} товаров.`);

/**
 * A stored cart line as answers carry it (price in rubles), with what the cart screen shows of its listing and
 * the pieces on offer in its size (`stock`, absent when none).
 */
export const cartLineSchema = z.object({
  slug: z.string(),
  size: z.string(),
  count: z.number().int(),
  price: z.number(),
  title: z.string(),
  brand: z.string().optional(),
  photo: z.string().optional(),
  seller_id: z.number().int(),
  seller_name: z.string(),
  stock: z.number().int().optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** Every answer: the account's whole cart, in the order the lines were added. */
export const cartAnswerSchema = z.object({ items: z.array(cartLineSchema) });
export type CartAnswer = z.infer<typeof cartAnswerSchema>;
