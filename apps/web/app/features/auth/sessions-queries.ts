/**
 * The signed-in devices on the shared cache (shared/api/query.ts): `GET /v1/auth/sessions/`, signing
 * one device out (`DELETE /v1/auth/sessions/{id}/`) and everywhere (`POST /v1/auth/logout-all/`).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { SessionList } from '@vitrina/contract/auth';
import { queryClient, unwrap } from '../../shared/api/query';
import { apiClient } from '../../shared/api/typed';
import { useAuthStore } from './store';

/** Query keys of the devices list. */
export const sessionKeys = { list: ['auth', 'sessions'] as const };

/** The user's signed-in devices, this one first. */
export function useSessions() {
  return useQuery(
    {
      queryKey: sessionKeys.list,
      queryFn: async ({ signal }) => unwrap(await apiClient.GET('/v1/auth/sessions/', { signal })),
    },
    queryClient,
  );
}

/** Signs one device out; the list drops it at once. */
export function useRevokeSession() {
  return useMutation(
    {
      mutationFn: async (id: number) =>
        unwrap(await apiClient.DELETE('/v1/auth/sessions/{id}/', { params: { path: { id } } })),
      onSuccess: (_res, id) => {
        queryClient.setQueryData<SessionList>(
          sessionKeys.list,
          (list) => list && { results: list.results.filter((s) => s.id !== id) },
        );
      },
    },
    queryClient,
  );
}

/** Signs out everywhere, this device included: the local token is forgotten and the account left. */
export function useLogoutAll() {
  return useMutation(
    {
      mutationFn: async () => unwrap(await apiClient.POST('/v1/auth/logout-all/')),
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: sessionKeys.list });
        useAuthStore.setState({ token: null, user: null, status: 'signed-out', loadError: null, exited: true });
      },
    },
    queryClient,
  );
}
