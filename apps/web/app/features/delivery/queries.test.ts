/**
 * The delivery points in the shared cache: a saved point joins the cached list at once and the list is
 * marked stale (every screen showing it refetches); a deleted one leaves it (spec §4).
 */
import { MutationObserver } from '@tanstack/react-query';
import type { DeliveryPoint } from '@vitrina/contract/orders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_GLOBAL } from '../../shared/api/client';
import { queryClient } from '../../shared/api/query';
import { deliveryKeys, deliveryMutations } from './queries';

const point = (id: number): DeliveryPoint =>
  ({
    id,
    name: `Пункт ${id}`,
    address: `ул. Тверская, ${id}`,
    point_id: `P${id}`,
    delivery_service_type: 'cdek',
  }) as DeliveryPoint;

const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The path and method of a call (the typed client sends a `Request` to the configured base URL). */
const called = (input: Request) => ({ path: new URL(input.url).pathname, method: input.method });

beforeEach(() => {
  vi.stubGlobal('window', { [API_BASE_GLOBAL]: 'https://api.vitrina.example' });
  queryClient.clear();
  queryClient.setQueryDefaults(deliveryKeys.points, { gcTime: Infinity });
});
afterEach(() => vi.unstubAllGlobals());

describe('delivery points in the query cache', () => {
  it('adds a saved point to the cached list and marks the list stale', async () => {
    const fetch = vi.fn(async (input: Request) => {
      const { path, method } = called(input);
      if (path === '/v1/self/') return json({ success: true, info: { delivery_points: [point(1)] } });
      if (path === '/v1/delivery_points/' && method === 'POST') return json(point(2), 201);
      return json({ detail: 'Страница не найдена.' }, 404);
    });
    vi.stubGlobal('fetch', fetch);
    await queryClient.fetchQuery({
      queryKey: deliveryKeys.points,
      queryFn: async () => [point(1)],
    });
    expect(queryClient.getQueryState(deliveryKeys.points)?.isInvalidated).toBe(false);

    await new MutationObserver(queryClient, deliveryMutations.create).mutate({
      name: 'Пункт 2',
      address: 'ул. Тверская, 2',
      point_id: 'P2',
      delivery_service_type: 'cdek',
    });

    expect(queryClient.getQueryData<DeliveryPoint[]>(deliveryKeys.points)?.map((p) => p.id)).toEqual([1, 2]);
    expect(queryClient.getQueryState(deliveryKeys.points)?.isInvalidated).toBe(true);
  });

  it('filters a deleted point out, and leaves the list alone when the server refuses', async () => {
    queryClient.setQueryData(deliveryKeys.points, [point(1), point(2)]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) =>
        called(input).path.endsWith('/2/') ? json(null, 204) : json({ detail: 'Страница не найдена.' }, 404),
      ),
    );
    await new MutationObserver(queryClient, deliveryMutations.remove).mutate(2);
    expect(queryClient.getQueryData<DeliveryPoint[]>(deliveryKeys.points)?.map((p) => p.id)).toEqual([1]);

    await expect(new MutationObserver(queryClient, deliveryMutations.remove).mutate(1)).rejects.toMatchObject({
      info: { status: 404, message: 'Страница не найдена.' },
    });
    expect(queryClient.getQueryData<DeliveryPoint[]>(deliveryKeys.points)?.map((p) => p.id)).toEqual([1]);
  });
});
