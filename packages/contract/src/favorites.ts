/**
 * The favorites contract (spec §3, §4, §7): `GET /v1/favorites/`,
 * `POST /v1/favorites/{id}/add-to-favorites/`, `POST /v1/favorites/{id}/remove-favorite/` (all auth, `{id}` = listing
 * id). Every answer is `{data: FavoriteItem[]}` — the caller's whole list, newest first — which replaces the client's
 * local favorites (spec §4). Ours: `GET /v1/favorites/ids/` (auth, the ids only, for hearts on grids) and
 * `GET /v1/favorites/{id}/count/` (auth, the listing's seller only: «В избранном у N»).
 */
import './zod-config.js';
import { z } from 'zod';
import { productCardSchema } from './catalog.js';

/** One favorite: the catalog's card plus when it was added; sold or removed listings stay, `available: false`. */
export const favoriteItemSchema = productCardSchema.extend({
  /** ISO time the caller added it. */
  added_at: z.string(),
  /** False when the listing is sold out, withdrawn or removed — the card shows «Продано» / «Снято с продажи». */
  available: z.boolean(),
  /**
   * The price when the caller added it (rubles), when the listing is on sale and its price is lower now — the
   * favorites page strikes it through beside `price`; otherwise null.
   */
  old_price: z.number().nullable(),
});
export type FavoriteItem = z.infer<typeof favoriteItemSchema>;

/** The answer of all three spec calls. */
export const favoritesAnswerSchema = z.object({ data: z.array(favoriteItemSchema) });
export type FavoritesAnswer = z.infer<typeof favoritesAnswerSchema>;

/** `GET /v1/favorites/ids/`: the caller's favorite listing ids (cheap, for hearts on any page). */
export const favoriteIdsAnswerSchema = z.object({ data: z.array(z.number().int()) });

/** `GET /v1/favorites/{id}/count/` (the listing's seller only; others 404): how many people keep it. */
export const favoriteCountAnswerSchema = z.object({ data: z.object({ count: z.number().int() }) });

/** The most favorites one user may keep; adding past it is a Russian 400. */
export const FAVORITES_MAX = 1000;
