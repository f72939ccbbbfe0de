/**
 * Asks staff for the reason of an action (block, decline) in a modal; the reason may be optional (unblock,
 * dismiss). The answer's error shows in the dialog; success closes it and refreshes the staff lists.
 */
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiResult } from '../../shared/api/client';
import { errorMessage, queryClient, unwrap } from '../../shared/api/query';

/** What the dialog does: a title, the button, whether the reason is required, and the call. */
export interface ReasonAction {
  title: string;
  confirm: string;
  required: boolean;
  danger?: boolean;
  run: (reason: string) => Promise<ApiResult<unknown>>;
}

export function ReasonDialog({ action, onClose }: { action: ReasonAction | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const m = useMutation(
    {
      mutationFn: async (r: string) => unwrap(await action!.run(r)),
      onSuccess: async () => {
        setReason('');
        onClose();
        await queryClient.invalidateQueries({ queryKey: ['admin'] });
      },
    },
    queryClient,
  );
  const close = () => {
    m.reset();
    setReason('');
    onClose();
  };
  return (
    <Modal opened={action !== null} onClose={close} title={action?.title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          m.mutate(reason.trim());
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={action?.required ? 'Причина' : 'Комментарий (необязательно)'}
            description={action?.required ? 'Её увидит владелец.' : undefined}
            required={action?.required}
            autosize
            minRows={3}
            maxLength={1000}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          {m.isError && (
            <Alert color="red" p="xs">
              {errorMessage(m.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Отмена
            </Button>
            <Button
              type="submit"
              color={action?.danger ? 'red' : undefined}
              loading={m.isPending}
              disabled={action?.required && !reason.trim()}
            >
              {action?.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
