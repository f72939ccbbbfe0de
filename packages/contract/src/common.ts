/**
 * Shapes shared by every API module and the web app (architecture §3).
 */
import './zod-config.js';
import { z } from 'zod';

/** A DRF page: `{count, next, previous, results}`. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** A DRF page schema around an item schema. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

/** `{detail}` error answer. */
export const detailError = z.object({ detail: z.string() });

/** Field errors of a 400: `{title: ['Обязательное поле.']}`. */
export const fieldErrors = z.record(z.string(), z.array(z.string()));

/** An uploaded image's public URLs (see api media module). */
export const imageSchema = z.object({
  url: z.string(),
  url_small: z.string(),
  url_large: z.string(),
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Image = z.infer<typeof imageSchema>;
