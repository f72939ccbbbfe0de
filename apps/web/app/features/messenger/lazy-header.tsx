/** The signed-in header's messenger parts, one chunk for both (every page's header imports this). */
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import classes from './lazy-header.module.css';

const HeaderLink = /* @__PURE__ */ lazyWithReload<object>(() => import('./unread-link'));
const MenuItem = /* @__PURE__ */ lazyWithReload<object>(() =>
  import('./unread-link').then((m) => ({ default: m.MessagesMenuItem })),
);

/** The signed-in header's «Сообщения» icon with the unread total. */
export function MessagesHeaderLink() {
  return (
    <LazyPart fallback={null}>
      <HeaderLink />
    </LazyPart>
  );
}

/**
 * «Сообщения» with the unread total in the avatar menu (render it inside the menu). On the menu's first opening
 * React shows the part's fallback and reveals the item only up to 300 ms later (it throttles such reveals), so the
 * fallback keeps the item's row: «Кабинет сотрудника» and «Выйти» below it must not move under a press — a press
 * on one and a release on «Сообщения» after the move was no click at all.
 */
export function MessagesMenuItem() {
  return (
    <LazyPart fallback={<div aria-hidden className={classes.menuItemPlaceholder} />}>
      <MenuItem />
    </LazyPart>
  );
}
