/**
 * Public face of the report feature: «Пожаловаться» on a listing or a seller — a quiet button whose dialog is a chunk
 * of its own, downloaded on intent and shown on the press (a guest signs in first). Hidden on one's own listing and
 * profile. The product and seller pages are at their JavaScript budget: render the button from a part they already
 * load lazily (the seller card, the seller's actions), not from their first scripts.
 */
export { ReportButton } from './report-button';
export type { ReportTarget } from './api';
