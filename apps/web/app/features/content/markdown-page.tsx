/**
 * A content page whose text staff edit in the back office: the server's sanitised HTML (the API renders the
 * Markdown; no Markdown library reaches the browser). Its first paragraph is the lead; `##` headings are sections.
 * Links to the site's own pages open without a reload.
 */
import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import classes from './content-page.module.css';

/** Opens a click on an internal link (`/path`) with the router instead of a full page load. */
export function useInternalLinks() {
  const navigate = useNavigate();
  return (e: MouseEvent<HTMLElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href || !href.startsWith('/') || href.startsWith('//') || a.target) return;
    e.preventDefault();
    void navigate(href);
  };
}

/** Sanitised HTML of a stored text (from the API), styled as running text. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const onClick = useInternalLinks();
  return (
    <div
      className={`${classes.rich} ${className ?? ''}`}
      onClick={onClick}
      // The API sanitised it with an allow-list (modules/content/markdown.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** A text page: the title, then the stored text (its first paragraph as the lead), then `aside`. */
export function MarkdownPage({ title, html, aside }: { title: string; html: string; aside?: ReactNode }) {
  return (
    <div className={classes.page}>
      <h1 className={classes.title}>{title}</h1>
      <RichText html={html} className={classes.withLead} />
      {aside}
    </div>
  );
}
