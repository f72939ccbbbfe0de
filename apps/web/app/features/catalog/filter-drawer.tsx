/**
 * The phone filter drawer (bottom sheet): the filter panel on a draft of the filters, «Сбросить» and
 * «Показать» (applies the draft). A chunk of its own, downloaded on the first intent to open it.
 */
import { Button, Drawer, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useOpenAfterMount } from '../../shared/lib/lazy';
import { FilterPanel, type FilterPanelProps, type FilterValues } from './filter-panel';

export interface FilterDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The filters in the URL: the draft starts from them on every opening. */
  filters: FilterValues;
  /** «Показать»: the draft to apply. */
  onApply: (draft: FilterValues) => void;
  panel: Omit<FilterPanelProps, 'values' | 'onChange'>;
}

export default function FilterDrawer({ opened: wanted, onClose, filters, onApply, panel }: FilterDrawerProps) {
  const opened = useOpenAfterMount(wanted);
  const [draft, setDraft] = useState<FilterValues>(filters);
  useEffect(() => {
    if (opened) setDraft(filters);
  }, [opened, filters]);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="88%"
      title="Фильтры"
      radius="md"
      styles={{ title: { fontWeight: 700, fontSize: 18 }, body: { paddingBottom: 96 } }}
    >
      <FilterPanel {...panel} values={draft} onChange={(k, v) => setDraft((d) => ({ ...d, [k]: v ?? undefined }))} />
      <Group
        gap="sm"
        p="md"
        style={{
          position: 'fixed',
          zIndex: 10,
          left: 0,
          right: 0,
          bottom: 0,
          background: '#fff',
          borderTop: '1px solid var(--vt-line)',
        }}
      >
        <Button variant="default" onClick={() => setDraft({})} style={{ flex: 1 }}>
          Сбросить
        </Button>
        <Button
          style={{ flex: 2 }}
          onClick={() => {
            onClose();
            onApply(draft);
          }}
        >
          Показать
        </Button>
      </Group>
    </Drawer>
  );
}
