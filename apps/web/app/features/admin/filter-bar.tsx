/**
 * The filter bar of a staff table: a search field (submitted by Enter or the button) and selects, each kept in the
 * URL (a change goes to page 1).
 */
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export interface FilterSelect {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}

export function FilterBar({
  search,
  selects = [],
}: {
  search?: { name: string; label: string };
  selects?: FilterSelect[];
}) {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(search ? (params.get(search.name) ?? '') : '');
  const current = search ? (params.get(search.name) ?? '') : '';
  useEffect(() => setText(current), [current]);
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  return (
    <Group
      component="form"
      gap="xs"
      align="flex-end"
      wrap="wrap"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        if (search) set(search.name, text.trim());
      }}
    >
      {search && (
        <TextInput
          label={search.label}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          size="sm"
          style={{ flex: '1 1 220px', maxWidth: 420 }}
        />
      )}
      {search && (
        <Button type="submit" size="sm" variant="default">
          Найти
        </Button>
      )}
      {selects.map((s) => (
        <NativeSelect
          key={s.name}
          label={s.label}
          size="sm"
          value={params.get(s.name) ?? ''}
          onChange={(e) => set(s.name, e.currentTarget.value)}
          data={s.options}
        />
      ))}
    </Group>
  );
}
