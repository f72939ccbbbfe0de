/**
 * The cards feature's queries and changes on the shared cache (shared/api/query.ts): the query keys in one
 * place, the user's saved cards (read by the account and by checkout) and the payment provider's settings.
 * A change writes its answer into the cache at once and then marks the list stale.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Card, CardUpdate } from '@vitrina/contract/orders';
import { queryClient, unwrap } from '../../shared/api/query';
import { addCard, fetchCards, fetchPaymentsConfig, openCardForm, removeCard, updateCard } from './api';

/** Query keys of the cards feature. */
export const cardKeys = {
  all: ['cards'] as const,
  list: ['cards', 'list'] as const,
  paymentsConfig: ['cards', 'payments-config'] as const,
};

/** The signed-in user's saved cards, default first. */
export function useCards() {
  return useQuery(
    { queryKey: cardKeys.list, queryFn: async ({ signal }) => unwrap(await fetchCards(signal)) },
    queryClient,
  );
}

/** The payment provider's settings (its card page; null when cards are saved only while paying). */
export function usePaymentsConfig() {
  return useQuery(
    {
      queryKey: cardKeys.paymentsConfig,
      queryFn: async ({ signal }) => unwrap(await fetchPaymentsConfig(signal)),
      staleTime: Infinity,
    },
    queryClient,
  );
}

const setCards = (change: (list: Card[]) => Card[]) =>
  queryClient.setQueryData<Card[]>(cardKeys.list, (list) => list && change(list));
const refetchCards = () => queryClient.invalidateQueries({ queryKey: cardKeys.list });
// A change of a card on screen is already in the cache; the list is refetched on the next visit (the server
// puts the default card first: refetching now would move the card from under the pointer).
const staleCards = () => queryClient.invalidateQueries({ queryKey: cardKeys.list, refetchType: 'none' });

/** Opens a card form: the state its return address carries (`POST /v1/user/card-form/`). */
export function useOpenCardForm() {
  return useMutation({ mutationFn: async () => unwrap(await openCardForm()) }, queryClient);
}

/**
 * The cached list with `card` in it where the server puts it: the default card first, then the newest first (the order
 * of `GET /v1/self/cards/`). A card already there is replaced.
 */
export function withCard(list: Card[], card: Card): Card[] {
  const others = list.filter((x) => x.id !== card.id).map((x) => (card.is_default ? { ...x, is_default: false } : x));
  return [...others, card].sort((a, b) => Number(b.is_default) - Number(a.is_default) || b.id - a.id);
}

/** The changes of the user's cards that tests drive without React. */
export const cardMutations = {
  /**
   * Saves the card the gateway's card page returned a token for (`POST /v1/user/add-card/`). The answer joins the
   * cached list at once, so the account shows it without waiting for the list; the list is then refetched.
   */
  add: {
    mutationFn: async ({ token, state }: { token: string; state: string }) => unwrap(await addCard(token, state)),
    onSuccess: (card: Card) => {
      setCards((list) => withCard(list, card));
      void refetchCards();
    },
  },
};

/** Saves the card the gateway's card page returned a token for; it joins the user's list at once. */
export const useAddCard = () => useMutation(cardMutations.add, queryClient);

/** Renames a card or makes it the default (`PUT /v1/self/card/{id}/`). */
export function useUpdateCard() {
  return useMutation(
    {
      mutationFn: async ({ id, patch }: { id: number; patch: CardUpdate }) => unwrap(await updateCard(id, patch)),
      onSuccess: (card, { patch }) => {
        setCards((list) =>
          list.map((x) => (x.id === card.id ? card : patch.is_default ? { ...x, is_default: false } : x)),
        );
        void staleCards();
      },
    },
    queryClient,
  );
}

/** Deletes a card (`DELETE /v1/self/card/remove/{id}/`); the list is filtered at once. */
export function useRemoveCard() {
  return useMutation(
    {
      mutationFn: async (id: number) => {
        unwrap(await removeCard(id));
        return id;
      },
      onSuccess: (id) => {
        setCards((list) => list.filter((x) => x.id !== id));
        void staleCards();
      },
    },
    queryClient,
  );
}
