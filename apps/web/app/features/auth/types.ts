/** Shapes of the auth and profile calls (spec §3, §7). */
import type { ReactNode } from 'react';
import { displayPhone } from './phone-mask';

/** Avatar URLs (WebP 96 / 256 / 512 px). */
export interface AvatarUrls {
  url: string;
  url_small: string;
  url_large: string;
  srcset: string;
}

export interface DeliveryPointInfo {
  id: number;
  name: string;
  address: string;
  point_id: string;
  delivery_service_type: string;
}

/** The signed-in user (`GET /v1/self/` → `info`). */
export interface SelfUser {
  id: number;
  phone: string | null;
  first_name: string;
  last_name: string;
  full_name: string;
  avatar: AvatarUrls | null;
  city: string;
  about: string;
  date_joined: string;
  /** A member of the shop's staff: the back office (`/admin`) and «Кабинет сотрудника» in the menu. */
  is_staff?: boolean;
  delivery_points: DeliveryPointInfo[];
}

export type AuthStatus = 'unknown' | 'signed-out' | 'signed-in';

/** A display name: «Анна Иванова», or the phone (`+7 (999) 123-45-67`) when there is no name. */
export function userDisplayName(u: Pick<SelfUser, 'first_name' | 'last_name'> & { phone: string | null }): string {
  const name = [u.first_name, u.last_name].filter(Boolean).join(' ');
  return name || displayPhone(u.phone) || 'Без имени';
}

/** Initials for an avatar placeholder. */
export function userInitials(u: Pick<SelfUser, 'first_name' | 'last_name'>): string {
  return ((u.first_name[0] ?? '') + (u.last_name[0] ?? '')).toUpperCase();
}

/** Parts another feature adds to the signed-in header controls (rendered only for a signed-in user). */
export interface AccountExtras {
  /** Beside the avatar (the messenger's icon). */
  header?: ReactNode;
  /** Among the avatar menu's sections (rendered inside the menu: `Menu.Item`s). */
  menu?: ReactNode;
}
