/**
 * Seller statistics, balance and service level (spec §7).
 *
 * - `GET /v1/sales/weekly-statistics/` (auth) → {@link weeklyStatisticsAnswerSchema}.
 * - `GET /v1/sales/statistics/?period=day|week|month|year|custom[&date_from=YYYY-MM-DD&date_to=YYYY-MM-DD]` (auth)
 *   → {@link statisticsAnswerSchema}. Moscow days (`Europe/Moscow`); `custom` spans at most
 *   {@link STATISTICS_CUSTOM_MAX_DAYS} days. Only the caller's own listings count.
 * - `GET /v1/sales/statistics/export/?…same query…` (auth) → `text/csv` (UTF-8 with BOM, `;`), for Excel.
 * - `GET /v1/sales/balance/` (auth) → {@link balanceAnswerSchema}: read from the money ledger.
 * - `GET /v1/sales/service-level/` (auth) → {@link serviceLevelAnswerSchema}.
 * - `POST /v1/public/products/{slug}/view/` with `{visitor_id}` → 204: one view per visitor per listing per Moscow
 *   day; the seller's own views and bots don't count.
 *
 * Money is in rubles (numbers), as everywhere in the API.
 */
import './zod-config.js';
import { z } from 'zod';

export const STATISTICS_PERIODS = ['day', 'week', 'month', 'year', 'custom'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];
/** The longest `custom` range, days (both ends included). */
export const STATISTICS_CUSTOM_MAX_DAYS = 366;

/** Figures of one span: views, favorites added, orders paid, revenue (₽: item prices of paid orders minus refunds, before the fee). */
export const statisticsFiguresSchema = z.object({
  views: z.number().int(),
  favorites: z.number().int(),
  orders: z.number().int(),
  revenue: z.number(),
});
export type StatisticsFigures = z.infer<typeof statisticsFiguresSchema>;

/** Totals also carry the conversion, orders ÷ views as a fraction 0…1 (0 without views). */
export const statisticsTotalsSchema = statisticsFiguresSchema.extend({ conversion: z.number() });
export type StatisticsTotals = z.infer<typeof statisticsTotalsSchema>;

/** One day of `weekly-statistics`. */
export const statisticsDaySchema = statisticsFiguresSchema.extend({ date: z.string() });

export const weeklyStatisticsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** 7 entries, oldest first, ending today (Moscow). */
    days: z.array(statisticsDaySchema),
    totals: statisticsTotalsSchema,
  }),
});
export type WeeklyStatistics = z.infer<typeof weeklyStatisticsAnswerSchema>['data'];

/** One point of `statistics`: `date` is `YYYY-MM-DDTHH:00` (day), `YYYY-MM-DD` (week, month, custom) or `YYYY-MM` (year). */
export const statisticsPointSchema = statisticsTotalsSchema.extend({ date: z.string() });
export type StatisticsPoint = z.infer<typeof statisticsPointSchema>;

/** One of the seller's listings with its figures in the period (most viewed first, at most 50). */
export const statisticsListingSchema = statisticsTotalsSchema.extend({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** Thumbnail URL or null. */
  photo: z.string().nullable(),
  status: z.string(),
  /** Current price, ₽. */
  price: z.number(),
});
export type StatisticsListing = z.infer<typeof statisticsListingSchema>;

export const statisticsQuerySchema = z.object({
  period: z.enum(STATISTICS_PERIODS),
  date_from: z.string().optional(),
  date_to: z.string().optional(),
});

export const statisticsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    period: z.enum(STATISTICS_PERIODS),
    /** First and last Moscow day of the period, `YYYY-MM-DD`. */
    date_from: z.string(),
    date_to: z.string(),
    points: z.array(statisticsPointSchema),
    totals: statisticsTotalsSchema,
    /** The same elapsed span of the period before (Mon–Wed of last week when today is Wednesday). */
    previous_totals: statisticsTotalsSchema,
    top_listings: z.array(statisticsListingSchema),
  }),
});
export type Statistics = z.infer<typeof statisticsAnswerSchema>['data'];

/** The seller's money, ₽, read from the ledger. */
export const balanceSchema = z.object({
  /** Paid orders not yet completed: held until the buyer confirms receipt. */
  awaiting_completion: z.number(),
  /** Completed orders whose payout has not been sent yet (or is being retried). */
  available: z.number(),
  /** Sent to the payout card, all time. */
  paid_out: z.number(),
  /** The fee taken on completed orders, all time. */
  fees: z.number(),
  /** When the last payout was sent (ISO), or null. */
  last_payout_at: z.string().nullable(),
});
export type Balance = z.infer<typeof balanceSchema>;
export const balanceAnswerSchema = z.object({ success: z.literal(true), data: balanceSchema });

/** Service level 0–100 over the last 30 days (Avito-like), with the one-line explanation shown under it. */
export const serviceLevelSchema = z.object({
  /** Null for a seller with no orders in the window. */
  level: z.number().int().nullable(),
  orders: z.number().int(),
  shipped_in_time: z.number().int(),
  cancelled_by_seller: z.number().int(),
  /** E.g. «18 из 20 заказов отправлены вовремя, 1 отменён вами — за 30 дней». */
  explanation: z.string(),
});
export type ServiceLevel = z.infer<typeof serviceLevelSchema>;
export const serviceLevelAnswerSchema = z.object({ success: z.literal(true), data: serviceLevelSchema });

/** `POST /v1/public/products/{slug}/view/` body. */
export const viewBodySchema = z.object({ visitor_id: z.string().min(8).max(64) });
