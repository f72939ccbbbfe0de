/**
 * Staff calls of the content editor (`/v1/admin/content/…`, `/v1/admin/entries/…`, `/v1/admin/compilations/…`):
 * every function returns the never-throwing `ApiResult`, typed from the server's OpenAPI document (shared/api/typed.ts);
 * covers go up with XMLHttpRequest (`apiUpload`).
 */
import type { ContentSlug, EntryKind } from '@vitrina/contract/content';
import { apiClient } from '../../shared/api/typed';
import { apiUpload } from '../../shared/api/upload';

/** `GET /v1/admin/content/{slug}/` — an editable page (title, Markdown, when and by whom last saved). */
export const fetchPage = (slug: ContentSlug, signal?: AbortSignal) =>
  apiClient.GET('/v1/admin/content/{slug}/', { params: { path: { slug } }, signal });

/** `PUT /v1/admin/content/{slug}/` — saves a page. */
export const savePage = (slug: ContentSlug, body: { title: string; body_markdown: string }) =>
  apiClient.PUT('/v1/admin/content/{slug}/', { params: { path: { slug } }, body });

/** The HTML the site would show for `markdown` (the server's own rendering and sanitising). */
export const preview = (markdown: string, signal?: AbortSignal) =>
  apiClient.POST('/v1/admin/content/preview/', { body: { body_markdown: markdown }, signal });

/** `GET /v1/admin/entries/?kind=` — the blog's posts or the job offers, drafts included. */
export const fetchEntries = (kind: EntryKind, signal?: AbortSignal) =>
  apiClient.GET('/v1/admin/entries/', { params: { query: { kind } }, signal });

export interface EntryFields {
  slug: string;
  title: string;
  lead: string;
  place: string;
  body_markdown: string;
}

/** `POST /v1/admin/entries/` — a new draft. */
export const createEntry = (kind: EntryKind, body: EntryFields) =>
  apiClient.POST('/v1/admin/entries/', { body: { kind, ...body } });

/** `PATCH /v1/admin/entries/{id}/`. */
export const saveEntry = (id: number, body: Partial<EntryFields>) =>
  apiClient.PATCH('/v1/admin/entries/{id}/', { params: { path: { id } }, body });

/** `POST /v1/admin/entries/{id}/publish/` or `…/unpublish/`. */
export const publishEntry = (id: number, publish: boolean) =>
  publish
    ? apiClient.POST('/v1/admin/entries/{id}/publish/', { params: { path: { id } } })
    : apiClient.POST('/v1/admin/entries/{id}/unpublish/', { params: { path: { id } } });

/** Whose cover: a journal post or job opening (`entries`), or a compilation, by id. */
export interface CoverTarget {
  kind: 'entries' | 'compilations';
  id: number;
}

/** `POST /v1/admin/entries/{id}/cover/` or `…/compilations/{id}/cover/` — the file `cover`; an empty form removes it. */
export function uploadCover(target: CoverTarget, form: FormData) {
  const options = {
    path: { id: target.id },
    fallback: (s: number) => (s === 413 || s >= 500 ? undefined : 'Не удалось загрузить обложку.'),
  };
  return target.kind === 'entries'
    ? apiUpload('POST', '/v1/admin/entries/{id}/cover/', form, options)
    : apiUpload('POST', '/v1/admin/compilations/{id}/cover/', form, options);
}

/** `GET /v1/admin/compilations/` — every compilation, unpublished included. */
export const fetchCompilations = (signal?: AbortSignal) => apiClient.GET('/v1/admin/compilations/', { signal });

export interface CompilationFields {
  slug: string;
  title: string;
  description: string;
  published: boolean;
  filter: string | null;
  product_ids: number[];
  position: number;
}

/** `POST /v1/admin/compilations/`. */
export const createCompilation = (body: CompilationFields) => apiClient.POST('/v1/admin/compilations/', { body });

/** `PATCH /v1/admin/compilations/{id}/`. */
export const saveCompilation = (id: number, body: Partial<CompilationFields>) =>
  apiClient.PATCH('/v1/admin/compilations/{id}/', { params: { path: { id } }, body });

/** `DELETE /v1/admin/compilations/{id}/` → 204. */
export const deleteCompilation = (id: number) =>
  apiClient.DELETE('/v1/admin/compilations/{id}/', { params: { path: { id } } });
