/** The user's avatar: the 96/256 px WebP when there is one, initials (or a person icon) otherwise. */
import { Avatar, type AvatarProps } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import type { SelfUser } from './types';
import { userInitials } from './types';

export function UserAvatar({
  user,
  size = 36,
  ...rest
}: { user: Pick<SelfUser, 'avatar' | 'first_name' | 'last_name'> } & AvatarProps) {
  const px = typeof size === 'number' ? size : 36;
  const src = user.avatar
    ? px <= 48
      ? user.avatar.url_small
      : px <= 128
        ? user.avatar.url
        : user.avatar.url_large
    : null;
  const initials = userInitials(user);
  return (
    <Avatar src={src} alt="" size={size} radius={1000} color="ink" variant="light" {...rest}>
      {initials || <IconUser size={Math.round(px * 0.55)} stroke={1.6} />}
    </Avatar>
  );
}
