/**
 * Staff calls of the content editor (`/v1/admin/content/…`, `/v1/admin/entries/…`, `/v1/admin/compilations/…`):
 * every function returns the never-throwing `ApiResult`.
 */
import type { AdminCompilation, AdminContentPage, AdminEntry, ContentSlug, EntryKind } from '@vitrina/contract/content';
import { api } from '../../shared/api/client';
import { apiUpload } from '../../shared/api/upload';

export const fetchPage = (slug: ContentSlug, signal?: AbortSignal) =>
  api<AdminContentPage>(`/v1/admin/content/${slug}/`, { signal });

export const savePage = (slug: ContentSlug, body: { title: string; body_markdown: string }) =>
  api<AdminContentPage>(`/v1/admin/content/${slug}/`, { method: 'PUT', json: body });

/** The HTML the site would show for `markdown` (the server's own rendering and sanitising). */
export const preview = (markdown: string, signal?: AbortSignal) =>
  api<{ html: string }>('/v1/admin/content/preview/', { method: 'POST', json: { body_markdown: markdown }, signal });

export const fetchEntries = (kind: EntryKind, signal?: AbortSignal) =>
  api<{ results: AdminEntry[] }>(`/v1/admin/entries/?kind=${kind}`, { signal });

export interface EntryFields {
  slug: string;
  title: string;
  lead: string;
  place: string;
  body_markdown: string;
}

export const createEntry = (kind: EntryKind, body: EntryFields) =>
  api<AdminEntry>('/v1/admin/entries/', { method: 'POST', json: { kind, ...body } });

export const saveEntry = (id: number, body: Partial<EntryFields>) =>
  api<AdminEntry>(`/v1/admin/entries/${id}/`, { method: 'PATCH', json: body });

export const publishEntry = (id: number, publish: boolean) =>
  api<AdminEntry>(`/v1/admin/entries/${id}/${publish ? 'publish' : 'unpublish'}/`, { method: 'POST', json: {} });

/** A cover (file `cover`) for an entry or a compilation; an empty form removes it. */
export const uploadCover = <T>(path: string, form: FormData) =>
  apiUpload<T>('POST', path, form, {
    fallback: (s) => (s === 413 || s >= 500 ? undefined : 'Не удалось загрузить обложку.'),
  });

export const fetchCompilations = (signal?: AbortSignal) =>
  api<{ results: AdminCompilation[] }>('/v1/admin/compilations/', { signal });

export interface CompilationFields {
  slug: string;
  title: string;
  description: string;
  published: boolean;
  filter: string | null;
  product_ids: number[];
  position: number;
}

export const createCompilation = (body: CompilationFields) =>
  api<AdminCompilation>('/v1/admin/compilations/', { method: 'POST', json: body });

export const saveCompilation = (id: number, body: Partial<CompilationFields>) =>
  api<AdminCompilation>(`/v1/admin/compilations/${id}/`, { method: 'PATCH', json: body });

export const deleteCompilation = (id: number) => api<null>(`/v1/admin/compilations/${id}/`, { method: 'DELETE' });
