/** Public face of the back office's frame: the layout of `/admin/…`, its home and its sections. */
export { AdminHome, AdminShell } from './admin-shell';
export { ADMIN_SECTIONS, type AdminSection } from './nav';
