import { describe, expect, it } from 'vitest';
import type { ChatMessage, PriceOffer } from '@vitrina/contract/chats';
import { canAnswer, countdown, dayLabel, groupByDay, markReadUpTo, mergeMessage } from './rules';

const msg = (id: number, created_at: string, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chat: 1,
  author: 7,
  kind: 'text',
  text: `m${id}`,
  photos: [],
  offer: null,
  created_at,
  read: false,
  erased: false,
  ...over,
});
const now = new Date('2026-11-22T12:00:00Z'); // 15:00 in Moscow

describe('messenger rules', () => {
  it('names Moscow days: today, yesterday, a date, a date of another year', () => {
    expect(dayLabel('2026-11-22T05:00:00Z', now)).toBe('Сегодня');
    expect(dayLabel('2026-11-21T21:00:00Z', now)).toBe('Сегодня'); // 00:00 in Moscow
    expect(dayLabel('2026-11-21T20:59:00Z', now)).toBe('Вчера'); // 23:59 the day before
    expect(dayLabel('2026-11-21T10:00:00Z', now)).toBe('Вчера');
    expect(dayLabel('2026-11-12T10:00:00Z', now)).toBe('12 ноября');
    expect(dayLabel('2025-11-12T10:00:00Z', now)).toBe('12 ноября 2025 г.');
  });

  it('groups a thread by day, oldest first', () => {
    const groups = groupByDay(
      [msg(3, '2026-11-22T08:00:00Z'), msg(1, '2026-11-20T08:00:00Z'), msg(2, '2026-11-22T07:00:00Z')],
      now,
    );
    expect(groups.map((g) => [g.day, g.messages.map((m) => m.id)])).toEqual([
      ['20 ноября', [1]],
      ['Сегодня', [2, 3]],
    ]);
  });

  it('merges a message by id (replace) or by order (insert), and marks own messages read', () => {
    const list = [msg(5, now.toISOString()), msg(3, now.toISOString())];
    expect(mergeMessage(list, msg(4, now.toISOString())).map((m) => m.id)).toEqual([5, 4, 3]);
    expect(mergeMessage(list, msg(3, now.toISOString(), { text: 'new' }))[1]!.text).toBe('new');
    const read = markReadUpTo([msg(5, '', { author: 1 }), msg(4, '', { author: 2 }), msg(3, '', { author: 1 })], 1, 4);
    expect(read.map((m) => m.read)).toEqual([false, false, true]);
  });

  it('counts down and says who answers an offer', () => {
    expect(countdown('2026-11-23T11:15:00Z', now)).toBe('23 ч 15 мин');
    expect(countdown('2026-11-22T12:00:30Z', now)).toBe('меньше минуты');
    expect(countdown('2026-11-22T11:00:00Z', now)).toBeNull();
    const o = { status: 'pending', by: 'buyer', expires_at: '2026-11-23T12:00:00Z' } as PriceOffer;
    expect(canAnswer(o, 'seller', now)).toBe(true);
    expect(canAnswer(o, 'buyer', now)).toBe(false);
    expect(canAnswer({ ...o, status: 'accepted' }, 'seller', now)).toBe(false);
  });
});
