/** Public face of the content feature: the static pages' texts and their layout. */
/** Blog articles and job openings. */
export { ARTICLES, JOBS, type Article, type Job } from './articles';
/** A content page with its sections, and the bullet list and text link used inside. */
export { Bullets, ContentPage, TextLink, type Section } from './content-page';
/** The FAQ: its list (answers server-rendered in `<details>`) and `FAQPage` structured data. */
export { FaqList, faqJsonLd } from './faq';
