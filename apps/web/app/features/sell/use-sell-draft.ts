/**
 * The sell form's draft in the browser (issue 39 «Selling»): what a seller typed into a new listing is kept in
 * `localStorage` (per user, a pause after each change and when the tab is closed) and put back when they return —
 * the section and category with the rest, so the category's sizes stay open. Photos are not kept (files cannot
 * be stored there). The draft goes once the listing is saved, or when the seller discards it.
 */
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { EMPTY, type Values } from './sell-values';

/** Pause after a change before the draft is written, ms. */
const SAVE_DELAY_MS = 400;
const keyOf = (userId: number) => `sell-draft:${userId}`;

const str = (x: unknown) => typeof x === 'string';
const strOrNull = (x: unknown) => x === null || typeof x === 'string';
const typed = (x: unknown) => typeof x === 'number' || typeof x === 'string';

/** Whether a stored value has the form's shape (it may be from an older version of the form). */
function isValues(x: unknown): x is Values {
  if (!x || typeof x !== 'object') return false;
  const v = x as Record<string, unknown>;
  return (
    str(v.title) &&
    str(v.description) &&
    strOrNull(v.brand) &&
    typed(v.price) &&
    str(v.type) &&
    strOrNull(v.category) &&
    strOrNull(v.condition) &&
    strOrNull(v.color) &&
    Array.isArray(v.sizes) &&
    v.sizes.every((r: Record<string, unknown>) => r && str(r.size) && typed(r.price) && typed(r.count))
  );
}

const isEmpty = (v: Values) => JSON.stringify(v) === JSON.stringify(EMPTY);

function read(userId: number): Values | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null');
    return isValues(parsed) && !isEmpty(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function write(userId: number, v: Values) {
  try {
    if (isEmpty(v)) localStorage.removeItem(keyOf(userId));
    else localStorage.setItem(keyOf(userId), JSON.stringify(v));
  } catch {
    // Storage full or forbidden (private mode): the form works without a draft.
  }
}

/**
 * @param userId the signed-in seller (null: nothing is kept); a listing being edited passes null
 * @returns `restored` — the form was filled from a draft; `discard()` empties the form and forgets the draft;
 *   `forget()` forgets it (the listing was saved)
 */
export function useSellDraft(userId: number | null, values: Values, setValues: Dispatch<SetStateAction<Values>>) {
  const [restored, setRestored] = useState(false);
  const ready = useRef<number | null>(null);
  const latest = useRef(values);
  latest.current = values;

  useEffect(() => {
    if (userId === null || ready.current === userId) return;
    ready.current = userId;
    const draft = read(userId);
    if (!draft) return;
    setValues(draft);
    setRestored(true);
  }, [userId, setValues]);

  useEffect(() => {
    if (userId === null || ready.current !== userId) return;
    const timer = setTimeout(() => write(userId, values), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, values]);

  // Closing the tab within the pause still keeps what was typed.
  useEffect(() => {
    if (userId === null) return;
    const keep = () => {
      if (ready.current === userId) write(userId, latest.current);
    };
    window.addEventListener('pagehide', keep);
    return () => window.removeEventListener('pagehide', keep);
  }, [userId]);

  const forget = () => {
    if (userId === null) return;
    ready.current = null; // nothing more is written by this form
    localStorage.removeItem(keyOf(userId));
  };
  const discard = () => {
    if (userId !== null) localStorage.removeItem(keyOf(userId));
    setValues(EMPTY);
    setRestored(false);
  };
  return { restored, discard, forget };
}
