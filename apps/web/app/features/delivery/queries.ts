/**
 * The delivery feature's queries and changes on the shared cache (shared/api/query.ts): the query keys in
 * one place, the user's delivery points (read by the account and by checkout) and the pickup-point directory.
 * A change writes its answer into the cache at once and then marks the list stale, so every screen showing
 * it refetches.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { DeliveryPoint, DeliveryPointInput, DeliveryServiceType } from '@vitrina/contract/orders';
import { queryClient, unwrap } from '../../shared/api/query';
import {
  createDeliveryPoint,
  deleteDeliveryPoint,
  fetchDeliveryPoints,
  fetchPickupCities,
  fetchPickupPoints,
  updateDeliveryPoint,
} from './api';

/** A search of the pickup-point directory. */
export interface PickupQuery {
  city?: string;
  service?: DeliveryServiceType;
  q?: string;
  pageSize?: number;
}

/** Query keys of the delivery feature. */
export const deliveryKeys = {
  all: ['delivery'] as const,
  points: ['delivery', 'points'] as const,
  cities: ['delivery', 'pickup-cities'] as const,
  pickupPoints: (query: PickupQuery) => ['delivery', 'pickup-points', query] as const,
};

/** The signed-in user's delivery points (`self.info.delivery_points`). */
export function useDeliveryPoints() {
  return useQuery(
    { queryKey: deliveryKeys.points, queryFn: async () => unwrap(await fetchDeliveryPoints()) },
    queryClient,
  );
}

/** The cities of the pickup-point directory, loaded while `enabled`. */
export function usePickupCities(enabled: boolean) {
  return useQuery(
    {
      queryKey: deliveryKeys.cities,
      queryFn: async ({ signal }) => unwrap(await fetchPickupCities(signal)),
      enabled,
      staleTime: Infinity,
    },
    queryClient,
  );
}

/** A page of the pickup-point directory, loaded while `enabled`. */
export function usePickupPoints(query: PickupQuery, enabled: boolean) {
  return useQuery(
    {
      queryKey: deliveryKeys.pickupPoints(query),
      queryFn: async ({ signal }) => unwrap(await fetchPickupPoints(query, signal)),
      enabled,
    },
    queryClient,
  );
}

const setPoints = (change: (list: DeliveryPoint[]) => DeliveryPoint[]) =>
  queryClient.setQueryData<DeliveryPoint[]>(deliveryKeys.points, (list) => list && change(list));
const refetchPoints = () => queryClient.invalidateQueries({ queryKey: deliveryKeys.points });

/** The changes of the user's delivery points: each writes its answer into the cached list, then marks it stale. */
export const deliveryMutations = {
  /** Saves a point from the directory (`POST /v1/delivery_points/`) and adds it to the user's list. */
  create: {
    mutationFn: async (input: DeliveryPointInput) => unwrap(await createDeliveryPoint(input)),
    onSuccess: (point: DeliveryPoint) => {
      setPoints((list) => [...list, point]);
      void refetchPoints();
    },
  },
  /** Renames a point (`PUT /v1/delivery_points/{id}/`) and replaces it in the user's list. */
  update: {
    mutationFn: async ({ id, input }: { id: number; input: DeliveryPointInput }) =>
      unwrap(await updateDeliveryPoint(id, input)),
    onSuccess: (point: DeliveryPoint) => {
      setPoints((list) => list.map((x) => (x.id === point.id ? point : x)));
      void refetchPoints();
    },
  },
  /** Deletes a point (`DELETE /v1/delivery_points/{id}/`); the list is filtered at once (spec §4). */
  remove: {
    mutationFn: async (id: number) => {
      unwrap(await deleteDeliveryPoint(id));
      return id;
    },
    onSuccess: (id: number) => {
      setPoints((list) => list.filter((x) => x.id !== id));
      void refetchPoints();
    },
  },
};

/** Saves a point from the directory and adds it to the user's list. */
export const useCreateDeliveryPoint = () => useMutation(deliveryMutations.create, queryClient);

/** Renames a point and replaces it in the user's list. */
export const useUpdateDeliveryPoint = () => useMutation(deliveryMutations.update, queryClient);

/** Deletes a point; the list is filtered at once (spec §4). */
export const useDeleteDeliveryPoint = () => useMutation(deliveryMutations.remove, queryClient);
