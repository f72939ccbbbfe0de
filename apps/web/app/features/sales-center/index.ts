/** Public face of the sales center feature: the seller's dashboard. */
/** «Центр продаж»: money, statistics with charts, listings by status, subscribers. */
export { SalesCenterPage } from './sales-center-page';
