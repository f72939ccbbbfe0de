/** Public face of the content feature: the text pages' layout, the stored texts' HTML and the FAQ. */
/** A content page with its sections, and the bullet list and text link used inside (the offer page). */
export { Bullets, ContentPage, TextLink, type Section } from './content-page';
/** A page of stored text (server-rendered sanitised HTML) and that HTML alone. */
export { MarkdownPage, RichText } from './markdown-page';
/** The FAQ: its list (answers server-rendered in `<details>`) and `FAQPage` structured data. */
export { FaqList, faqJsonLd } from './faq';
/** Loads a content page, a journal post or opening, or their lists from the API (route loaders). */
export { loadContentPage, loadEntries, loadEntry } from './load';
/** A journal post's or an opening's cover photo (16:9). */
export { EntryCover } from './entry-cover';
