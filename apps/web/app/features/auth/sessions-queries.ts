/**
 * The signed-in devices on the shared cache (shared/api/query.ts): `GET /v1/auth/sessions/`, signing
 * one device out (`DELETE /v1/auth/sessions/{id}/`) and everywhere (`POST /v1/auth/logout-all/`).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { SessionList, SessionsRevoked } from '@vitrina/contract/auth';
import { api } from '../../shared/api/client';
import { getJson, queryClient, unwrap } from '../../shared/api/query';
import { useAuthStore } from './store';

/** Query keys of the devices list. */
export const sessionKeys = { list: ['auth', 'sessions'] as const };

/** The user's signed-in devices, this one first. */
export function useSessions() {
  return useQuery({ queryKey: sessionKeys.list, queryFn: getJson<SessionList>('/v1/auth/sessions/') }, queryClient);
}

/** Signs one device out; the list drops it at once. */
export function useRevokeSession() {
  return useMutation(
    {
      mutationFn: async (id: number) =>
        unwrap(await api<SessionsRevoked>(`/v1/auth/sessions/${id}/`, { method: 'DELETE' })),
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
      mutationFn: async () => unwrap(await api<SessionsRevoked>('/v1/auth/logout-all/', { method: 'POST' })),
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: sessionKeys.list });
        useAuthStore.setState({ token: null, user: null, status: 'signed-out', loadError: null, exited: true });
      },
    },
    queryClient,
  );
}
