/**
 * The header search box: a GET form to /catalog/search (works without JS). Suggestions (brands,
 * categories, listings from `/v1/public/search/suggest/`) live in a separate chunk, `SearchSuggest`,
 * loaded when the pointer reaches the field or it gets the focus; until then Enter searches the typed text. The typed text and the focus carry over when the suggestions arrive.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { SearchField } from './search-field';

const SearchSuggest = lazyWithReload(() => import('./search-suggest'));

/**
 * What the search box shows on a page's first render: the query (`q`) on the search page, else nothing.
 * @param location the page's path and query string
 */
export function searchBoxValue(location: { pathname: string; search: string }): string {
  return location.pathname === '/catalog/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
}

export function SearchBox({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const initial = searchBoxValue(location);
  const [value, setValue] = useState(initial);
  const [enhanced, setEnhanced] = useState(false);
  const focused = useRef(false);
  // A search was sent from the light field: when the suggestions arrive they keep the focus but stay closed
  // (the list would otherwise open over the results page the user is now reading).
  const submitted = useRef(false);

  useEffect(() => setValue(initial), [initial]);

  const enhance = useCallback(
    () =>
      SearchSuggest.preload().then((ok) => {
        if (ok) startTransition(() => setEnhanced(true));
      }),
    [],
  );
  useEffect(() => {
    // Already downloaded (another search box on the page): no need to wait for the pointer.
    if (SearchSuggest.loaded()) void enhance();
  }, [enhance]);

  const field = (
    <SearchField
      value={value}
      onValue={(v) => {
        submitted.current = false;
        setValue(v);
      }}
      autoFocus={autoFocus}
      onPointerEnter={() => void enhance()}
      onInputFocus={() => {
        focused.current = true;
        void enhance();
      }}
      onInputBlur={() => {
        focused.current = false;
      }}
      onSubmit={(e) => {
        e.preventDefault();
        const q = value.trim();
        if (!q) return;
        submitted.current = true;
        onDone?.();
        void navigate(`/catalog/search?q=${encodeURIComponent(q)}`);
      }}
    />
  );
  if (!enhanced) return field;
  return (
    <LazyPart fallback={field}>
      <SearchSuggest
        value={value}
        onValue={setValue}
        autoFocus={autoFocus || focused.current}
        openOnMount={(autoFocus || focused.current) && !submitted.current}
        onDone={onDone}
      />
    </LazyPart>
  );
}
