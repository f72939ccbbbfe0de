/**
 * Quick category links under a catalog type's title: the top categories, and the subcategories of the
 * chosen one (a horizontal row that scrolls on phones). Links keep the other filters in the URL.
 */
import { useLocation, useSearchParams } from 'react-router';
import { LightButton } from '../../shared/ui/light-button';
import { withChanges } from './catalog-params';
import type { Chars } from './load-listing';

export function CategoryChips({ chars, type, selected }: { chars: Chars; type: string; selected?: string }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const cats = chars.categories.filter((c) => c.type === type);
  const current = cats.find((c) => String(c.id) === selected);
  const parentId = current ? (current.parent ?? current.id) : null;
  const row = parentId === null ? cats.filter((c) => c.parent === null) : cats.filter((c) => c.parent === parentId);
  if (!row.length) return null;
  const link = (id: number | null) => `${pathname}${withChanges(params, { category: id })}`;
  return (
    <nav
      aria-label="Категории"
      style={{ display: 'flex', gap: 8, overflowX: 'auto', padding: '12px 0 4px', scrollbarWidth: 'none' }}
    >
      {parentId !== null && (
        <LightButton
          prefetch="none"
          to={link(parentId === current?.id ? null : parentId)}
          variant="default"
          size="compact-sm"
          radius="xl"
        >
          ← {parentId === current?.id ? 'Все категории' : cats.find((c) => c.id === parentId)?.name}
        </LightButton>
      )}
      {row.map((c) => {
        const on = String(c.id) === selected;
        return (
          <LightButton
            key={c.id}
            prefetch="none"
            to={link(on ? (c.parent ?? null) : c.id)}
            variant={on ? 'filled' : 'default'}
            size="compact-sm"
            radius="xl"
            aria-current={on ? 'page' : undefined}
            style={{ flexShrink: 0 }}
          >
            {c.name}
          </LightButton>
        );
      })}
    </nav>
  );
}
