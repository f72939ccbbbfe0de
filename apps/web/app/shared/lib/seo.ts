/**
 * `meta` helpers: title, description, canonical link and Open Graph tags for every public page.
 */
export const SITE_NAME = 'Витрина';

export interface SeoInput {
  title: string;
  description: string;
  /** Root-relative path of the page, with its query; the canonical address keeps only `query` of it ({@link canonicalPath}). */
  path: string;
  /** Names of the query parameters that define the page (besides `page`), e.g. a listing's filters and sort. */
  query?: readonly string[];
  /** Absolute origin, e.g. `http://localhost:3000` (from loader data). */
  origin?: string;
  image?: string;
  type?: 'website' | 'product';
  noindex?: boolean;
}

/** The page number of a `page` query value: a positive integer in decimal digits, otherwise null. */
export function pageNumber(raw: string | null): number | null {
  return raw !== null && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}

/**
 * The canonical form of a root-relative path: of its query only the non-empty parameters named in `keep` (in that
 * order, so the order in the address does not matter) and `page` when it is a number past 1 (page 1 is the
 * address without it); anything else (tracking tags, `?foo=bar`, `page=1`, `page=abc`) is dropped.
 */
export function canonicalPath(path: string, keep: readonly string[] = []): string {
  const [pathname = '', search = ''] = path.split('?', 2);
  const params = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const k of keep) {
    const v = params.get(k);
    if (k !== 'page' && v) out.set(k, v);
  }
  const page = pageNumber(params.get('page'));
  if (page !== null && page > 1) out.set('page', String(page));
  const query = out.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Builds a React Router `meta` array; the canonical link and `og:url` are {@link canonicalPath} of `path`. */
export function seo({ title, description, path, query, origin = '', image, type = 'website', noindex }: SeoInput) {
  // Later pages of a list are pages of their own: «Женщинам, страница 2 — Витрина».
  const page = pageNumber(new URLSearchParams(path.split('?')[1] ?? '').get('page')) ?? 1;
  const paged = page > 1 ? `${title}, страница ${page}` : title;
  const full = paged.includes(SITE_NAME) ? paged : `${paged} — ${SITE_NAME}`;
  const url = origin + canonicalPath(path, query);
  const tags: Record<string, string>[] = [
    { title: full },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: full },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:url', content: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'ru_RU' },
  ];
  if (image) tags.push({ property: 'og:image', content: image.startsWith('http') ? image : origin + image });
  if (noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/** The shop's public origin from the root loader data inside `meta({ matches })`. */
export function originFrom(
  matches: readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[],
): string {
  const root = matches.find((m) => m?.id === 'root');
  const data = (root?.loaderData ?? root?.data) as { origin?: string } | undefined;
  return data?.origin ?? '';
}
