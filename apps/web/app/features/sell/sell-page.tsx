/**
 * The sell page (screen account-sell-create, spec §2): the heading «Продать вещь» or «Редактирование товара»
 * and the sell form. The route puts it behind the account guard.
 */
import { Stack, Text, Title } from '@mantine/core';
import { SellForm } from './sell-form';

/** The page: heading and the form, behind the account guard. */
export function SellPage({ editId }: { editId: number | null }) {
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <div>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {editId ? 'Редактирование товара' : 'Продать вещь'}
        </Title>
        <Text c="dimmed" mt={4}>
          {editId ? 'Измените то, что нужно, и сохраните.' : 'Хорошие фото и честное описание продают быстрее всего.'}
        </Text>
      </div>
      <SellForm key={editId ?? 'new'} editId={editId} />
    </Stack>
  );
}
