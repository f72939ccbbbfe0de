/** WCAG 2.5.8 (target size, minimum) in the browser tests: e2e/site/a11y.test.ts and e2e/filter-drawer.test.ts. */
import type { Page } from 'playwright-core';

/** A control smaller than 24×24 px whose 24 px circle (WCAG 2.5.8's spacing test) touches another control. */
export interface Cramped {
  what: string;
  width: number;
  height: number;
}

/**
 * The visible controls on `page` that fail WCAG 2.5.8 (at least 24×24 px, or spaced so that a 24 px circle
 * on each touches no other): links inside running text are exempt, a checkbox or radio counts with its label.
 * @param within a CSS selector: only the controls inside its first match (the whole page by default)
 */
export async function crampedTargets(page: Page, within = 'body'): Promise<Cramped[]> {
  return page.evaluate((root) => {
    const SELECTOR =
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=checkbox], [role=radio], [role=tab], [role=switch], [role=option]';
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} «${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}»`;
    const boxes: { el: Element; r: DOMRect }[] = [];
    for (const el of document.querySelector(root)?.querySelectorAll(SELECTOR) ?? []) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      let r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
      if (el.matches('input[type=checkbox], input[type=radio]')) {
        // The label is part of the target.
        const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null);
        const wrap = label ?? el.parentElement!;
        const l = wrap.getBoundingClientRect();
        r = new DOMRect(
          Math.min(r.left, l.left),
          Math.min(r.top, l.top),
          Math.max(r.right, l.right) - Math.min(r.left, l.left),
          Math.max(r.bottom, l.bottom) - Math.min(r.top, l.top),
        );
      } else if (style.opacity === '0') continue;
      // A link in a sentence (WCAG 2.5.8's inline exception).
      if (
        style.display === 'inline' &&
        el.parentElement &&
        el.parentElement.textContent!.trim() !== el.textContent!.trim()
      )
        continue;
      boxes.push({ el, r });
    }
    const cramped: { what: string; width: number; height: number }[] = [];
    for (const { el, r } of boxes) {
      if (r.width >= 23.5 && r.height >= 23.5) continue;
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const touches = boxes.some(({ el: other, r: o }) => {
        if (other === el || other.contains(el) || el.contains(other)) return false;
        const dx = Math.max(o.left - cx, 0, cx - o.right);
        const dy = Math.max(o.top - cy, 0, cy - o.bottom);
        return Math.hypot(dx, dy) < 12;
      });
      if (touches) cramped.push({ what: name(el), width: Math.round(r.width), height: Math.round(r.height) });
    }
    return cramped;
  }, within);
}
