/** Cookie-notice acceptance (spec §1, §9): zustand `persist` in localStorage under `STORAGE_KEYS.cookieAccepted`. */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../../shared/lib/storage-keys';

export interface CookieState {
  accepted: boolean;
  accept: () => void;
}

export const useCookieConsent = create<CookieState>()(
  persist((set) => ({ accepted: false, accept: () => set({ accepted: true }) }), {
    name: STORAGE_KEYS.cookieAccepted,
    storage: createJSONStorage(() => localStorage),
    partialize: (s) => ({ accepted: s.accepted }),
  }),
);
