/**
 * The back office's screens (client-rendered; non-staff see the 404 page): reports queue, listings with luxury
 * checks, accounts, typed brands, audit log.
 */
export { AdminReports } from './admin-reports';
export { AdminProducts } from './admin-products';
export { AdminUsers } from './admin-users';
export { AdminAudit } from './admin-audit';
export { AdminBrands } from './admin-brands';
