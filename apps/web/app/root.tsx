/**
 * The document: Mantine theme, fonts, meta, and the error boundary (404 page per spec §2, §8).
 */
import './shared/ui/fonts.css';
import './shared/ui/mantine-styles.css';
import '@mantine/notifications/styles.css';
import './shared/ui/global.css';
// The theme's CSS variables and Mantine's global classes as a static stylesheet (see vite.config.ts;
// MantineProvider below is told not to write them into the page).
import './shared/ui/mantine-theme.generated.css';
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
  type LoaderFunctionArgs,
} from 'react-router';
import type { ReactNode } from 'react';
import { publicConfigScript } from './shared/api/client';
import { theme } from './shared/ui/theme';
import { useNonce } from './shared/lib/nonce';
import { NotFound } from './shared/ui/not-found';
import { ClientGuards } from './shared/lib/client-guards';
import { START_SCRIPTS } from './shared/lib/deferred-scripts';
import type { NotificationsProps } from '@mantine/notifications';
import { LazyPart, lazyWithReload, useIdle } from './shared/lib/lazy';
import { useToastsWanted } from './shared/lib/notify';
import { useAuth } from './features/auth';

/**
 * The notifications container is a chunk of its own, mounted once a toast may come (`LazyNotifications`):
 * `notifications.show()` only writes to a small store, and the container shows whatever is queued once
 * it is there. (Nothing here imports @mantine/notifications statically: that would pull the whole package
 * into the first load.)
 */
const Notifications = lazyWithReload<NotificationsProps>(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/**
 * Toasts on phones sit at the bottom and under dialogs (Mantine's modals are at z-index 200): full width at
 * the top they covered a dialog's title and close button — the photo zoom's «Закрыть» for 2.5 s after
 * «В корзину». From the `sm` breakpoint on they sit at the bottom right, above everything: at the top
 * centre they covered the header's search box for 2.5 s. On phones they sit above the product page's sticky
 * buying bar (`--vt-bottom-bar`, global.css), not over its «В корзину».
 */
const PHONE_TOASTS = { position: 'bottom-center', zIndex: 190, className: 'vt-toasts' } as const;
const WIDE_TOASTS = { position: 'bottom-right', zIndex: 400 } as const;

/**
 * Shop links' clicks and prefetch (shared/lib/shop-link-navigation.tsx): a chunk of its own whose download
 * starts with this module, so it is not in the first scripts of the page (the budget of e2e/site/js-budget.test.ts). Until it is
 * there, a shop link is a plain link: a click loads the page from the server.
 */
const ShopLinkNavigation = lazyWithReload<Record<string, never>>(() =>
  import('./shared/lib/shop-link-navigation').then((m) => ({ default: m.ShopLinkNavigation })),
);
if (!import.meta.env.SSR) void ShopLinkNavigation.preload();

/**
 * The toasts' container, mounted once a toast may come (decision 0160): after the page's first press or key (or a
 * `showNotification` call: shared/lib/notify.ts), or when the browser is idle for a signed-in user, whose
 * notification bell shows toasts unasked. A guest who only reads the page never loads it.
 */
function LazyNotifications() {
  const phone = useMediaQuery('(max-width: 47.99em)');
  const wanted = useToastsWanted();
  const signedIn = useAuth().status === 'signed-in';
  const idle = useIdle();
  if (!wanted && !(signedIn && idle)) return null;
  return (
    <LazyPart fallback={null}>
      <Notifications {...(phone ? PHONE_TOASTS : WIDE_TOASTS)} />
    </LazyPart>
  );
}

export function loader({ context }: LoaderFunctionArgs) {
  const ctx = context;
  return {
    origin: ctx.publicUrl,
    buildId: ctx.buildId,
    yandexMapsApiKey: ctx.yandexMapsApiKey ?? null,
    apiUrl: ctx.publicConfig?.apiUrl ?? '',
    /** `SUPPORT_EMAIL` for the footer's «Документы», or null when not configured. */
    supportEmail: ctx.contacts?.support ?? null,
  };
}

export function links() {
  return [
    { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    { rel: 'manifest', href: '/manifest.webmanifest' },
  ];
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Absent when the root loader itself failed: the API is then on the page's own origin.
  const apiUrl = useRouteLoaderData<typeof loader>('root')?.apiUrl ?? '';
  return (
    <html lang="ru" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#111111" />
        <Meta />
        <Links />
        <ColorSchemeScript nonce={nonce} defaultColorScheme="light" forceColorScheme="light" />
        {/* The public configuration (spec §7): the API's base URL, before any module asks for it. */}
        {apiUrl && (
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: publicConfigScript(apiUrl) }}
          />
        )}
      </head>
      <body>
        {/* Mantine's documented provider. The theme's CSS variables and global classes are in the static
            stylesheet generated from this same theme at build time (vite.config.ts), so the provider writes no
            `<style>` (`withCssVariables`, `withGlobalClasses` off); the colour scheme is always light. */}
        <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
          <LazyNotifications />
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* Turns the route modules on after the first paint (shared/lib/deferred-scripts.ts). Hydration keeps
            the server's text, so the browser's bundle goes without it. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? START_SCRIPTS : '' }}
        />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <ClientGuards />
      <LazyPart fallback={null}>
        <ShopLinkNavigation />
      </LazyPart>
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <div className="vt-container" style={{ padding: '64px 16px', textAlign: 'center' }}>
      <h1>Что-то пошло не так</h1>
      <p>Мы уже знаем об ошибке. Обновите страницу или вернитесь на главную.</p>
      <a href="/">На главную</a>
    </div>
  );
}
