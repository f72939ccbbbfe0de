/** A part of the sales center that failed to load: what happened and «Повторить». */
import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from '../../shared/api/query';

export function LoadError({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title={`Не удалось загрузить ${what}`}>
      <Group justify="space-between" gap="sm">
        <Text fz="sm">{errorMessage(error, 'Проверьте соединение и попробуйте ещё раз.')}</Text>
        <Button size="xs" variant="default" onClick={retry}>
          Повторить
        </Button>
      </Group>
    </Alert>
  );
}
