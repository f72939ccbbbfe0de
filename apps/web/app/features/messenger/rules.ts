/**
 * The messenger's pure rules: a thread's messages grouped by Moscow day («Сегодня», «Вчера», «12 ноября»), a message
 * merged into a thread (a known id replaces it: an offer changed), read marks applied, the countdown of an offer,
 * and who may answer an offer.
 */
import type { ChatMessage, PriceOffer } from '@vitrina/contract/chats';

const TZ = 'Europe/Moscow';
const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
const dayName = new Intl.DateTimeFormat('ru-RU', { timeZone: TZ, day: 'numeric', month: 'long' });
const dayNameYear = new Intl.DateTimeFormat('ru-RU', { timeZone: TZ, day: 'numeric', month: 'long', year: 'numeric' });
const time = new Intl.DateTimeFormat('ru-RU', { timeZone: TZ, hour: '2-digit', minute: '2-digit' });

/** «14:05» (Moscow). */
export const timeLabel = (iso: string) => time.format(new Date(iso));

/** «Сегодня», «Вчера», «12 ноября» or «12 ноября 2025» (another year), Moscow days. */
export function dayLabel(iso: string, now: Date): string {
  const d = new Date(iso);
  const k = dayKey.format(d);
  if (k === dayKey.format(now)) return 'Сегодня';
  if (k === dayKey.format(new Date(now.getTime() - 86_400_000))) return 'Вчера';
  return (dayKey.format(now).slice(0, 4) === k.slice(0, 4) ? dayName : dayNameYear).format(d);
}

/** The list's time of a last message: the time today, «Вчера», or the date. */
export function listTimeLabel(iso: string, now: Date): string {
  const day = dayLabel(iso, now);
  return day === 'Сегодня' ? timeLabel(iso) : day;
}

/** Messages oldest first, cut into Moscow days. */
export function groupByDay(messages: ChatMessage[], now: Date): { day: string; messages: ChatMessage[] }[] {
  const groups: { day: string; key: string; messages: ChatMessage[] }[] = [];
  for (const m of [...messages].sort((a, b) => a.id - b.id)) {
    const key = dayKey.format(new Date(m.created_at));
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.messages.push(m);
    else groups.push({ day: dayLabel(m.created_at, now), key, messages: [m] });
  }
  return groups.map(({ day, messages: ms }) => ({ day, messages: ms }));
}

/** A thread (newest first) with a message put in: a known id is replaced, a new one placed by id. */
export function mergeMessage(list: ChatMessage[], m: ChatMessage): ChatMessage[] {
  const at = list.findIndex((x) => x.id === m.id);
  if (at >= 0) return list.map((x, i) => (i === at ? m : x));
  return [m, ...list].sort((a, b) => b.id - a.id);
}

/** A thread with the reader's own messages up to `upTo` marked read (the other side read them). */
export function markReadUpTo(list: ChatMessage[], me: number, upTo: number): ChatMessage[] {
  return list.map((m) => (m.author === me && m.id <= upTo && !m.read ? { ...m, read: true } : m));
}

/** «23 ч 15 мин», «15 мин», «меньше минуты» until `iso`; null once past. */
export function countdown(iso: string, now: Date): string | null {
  const ms = Date.parse(iso) - now.getTime();
  if (ms <= 0) return null;
  const min = Math.floor(ms / 60_000);
  if (min < 1) return 'меньше минуты';
  const h = Math.floor(min / 60);
  return h ? `${h} ч ${min % 60} мин` : `${min} мин`;
}

/** Whether the caller (`role`) is the one to answer an offer: the side that did not make it, while it waits. */
export const canAnswer = (o: PriceOffer, role: 'buyer' | 'seller', now: Date) =>
  o.status === 'pending' && o.by !== role && Date.parse(o.expires_at) > now.getTime();
