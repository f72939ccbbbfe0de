/** What the benchmarks measure on: the data sizes (bench databases) and the catalog pages a visitor opens. */

/** The data sizes: products seeded and the database on BENCH_PG. */
export const SIZES: Record<string, { products: number; db: string }> = {
  demo: { products: 640, db: 'vitrina_bench_demo' },
  '100k': { products: 100_000, db: 'vitrina_bench_100k' },
};

/** Catalog pages as a visitor opens them: a section, a section sorted, a section filtered. */
export const CATALOG_PAGES = [
  '/catalog/women',
  '/catalog/men',
  '/catalog/kids',
  '/catalog/women?sort=new',
  '/catalog/men?sort=price_asc',
];
