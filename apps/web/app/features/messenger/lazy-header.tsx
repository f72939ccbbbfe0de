/** The signed-in header's messenger parts, one chunk for both (every page's header imports this). */
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';

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

/** «Сообщения» with the unread total in the avatar menu (render it inside the menu). */
export function MessagesMenuItem() {
  return (
    <LazyPart fallback={null}>
      <MenuItem />
    </LazyPart>
  );
}
