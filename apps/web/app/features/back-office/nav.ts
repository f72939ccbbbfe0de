/** The back office's sections (`/admin/…`), in the navigation's order. */
import {
  IconAlertTriangle,
  IconTags,
  IconFileText,
  IconHistory,
  IconLayoutGrid,
  IconScale,
  IconShirt,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export interface AdminSection {
  to: string;
  label: string;
  Icon: Icon;
}

export const ADMIN_SECTIONS: AdminSection[] = [
  { to: '/admin/reports', label: 'Жалобы', Icon: IconAlertTriangle },
  { to: '/admin/products', label: 'Товары', Icon: IconShirt },
  { to: '/admin/users', label: 'Пользователи', Icon: IconUsers },
  { to: '/admin/brands', label: 'Бренды', Icon: IconTags },
  { to: '/admin/disputes', label: 'Споры', Icon: IconScale },
  { to: '/admin/content', label: 'Контент', Icon: IconFileText },
  { to: '/admin/compilations', label: 'Подборки', Icon: IconLayoutGrid },
  { to: '/admin/audit', label: 'Журнал', Icon: IconHistory },
];
