/**
 * Contacts hidden in messages (no leaving the platform): phone numbers (libphonenumber-js, Russian and
 * international, and any run of 10 or more digits however it is split), e-mail addresses and links (linkify-it,
 * with or without `http://`, Russian domains included), and messenger handles (`@name`, «тг: name», «ватсап …»)
 * become {@link MASKED}. Prices, sizes and order numbers stay as written: «8 500 ₽», «42», «V-2611-000123».
 */
import { LinkifyIt } from 'linkify-it';
import { findPhoneNumbersInText } from 'libphonenumber-js/max';
import { MASKED } from '@vitrina/contract/chats';

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true }).tlds(
  ['рф', 'su', 'me', 'io', 'gg', 'ly', 'to', 'cc', 'tv', 'app', 'site', 'online', 'shop', 'store', 'link', 'pro'],
  true,
);

/** Order numbers (`V-2611-000123`) are never contacts. */
const ORDER_NUMBER = /\bV-\d{4}-\d{6}\b/gi;
/** Ten or more digits with spaces, dashes, dots or brackets between them (a phone written to dodge the check). */
const DIGIT_RUN = /\+?\d(?:[\s().\-–—_/]{0,3}\d){9,}/g;
/** `@handle` (Telegram, Instagram…): 4–32 letters, digits, underscores or dots. */
const AT_HANDLE = /(^|[^\p{L}\p{N}_.@])@[A-Za-z][\w.]{3,31}/gu;
/** «телеграм: name», «tg name», «ватсап name», «insta: name»: the word after a messenger's name. */
const MESSENGER_WORD =
  /(\b(?:telegram|tg|tlg|whats ?app|wa|viber|vk|insta(?:gram)?|skype|discord|signal)\b|(?:телеграм+|телега|тг|телеге|вотсап|ватсап|вацап|вайбер|инстаграм|инста|инсте|скайп|дискорд|вк|вконтакте)(?![\p{L}]))\s*[:\-–—]?\s*(@?[A-Za-z][\w.]{3,31})/giu;

interface Span {
  start: number;
  end: number;
}

/** Spans of order numbers, which no rule may cover. */
function protectedSpans(text: string): Span[] {
  return [...text.matchAll(ORDER_NUMBER)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/**
 * Hides contacts in a message.
 * @returns the text as the other side sees it, and whether anything was hidden
 */
export function maskContacts(text: string): { text: string; masked: boolean } {
  const keep = protectedSpans(text);
  const found: Span[] = [];
  const add = (start: number, end: number) => {
    const s = { start, end };
    if (end > start && !keep.some((k) => overlaps(k, s))) found.push(s);
  };
  for (const m of linkify.match(text) ?? []) add(m.index, m.lastIndex);
  for (const p of findPhoneNumbersInText(text, { defaultCountry: 'RU' })) add(p.startsAt, p.endsAt);
  for (const m of text.matchAll(DIGIT_RUN)) add(m.index, m.index + m[0].length);
  for (const m of text.matchAll(AT_HANDLE)) add(m.index + m[1]!.length, m.index + m[0].length);
  for (const m of text.matchAll(MESSENGER_WORD)) {
    const handle = m[2]!;
    add(m.index + m[0].length - handle.length, m.index + m[0].length);
  }
  if (!found.length) return { text, masked: false };
  found.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const s of found) {
    if (s.end <= at) continue;
    out += text.slice(at, Math.max(at, s.start));
    if (s.start >= at) out += MASKED;
    at = Math.max(at, s.end);
  }
  return { text: out + text.slice(at), masked: true };
}
