/**
 * The back office's layout (`/admin/…`): the staff check and the sections' navigation (features/back-office). The
 * server renders the same neutral skeleton for everyone; the browser shows the screens to staff and the 404 page to
 * anyone else. The frame and every screen are lazy chunks: the route table every page loads (the manifest) then
 * lists one small module per back-office route instead of their Mantine imports (the public pages' JS budget).
 */
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { LazyPart, lazyWithReload } from '../shared/lib/lazy';

const AdminShell = lazyWithReload<{ children: ReactNode }>(async () => ({
  default: (await import('../features/back-office')).AdminShell,
}));

export function meta() {
  return [{ title: 'Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminLayout() {
  return (
    <LazyPart>
      <AdminShell>
        <Outlet />
      </AdminShell>
    </LazyPart>
  );
}
