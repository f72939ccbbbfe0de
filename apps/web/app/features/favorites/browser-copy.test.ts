import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCopy, saveCopy, tokenTag } from './browser-copy';
import { FIRST_PAINT_SCRIPT } from './first-paint-script';

const TOKEN = 'a'.repeat(20) + '0123456789abcdef0123';
const OTHER = 'b'.repeat(40);

/** A localStorage of a map, as the browser's. */
function fakeStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, String(v)),
    removeItem: (k: string) => void m.delete(k),
  };
}

/** Runs the first-paint script against the fake storage; the stylesheet it added, or null. */
function runScript(): string | null {
  const added: { id?: string; textContent?: string }[] = [];
  const document = {
    createElement: () => ({}) as { id?: string; textContent?: string },
    head: { appendChild: (el: { textContent?: string }) => added.push(el) },
  };
  new Function('localStorage', 'document', FIRST_PAINT_SCRIPT)(globalThis.localStorage, document);
  return added[0]?.textContent ?? null;
}

const signIn = (token: string) => localStorage.setItem('token', JSON.stringify({ state: { token }, version: 0 }));

describe('the browser’s copy of the favorite ids', () => {
  beforeEach(() => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('localStorage', fakeStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is read back under the token it was saved with, and not under another sign-in', () => {
    signIn(TOKEN);
    saveCopy(TOKEN, 7, [3, 12]);
    expect(readCopy()).toEqual({ owner: 7, ids: new Set([3, 12]) });
    signIn(OTHER);
    expect(readCopy()).toBeNull();
    expect(tokenTag(TOKEN)).not.toBe(tokenTag(OTHER));
  });

  it('is removed on sign-out, and a damaged value reads as none', () => {
    signIn(TOKEN);
    saveCopy(TOKEN, 7, [3]);
    saveCopy(null, null, []);
    expect(localStorage.getItem('favorites')).toBeNull();
    localStorage.setItem('favorites', '{not json');
    expect(readCopy()).toBeNull();
  });

  it('feeds the first-paint script: a rule for each id under the same token, nothing for another one', () => {
    signIn(TOKEN);
    saveCopy(TOKEN, 7, [3, 12]);
    expect(runScript()).toBe(
      '[data-fav-id="3"]:not([data-fav-live]) svg,[data-fav-id="12"]:not([data-fav-live]) svg' +
        '{fill:var(--vt-accent);stroke:var(--vt-accent)}',
    );
    signIn(OTHER);
    expect(runScript()).toBeNull();
  });

  it('lets only whole numbers reach the stylesheet', () => {
    signIn(TOKEN);
    localStorage.setItem('favorites', JSON.stringify({ t: tokenTag(TOKEN), u: 7, ids: ['1"]{x}', 4.5, 9] }));
    expect(runScript()).toBe(
      '[data-fav-id="9"]:not([data-fav-live]) svg{fill:var(--vt-accent);stroke:var(--vt-accent)}',
    );
    expect(readCopy()?.ids).toEqual(new Set([9]));
  });
});
