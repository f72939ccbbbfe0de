/**
 * Claims on the shared cache (shared/api/query.ts): one order's claim, and the opener of the claim dialog — a tiny
 * store any screen may call (the confirm dialog's «Есть проблема»), read by the order's claim part.
 */
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { OrderClaim } from '@vitrina/contract/disputes';
import { privatePhotoRefresh, queryClient, unwrap } from '../../shared/api/query';
import { fetchOrderClaim } from './api';

/** Query keys of the disputes feature. */
export const claimKeys = {
  claim: (orderId: number) => ['claims', orderId] as const,
  disputes: (filter: string, page: number) => ['disputes', filter, page] as const,
};

/** One order's claim (the buyer's or the seller's view). */
export function useOrderClaim(orderId: number) {
  return useQuery(
    {
      queryKey: claimKeys.claim(orderId),
      queryFn: async ({ signal }) => unwrap(await fetchOrderClaim(orderId, signal)),
      // Claim photos' links work about an hour.
      ...privatePhotoRefresh,
    },
    queryClient,
  );
}

/**
 * Puts a new answer in the cache and marks the orders stale (their status changed). A read of the claim still on
 * its way began before the change: it is cancelled first, so its older answer cannot replace this one.
 * @returns a promise settled once the orders on screen are loaded again (a dialog that waits for it closes on a
 *   page that already shows the order's new status, not on «Ждёт ответа продавца» beside «Подтвердить получение»)
 */
export function claimChanged(orderId: number, answer: OrderClaim): Promise<void> {
  void queryClient.cancelQueries({ queryKey: claimKeys.claim(orderId) });
  queryClient.setQueryData(claimKeys.claim(orderId), answer);
  return queryClient.invalidateQueries({ queryKey: ['orders'] });
}

let openFor: number | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Opens the claim dialog of an order (its panel must be on the screen: purchases). */
export function openClaimDialog(orderId: number): void {
  openFor = orderId;
  emit();
}

/** Closes the claim dialog. */
export function closeClaimDialog(): void {
  openFor = null;
  emit();
}

/** Whether the claim dialog of `orderId` is open. */
export function useClaimDialogOpen(orderId: number): boolean {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => void listeners.delete(l)),
    () => openFor === orderId,
    () => false,
  );
}
