/**
 * The search field with suggestions (a lazily loaded chunk of `SearchBox`): brands, categories and listings
 * from `/v1/public/search/suggest/` (debounced) under the input, as the ARIA combobox pattern has it — the
 * input is `role="combobox"` with `aria-expanded`, `aria-controls` and `aria-activedescendant`; the list is a
 * `listbox` of `option`s with ids, `aria-busy` while it still shows an earlier text's answer. ↓/↑ move through
 * the options (round the end), Enter opens the chosen one (or, with none chosen, searches the typed text), Escape
 * closes the list.
 */
import { useDebouncedValue } from '@mantine/hooks';
import type { Suggest } from '@vitrina/contract/catalog';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { formatPrice } from '../../shared/lib/price';
import { useSuggest } from './queries';
import { SearchField } from './search-field';
import classes from './search-field.module.css';

const TYPE_SHORT: Record<string, string> = { women: 'женщинам', men: 'мужчинам', kids: 'детям' };

interface Option {
  /** Where the option leads. */
  to: string;
  node: ReactNode;
}

/** The options of a suggestion answer, in the order shown: brands, categories, listings. */
function optionsOf(suggest: Suggest | null): Option[] {
  const out: Option[] = [];
  for (const b of suggest?.brands ?? [])
    out.push({
      to: `/catalog/brand/${b.slug}`,
      node: (
        <span className={classes.optionText}>
          <b>{b.name}</b> <span className={classes.optionHint}>бренд</span>
        </span>
      ),
    });
  for (const c of suggest?.categories ?? [])
    out.push({
      to: `/catalog/${c.type}?category=${c.id}`,
      node: (
        <span className={classes.optionText}>
          {c.name} <span className={classes.optionHint}>{TYPE_SHORT[c.type] ?? ''}</span>
        </span>
      ),
    });
  for (const p of suggest?.products ?? [])
    out.push({
      to: `/product/${p.slug}`,
      node: (
        <>
          {p.photo ? (
            <img className={classes.optionPhoto} src={p.photo.url_small} alt="" width={32} height={40} />
          ) : null}
          <span className={classes.optionTitle}>{p.title}</span>
          <span className="vt-price">{formatPrice(p.price)}</span>
        </>
      ),
    });
  return out;
}

/**
 * @param value the typed text (kept by `SearchBox`, so it survives the swap from the light field)
 * @param autoFocus focus the input on mount (the light field had the focus)
 * @param openOnMount open the list as soon as suggestions arrive (the light field had the focus and sent no search)
 * @param onDone called before leaving for a result (closes the phone drawer the box may sit in)
 */
export default function SearchSuggest({
  value,
  onValue,
  autoFocus,
  openOnMount,
  onDone,
}: {
  value: string;
  onValue: (value: string) => void;
  autoFocus: boolean;
  openOnMount: boolean;
  onDone?: () => void;
}) {
  const navigate = useNavigate();
  const listId = useId();
  const [debounced] = useDebouncedValue(value.trim(), 200);
  const { data, isPlaceholderData } = useSuggest(debounced);
  const suggest = debounced.length < 2 ? null : (data ?? null);
  // The light field had the focus: the list opens as if it had been focused here (unless a search was sent).
  const [open, setOpen] = useState(openOnMount);
  // `autoFocus` focuses the input as it mounts, and that focus event would open the list: after a sent search
  // (`openOnMount` false) the first focus, being that one, leaves it closed.
  const mountFocus = useRef(autoFocus && !openOnMount);
  // Effects run after that focus event: any later focus is the user's.
  useEffect(() => {
    mountFocus.current = false;
  }, []);
  const [active, setActive] = useState(-1);
  // New suggestions: nothing chosen yet.
  useEffect(() => setActive(-1), [data]);

  const q = value.trim();
  const found = optionsOf(suggest);
  const options: Option[] = [
    ...found,
    {
      to: `/catalog/search?q=${encodeURIComponent(q)}`,
      node: <span className={classes.optionText}>Искать «{q}»</span>,
    },
  ];
  const expanded = open && found.length > 0 && q.length >= 2;
  // The list shown is for an earlier text while the typing settles or the next answer loads (aria-busy).
  const busy = debounced !== q || isPlaceholderData;
  const optionId = (i: number) => `${listId}-option-${i}`;

  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // optionId only derives from listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expanded, active]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (to: string) => {
    close();
    onDone?.();
    void navigate(to);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    const n = options.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!expanded) {
        setOpen(true);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a < 0 ? (step > 0 ? 0 : n - 1) : (a + step + n) % n));
    } else if (e.key === 'Enter' && expanded && active >= 0 && active < n) {
      e.preventDefault();
      go(options[active]!.to);
    } else if (e.key === 'Escape' && expanded) {
      // Closes the list first; a second Escape clears the field as the browser does.
      e.preventDefault();
      close();
    }
  };

  return (
    <SearchField
      value={value}
      autoFocus={autoFocus}
      onValue={(v) => {
        onValue(v);
        setOpen(true);
        setActive(-1);
      }}
      onInputFocus={() => {
        if (mountFocus.current) mountFocus.current = false;
        else setOpen(true);
      }}
      onInputBlur={close}
      onSubmit={(e) => {
        e.preventDefault();
        if (q) go(`/catalog/search?q=${encodeURIComponent(q)}`);
      }}
      inputProps={{
        'aria-expanded': expanded,
        'aria-controls': expanded ? listId : undefined,
        'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
        onKeyDown,
      }}
    >
      {expanded && (
        <div
          id={listId}
          role="listbox"
          aria-label="Подсказки поиска"
          aria-busy={busy || undefined}
          className={classes.dropdown}
        >
          {options.map((o, i) => (
            <div
              key={o.to}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={i === found.length ? `${classes.option} ${classes.optionAll}` : classes.option}
              // Keeps the focus in the input, so the click is not lost to the list closing on blur.
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => active !== i && setActive(i)}
              onClick={() => go(o.to)}
            >
              {o.node}
            </div>
          ))}
        </div>
      )}
    </SearchField>
  );
}
