/**
 * `meta` helpers: title, description, canonical link and Open Graph tags for every public page.
 */
export const SITE_NAME = 'Витрина';

export interface SeoInput {
  title: string;
  description: string;
  /** Absolute or root-relative path of the page (canonical). */
  path: string;
  /** Absolute origin, e.g. `http://localhost:3000` (from loader data). */
  origin?: string;
  image?: string;
  type?: 'website' | 'product';
  noindex?: boolean;
}

/** Builds a React Router `meta` array. */
export function seo({ title, description, path, origin = '', image, type = 'website', noindex }: SeoInput) {
  // Later pages of a list are pages of their own: «Женщинам, страница 2 — Витрина».
  const page = Number(new URLSearchParams(path.split('?')[1] ?? '').get('page'));
  const paged = Number.isInteger(page) && page > 1 ? `${title}, страница ${page}` : title;
  const full = paged.includes(SITE_NAME) ? paged : `${paged} — ${SITE_NAME}`;
  const url = origin + path;
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
