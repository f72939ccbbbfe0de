/**
 * Markdown of the shop's texts → sanitised HTML. `marked` (GFM) renders, `sanitize-html` keeps only the tags of
 * running text (paragraphs, headings h2–h4, lists, emphasis, code, quotes, tables, links) and drops everything else:
 * no `<script>`, `<style>`, `<iframe>`, images or raw HTML blocks, no `on…` handlers, no `style`, and links only to
 * `http(s):`, `mailto:`, `tel:` or a path of the site (`javascript:` and `data:` are removed). Staff are trusted
 * people, but a stolen staff token must not turn the shop's pages into a script host.
 */
import { Marked, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'hr',
    'br',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The page's own title is its h1: a `#` heading in the text becomes a section heading.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const { rel: _rel, target: _target, ...rest } = attribs;
      const external = /^https?:/i.test(rest.href ?? '');
      return { tagName, attribs: external ? { ...rest, rel: 'noopener nofollow', target: '_blank' } : rest };
    },
  },
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
};
// `rel` and `target` are set by the transform above only (a typed `target` or `rel` is dropped by the allow-list).
SANITIZE.allowedAttributes = { ...SANITIZE.allowedAttributes, a: ['href', 'title', 'rel', 'target'] };

/** Sanitises HTML with the shop's allow-list (see the module's comment). */
export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** Renders Markdown to sanitised HTML. */
export function renderMarkdown(markdown: string): string {
  return sanitize(marked.parse(markdown) as string);
}

/** The text of sanitised HTML without tags (entities decoded), whitespace collapsed. */
export function plainText(html: string): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A question of the FAQ: the heading's text and the answer's sanitised HTML and plain text. */
export interface FaqPart {
  question: string;
  answer_html: string;
  answer_text: string;
}

/**
 * The FAQ's questions from its Markdown: each `##` heading is a question, the blocks up to the next heading of that
 * level or higher its answer. Text before the first question is not part of any.
 */
export function faqParts(markdown: string): FaqPart[] {
  const tokens = marked.lexer(markdown);
  const parts: { question: string; tokens: Token[] }[] = [];
  for (const t of tokens) {
    if (t.type === 'heading' && (t as Tokens.Heading).depth <= 2) {
      parts.push({
        question: plainText(sanitize(marked.parseInline((t as Tokens.Heading).text) as string)),
        tokens: [],
      });
    } else parts.at(-1)?.tokens.push(t);
  }
  return parts
    .filter((p) => p.question)
    .map((p) => {
      const answer_html = sanitize(marked.parser(Object.assign(p.tokens, { links: tokens.links })));
      return { question: p.question, answer_html, answer_text: plainText(answer_html) };
    });
}
