/**
 * The back office's layout (`/admin/…`): the staff check and the sections' navigation (features/back-office). The
 * server renders the same neutral skeleton for everyone; the browser shows the screens to staff and the 404 page to
 * anyone else.
 */
import { Outlet } from 'react-router';
import { AdminShell } from '../features/back-office';

export function meta() {
  return [{ title: 'Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}
