/**
 * Money: integer kopecks in the database, rubles (numbers) in the API (architecture §3).
 */

/** Kopecks → rubles for API answers (e.g. 1299000 → 12990). */
export const toRubles = (kopecks: number): number => Math.round(kopecks) / 100;

/** Rubles from a client → integer kopecks (12990 → 1299000, 10.5 → 1050). */
export const toKopecks = (rubles: number): number => Math.round(rubles * 100);
