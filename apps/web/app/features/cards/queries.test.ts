/**
 * The user's cards in the shared cache: a card saved from the gateway's card page joins the cached list at once, in
 * the server's order (the default card first, then the newest), and the list is marked stale (a screen showing it
 * refetches it).
 */
import { MutationObserver } from '@tanstack/react-query';
import type { Card } from '@vitrina/contract/orders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_GLOBAL } from '../../shared/api/client';
import { queryClient } from '../../shared/api/query';
import { cardKeys, cardMutations, withCard } from './queries';

const card = (id: number, isDefault = false): Card => ({
  id,
  brand: 'Visa',
  last4: String(1000 + id),
  exp_month: 12,
  exp_year: 2030,
  name: '',
  is_default: isDefault,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('window', { [API_BASE_GLOBAL]: 'https://api.vitrina.example' });
  queryClient.clear();
  queryClient.setQueryDefaults(cardKeys.list, { gcTime: Infinity });
});
afterEach(() => vi.unstubAllGlobals());

describe('withCard', () => {
  it('puts a new card after the default one, newest first, as GET /v1/self/cards/ orders them', () => {
    const list = [card(1, true), card(3), card(2)];
    expect(withCard(list, card(7)).map((c) => c.id)).toEqual([1, 7, 3, 2]);
  });

  it('makes a new default card the only default, first', () => {
    const next = withCard([card(1, true), card(2)], card(5, true));
    expect(next.map((c) => [c.id, c.is_default])).toEqual([
      [5, true],
      [2, false],
      [1, false],
    ]);
  });

  it('replaces a card that is already there instead of showing it twice', () => {
    const renamed = { ...card(2), name: 'Зарплатная' };
    const next = withCard([card(1, true), card(2)], renamed);
    expect(next.map((c) => c.id)).toEqual([1, 2]);
    expect(next[1]!.name).toBe('Зарплатная');
  });
});

describe('a card saved from the card page', () => {
  it('joins the cached list at once and marks the list stale', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const { pathname } = new URL(input.url);
        calls.push(`${input.method} ${pathname}`);
        if (pathname === '/v1/user/add-card/') return json(card(9), 201);
        return json({ detail: 'Страница не найдена.' }, 404);
      }),
    );
    await queryClient.fetchQuery({ queryKey: cardKeys.list, queryFn: async () => [card(1, true)] });

    await new MutationObserver(queryClient, cardMutations.add).mutate({ token: 'tok_1', state: 'state' });

    expect(calls).toEqual(['POST /v1/user/add-card/']);
    expect(queryClient.getQueryData<Card[]>(cardKeys.list)?.map((c) => c.id)).toEqual([1, 9]);
    expect(queryClient.getQueryState(cardKeys.list)?.isInvalidated).toBe(true);
  });

  it('leaves the cached list alone when the card is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ card_state: ['Карта не сохранена.'] }, 400)),
    );
    await queryClient.fetchQuery({ queryKey: cardKeys.list, queryFn: async () => [card(1, true)] });

    await expect(
      new MutationObserver(queryClient, cardMutations.add).mutate({ token: 'tok_1', state: 'old' }),
    ).rejects.toThrow();

    expect(queryClient.getQueryData<Card[]>(cardKeys.list)?.map((c) => c.id)).toEqual([1]);
    expect(queryClient.getQueryState(cardKeys.list)?.isInvalidated).toBe(false);
  });
});
