/** The thread's «⋯» menu: block or unblock the person, report the conversation (reason and text, kept for support). */
import { ActionIcon, Button, Menu, Modal, Select, Stack, Textarea } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { REPORT_REASONS, type Chat, type ReportReason } from '@vitrina/contract/chats';
import { useState } from 'react';
import { queryClient } from '../../shared/api/query';
import { showNotification } from '../../shared/lib/notify';
import { reportChat, setBlocked } from './api';
import { chatKeys } from './queries';

export function ThreadMenu({ chat }: { chat: Chat }) {
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState<ReportReason>('spam');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const person = chat.interlocutor;

  const toggleBlock = async () => {
    const res = await setBlocked(person.id, !chat.blocked);
    if (!res.ok) {
      showNotification({ color: 'red', message: res.error.message });
      return;
    }
    showNotification({
      message: chat.blocked ? `${person.name} снова может вам писать` : `${person.name} больше не сможет вам писать`,
    });
    void queryClient.invalidateQueries({ queryKey: chatKeys.all });
  };

  const report = async () => {
    const res = await reportChat(chat.id, reason, text);
    if (!res.ok) {
      setError(res.error.message);
      return;
    }
    setReporting(false);
    setText('');
    showNotification({ message: 'Жалоба отправлена — поддержка её рассмотрит' });
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="ink.7" aria-label="Действия с диалогом">
            <IconDots size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {!person.deleted && (
            <Menu.Item onClick={() => void toggleBlock()}>
              {chat.blocked ? 'Разблокировать' : 'Заблокировать'}
            </Menu.Item>
          )}
          <Menu.Item color="red" onClick={() => setReporting(true)}>
            Пожаловаться
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={reporting} onClose={() => setReporting(false)} title="Пожаловаться на диалог" centered radius="lg">
        <Stack gap="sm">
          <Select
            label="Причина"
            data={REPORT_REASONS.map((r) => ({ value: r.value, label: r.label }))}
            value={reason}
            onChange={(v) => v && setReason(v as ReportReason)}
            allowDeselect={false}
          />
          <Textarea
            label="Что случилось"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={3}
            error={error}
          />
          <Button onClick={() => void report()}>Отправить жалобу</Button>
        </Stack>
      </Modal>
    </>
  );
}
