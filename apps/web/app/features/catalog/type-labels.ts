/** Catalog types and their Russian names (the contract's CATALOG_TYPES, kept zod-free for the browser bundle). */
export const TYPE_LABELS: Record<string, string> = { women: 'Женщинам', men: 'Мужчинам', kids: 'Детям' };
export const TYPES = Object.keys(TYPE_LABELS);
export const typeTitle = (t: string) => TYPE_LABELS[t] ?? t;
