/** Route loaders' reads of the stored texts (`/v1/public/content/…`, `/v1/public/blog/…`, `/v1/public/jobs/…`). */
import type { ContentPage, ContentSlug, Entry, EntryCard, EntryKind } from '@vitrina/contract/content';
import type { AppLoadContext } from 'react-router';
import { apiLoad } from '../../shared/lib/load-context';

const PATH: Record<EntryKind, string> = { blog: 'blog', job: 'jobs' };

/** A content page, rendered by the API. */
export const loadContentPage = (context: AppLoadContext, slug: ContentSlug) =>
  apiLoad<ContentPage>(context, `/v1/public/content/${slug}/`);

/** The published posts or openings, newest first. */
export const loadEntries = (context: AppLoadContext, kind: EntryKind) =>
  apiLoad<{ results: EntryCard[] }>(context, `/v1/public/${PATH[kind]}/`);

/** One published post or opening (404 page for an unknown one). */
export const loadEntry = (context: AppLoadContext, kind: EntryKind, slug: string) =>
  apiLoad<Entry>(context, `/v1/public/${PATH[kind]}/${encodeURIComponent(slug)}/`);
