/** The FAQ (screen `faq`): its questions as stored by staff, answers server-rendered in native `<details>`. */
import type { FaqItem } from '@vitrina/contract/content';
import classes from './faq.module.css';
import { RichText } from './markdown-page';

/** `FAQPage` structured data of the stored questions (answers as plain text). */
export function faqJsonLd(items: FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((i) => ({
      '@type': 'Question',
      name: i.question,
      acceptedAnswer: { '@type': 'Answer', text: i.answer_text },
    })),
  };
}

/** Every question as a native `<details>`: the answers are in the HTML and open without JavaScript. */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className={classes.list}>
      {items.map((i) => (
        <details key={i.question} className={classes.item}>
          <summary className={classes.question}>{i.question}</summary>
          <RichText html={i.answer_html} className={classes.answer} />
        </details>
      ))}
    </div>
  );
}
