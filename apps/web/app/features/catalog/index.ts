/** Public face of the catalog feature: menus, listing pages, brands and the home page sections. */
/** Labels of the product types (women, men, kids), their list and a type's title. */
export { TYPE_LABELS, TYPES, typeTitle } from './type-labels';
/** Loads a listing page's products, filters and references during SSR. */
export {
  LISTING_QUERY,
  loadListing,
  readListing,
  type Chars,
  type ListingData,
  type ListingRouteData,
} from './load-listing';
/** A listing page: filters, sorting, products and pages. */
export { ListingPage, type ListingPageProps } from './listing-page';
/** The category chips above a type's listing. */
export { CategoryChips } from './category-chips';
/** The generated description of a brand page. */
export { brandDescription, type BrandSummary } from './brand-description';
/** The catalog menu built from `/v1/product/chars/` categories, and its desktop form. */
export { buildMenu, CatalogMenuDesktop, type CatalogMenuData } from './catalog-menu';
/** The phone catalog drawer, loaded as a chunk of its own (`preload()` on intent). */
export { CatalogDrawer } from './lazy';
/** Home page sections: hero, compilations, new listings and popular brands. */
export { CompilationsRow, FreshListings, Hero, PopularBrands } from './home-sections';
/** The brands screen's A–Z directory. */
export { BrandDirectory } from './brand-directory';
