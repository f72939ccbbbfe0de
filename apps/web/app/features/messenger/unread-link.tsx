/**
 * The signed-in header's «Сообщения»: an icon with the unread total beside the avatar (from 48em: a phone's header has
 * no room; there the bell counts a conversation's notice and the avatar menu the total), and the avatar menu's item with
 * the same count; kept live by the socket.
 */
import { ActionIcon, Badge, Menu } from '@mantine/core';
import { IconMessage2 } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { followUnread, useChatUnread } from './unread';

export default function MessagesLink() {
  const total = useChatUnread((s) => s.total);
  useEffect(() => followUnread(), []);
  return (
    <ActionIcon
      component={Link}
      to="/account/messenger"
      variant="subtle"
      color="ink.9"
      size={40}
      aria-label={total ? `Сообщения, непрочитанных: ${total}` : 'Сообщения'}
      pos="relative"
      visibleFrom="sm"
      data-testid="messages-link"
    >
      <IconMessage2 size={24} stroke={1.6} />
      {total > 0 && (
        <span
          aria-hidden
          data-testid="messages-badge"
          style={{
            position: 'absolute',
            top: 2,
            right: 0,
            minWidth: 18,
            height: 18,
            padding: '0 5px',
            borderRadius: 9,
            background: 'var(--mantine-color-coral-6)',
            color: 'white',
            fontSize: 11,
            fontWeight: 700,
            lineHeight: '18px',
            textAlign: 'center',
          }}
        >
          {total > 99 ? '99+' : total}
        </span>
      )}
    </ActionIcon>
  );
}

/** «Сообщения» in the avatar menu, with the unread total. */
export function MessagesMenuItem() {
  const total = useChatUnread((s) => s.total);
  useEffect(() => followUnread(), []);
  return (
    <Menu.Item
      component={Link}
      to="/account/messenger"
      leftSection={<IconMessage2 size={18} stroke={1.6} />}
      rightSection={
        total > 0 ? (
          <Badge size="sm" color="coral.6" aria-label={`непрочитанных: ${total}`}>
            {total}
          </Badge>
        ) : null
      }
    >
      Сообщения
    </Menu.Item>
  );
}
