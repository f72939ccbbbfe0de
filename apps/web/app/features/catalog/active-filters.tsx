/**
 * The active filters above a listing: a removable pill per value and «Сбросить всё». A chunk of its own
 * (Pill and Button): rendered on the server, hydrated when its code has arrived.
 */
import { Button, Group, Pill } from '@mantine/core';
import type { FilterKey } from './catalog-params';

/** One pill: `next` is the URL parameter's value once this one is removed. */
export interface ActivePill {
  key: FilterKey;
  value: string;
  label: string;
  next: string | null;
}

export interface ActiveFiltersProps {
  pills: ActivePill[];
  /** Sets URL parameters (null removes one). */
  go: (changes: Record<string, string | null>) => void;
  resetAll: () => void;
}

export default function ActiveFilters({ pills, go, resetAll }: ActiveFiltersProps) {
  return (
    <Group gap={6} mb="md">
      {pills.map((p) => (
        <Pill
          key={`${p.key}:${p.value}`}
          withRemoveButton
          removeButtonProps={{ 'aria-label': `Убрать фильтр ${p.label}` }}
          onRemove={() => go({ [p.key]: p.next })}
        >
          {p.label}
        </Pill>
      ))}
      <Button variant="subtle" size="compact-sm" onClick={resetAll}>
        Сбросить всё
      </Button>
    </Group>
  );
}
