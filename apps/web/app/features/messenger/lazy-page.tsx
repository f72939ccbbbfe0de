/** `/account/messenger` as a chunk of its own (only its route loads it). */
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';

const Page = /* @__PURE__ */ lazyWithReload<object>(() => import('./messenger-page'));

/** `/account/messenger`. */
export function MessengerPage() {
  return (
    <LazyPart fallback={<div style={{ height: 480 }} aria-busy="true" />}>
      <Page />
    </LazyPart>
  );
}
