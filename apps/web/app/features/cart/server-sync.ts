/**
 * The cart of a signed-in buyer follows the account (contract `@vitrina/contract/cart`): the browser's cart
 * (spec §9: browser storage under `STORAGE_KEYS.cart`, unchanged) stays the device's copy, and
 * - at a page's start with a token, and whenever the tab comes back into view, the account's cart replaces it
 *   (`GET /v1/cart/`: lines an order paid for are gone from it however it was paid, on whatever device);
 * - at sign-in the device's guest cart joins the account's (`POST /v1/cart/merge/`);
 * - every change while signed in is sent (`PUT /v1/cart/`, the whole cart, a moment after the last change); until
 *   the account has it, `STORAGE_KEYS.cartUnsent` is set, so a page that starts before it was sent (a reload or a
 *   link followed right after «В корзину», or a change made before this module arrived: store.ts `takeEarlyChange`)
 *   sends the device's copy instead of taking the account's older one;
 * - at sign-out (or a lost token) the device's copy is emptied: nothing is left behind on a shared device.
 * A page start is told from a sign-in by the token storage held when the page loaded.
 */
import type { CartAnswer } from '@vitrina/contract/cart';
import { authToken, onAuthChange } from '../../shared/api/client';
import { apiClient } from '../../shared/api/typed';
import { STORAGE_KEYS } from '../../shared/lib/storage-keys';
import { sanitizeItems } from './cart-rules';
import { takeEarlyChange, useCart, type CartItem } from './store';

/** How long after the last change the cart is sent, ms. */
const PUSH_DELAY_MS = 400;

let started = false;
/** True while the store takes the account's cart (that change is not sent back). */
let applying = false;
let pushTimer: ReturnType<typeof setTimeout> | undefined;
/** The token the cart was last synchronised for (null: signed out). */
let syncedFor: string | null = null;

/** Lines as the API takes them (the spec's four fields). */
const linesOf = (items: CartItem[]) => items.map(({ slug, size, count, price }) => ({ slug, size, count, price }));

/** Puts the account's cart into the store (the device's copy). */
function apply(answer: CartAnswer) {
  applying = true;
  useCart.setState({ items: sanitizeItems(answer.items) });
  applying = false;
}

/** Marks (or clears) a change of this device not yet taken by the account. */
function markUnsent(on: boolean) {
  try {
    if (on) localStorage.setItem(STORAGE_KEYS.cartUnsent, '1');
    else localStorage.removeItem(STORAGE_KEYS.cartUnsent);
  } catch {
    // Storage refused (private mode, quota): the next change is sent all the same.
  }
}

function hasUnsent(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.cartUnsent) === '1';
  } catch {
    return false;
  }
}

/**
 * A change a signed-in person made on this page before this module arrived (it loads after the page's start) is
 * sent like any other, not replaced by the account's older cart: «В корзину» pressed at once on a slow connection.
 */
function adoptEarlyChange() {
  if (takeEarlyChange() && readStoredToken()) markUnsent(true);
}

/**
 * The account's cart replaces the device's copy (a start, the tab back in view, the cart screen opened) — unless
 * this device changed the cart and the account has not had it yet: then the device's copy is sent first.
 */
export async function refreshCart(): Promise<void> {
  adoptEarlyChange();
  const token = authToken();
  if (!token || pushTimer) return; // a change of this device is on its way: it wins
  if (hasUnsent()) return sendNow(token);
  const r = await apiClient.GET('/v1/cart/');
  if (r.ok && authToken() === token && !pushTimer && !hasUnsent()) apply(r.data);
}

/** Sends the device's cart to the account (`PUT /v1/cart/`); its answer, the account's cart, becomes the copy. */
async function sendNow(token: string): Promise<void> {
  const r = await apiClient.PUT('/v1/cart/', { body: linesOf(useCart.getState().items) });
  if (!r.ok || authToken() !== token || pushTimer) return;
  markUnsent(false);
  apply(r.data);
}

async function merge(token: string) {
  const r = await apiClient.POST('/v1/cart/merge/', { body: linesOf(useCart.getState().items) });
  if (r.ok && authToken() === token) {
    markUnsent(false);
    apply(r.data);
  }
}

function push() {
  pushTimer = undefined;
  const token = authToken();
  if (token) void sendNow(token);
}

/** Follows the signed-in identity and the cart's changes (once per page; the browser only). */
export function startCartSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const tokenAtLoad = readStoredToken();
  adoptEarlyChange();
  let first = true;
  const follow = () => {
    const token = authToken();
    if (token === syncedFor) return;
    const was = syncedFor;
    syncedFor = token;
    if (!token) {
      clearTimeout(pushTimer);
      pushTimer = undefined;
      markUnsent(false);
      if (was) apply({ items: [] }); // signed out: the device keeps no one's cart
    } else if (first && token === tokenAtLoad) void refreshCart();
    else void merge(token);
    first = false;
  };
  onAuthChange(follow);
  follow();
  useCart.subscribe((s, prev) => {
    if (applying || s.items === prev.items || !authToken()) return;
    markUnsent(true);
    clearTimeout(pushTimer);
    pushTimer = setTimeout(push, PUSH_DELAY_MS);
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refreshCart();
  });
}

/** The token storage held when the page loaded (features/auth keeps it there: `{state: {token}}`). */
function readStoredToken(): string | null {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEYS.token) ?? 'null') as {
      state?: { token?: unknown };
    } | null;
    return typeof raw?.state?.token === 'string' ? raw.state.token : null;
  } catch {
    return null;
  }
}
