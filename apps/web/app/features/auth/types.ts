/** Shapes of the auth and profile calls (spec §3, §7). */
import type { ReactNode } from 'react';
import type { SelfAnswer } from '@vitrina/contract/auth';
import { displayPhone } from './phone-mask';

export type { AvatarUrls } from '@vitrina/contract/auth';

/** A saved pickup point (`GET /v1/self/` → `info.delivery_points`). */
export type DeliveryPointInfo = SelfUser['delivery_points'][number];

/** The signed-in user (`GET /v1/self/` → `info`), as the route's response schema gives it. */
export type SelfUser = SelfAnswer['info'];

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
