/**
 * Public face of the report feature: «Пожаловаться» on a listing or a seller (a dialog loaded on the first press; a
 * guest signs in first). Hidden on one's own listing and profile.
 */
export { ReportButton } from './lazy';
