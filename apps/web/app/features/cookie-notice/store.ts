/**
 * The visitor's answer to the cookie notice (spec §1, §9; 152-ФЗ): zustand `persist` in localStorage under
 * `STORAGE_KEYS.cookieAccepted`. Without an answer, or after «Отклонить», the browser keeps only what the shop needs
 * to work — the cart, the sign-in token, this answer, the reload guard of a failed chunk (sessionStorage); «Принять»
 * also allows the random id that counts this browser's product views once a day (`STORAGE_KEYS.visitor`).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../../shared/lib/storage-keys';

export interface CookieState {
  /** Whether the visitor answered (either way): the notice is not shown again. */
  accepted: boolean;
  /** Whether the visitor allowed more than the necessary (the product-view visitor id). */
  statistics: boolean;
  /** «Принять»: the necessary and the view statistics. */
  accept: () => void;
  /** «Отклонить»: only what the shop needs to work; the stored visitor id is removed. */
  decline: () => void;
}

export const useCookieConsent = create<CookieState>()(
  persist(
    (set) => ({
      accepted: false,
      statistics: false,
      accept: () => set({ accepted: true, statistics: true }),
      decline: () => {
        try {
          localStorage.removeItem(STORAGE_KEYS.visitor);
        } catch {
          /* storage unavailable: nothing was kept */
        }
        set({ accepted: true, statistics: false });
      },
    }),
    {
      name: STORAGE_KEYS.cookieAccepted,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ accepted: s.accepted, statistics: s.statistics }),
      // An answer stored before «Отклонить» existed was «Принять».
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as { accepted?: unknown; statistics?: unknown };
        const accepted = p.accepted === true;
        return { ...current, accepted, statistics: typeof p.statistics === 'boolean' ? p.statistics : accepted };
      },
    },
  ),
);

/** Whether the visitor allowed the view statistics' id in the browser («Принять»). */
export const statisticsAllowed = (): boolean => useCookieConsent.getState().statistics;
