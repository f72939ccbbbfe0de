/** The signed-in header's messenger parts, one chunk for both (every page's header imports this). */
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';

const HeaderLink = /* @__PURE__ */ lazyWithReload<object>(() => import('./unread-link'));
const MenuItem = /* @__PURE__ */ lazyWithReload<object>(() =>
  import('./unread-link').then((m) => ({ default: m.MessagesMenuItem })),
);

/**
 * The height of one of Mantine's menu items (its `sm` text line and its padding of `xs / 1.5` above and below), in
 * the theme's own variables, so the placeholder stays as tall as the item it stands for.
 */
const MENU_ITEM_HEIGHT =
  'calc(var(--mantine-font-size-sm) * var(--mantine-line-height) + var(--mantine-spacing-xs) * 4 / 3)';

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
    <LazyPart fallback={<div aria-hidden style={{ height: MENU_ITEM_HEIGHT }} />}>
      <MenuItem />
    </LazyPart>
  );
}
