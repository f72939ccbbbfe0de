/** A small confirmation dialog (delete a card, cancel an order…): title, text, «Отмена» and the action. */
import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  danger,
  loading,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      styles={{ title: { fontWeight: 700, fontSize: 18 } }}
    >
      <Text fz="sm">{children}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose}>
          Отмена
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
