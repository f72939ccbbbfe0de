/**
 * The sell form's field messages (spec §5, §8): the live check with the SAME shared schema the API uses
 * (`checkListing`), shown under a field once it is touched or after a submit, else the server's message for
 * that field. Submitting a draft checks the draft rules, publishing the publish rules.
 */
import { checkListing } from '@vitrina/contract/products';
import { useMemo, useState } from 'react';
import { candidate, type Values } from './sell-values';

/** What the seller pressed: «Опубликовать» (or «Сохранить изменения») vs «Сохранить черновик». */
export type SubmitKind = 'publish' | 'draft';

/**
 * @param values the form's values; `photoCount` the photos it holds
 * @returns `err(field)` the message under a field (`title`, `sizes.0.price`, …) or `undefined`;
 *   `edited(field)` marks a field touched and drops the server's message for it; `attempt(kind)` shows every
 *   live message by the rules of that submit; `rejected(fields)` shows the server's field messages instead;
 *   `invalid` whether a message is under some field now (a submit was tried and the live check fails, or a
 *   server message is left)
 */
export function useFieldErrors(values: Values, photoCount: number) {
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [attempted, setAttempted] = useState<SubmitKind | null>(null);
  const [server, setServer] = useState<Record<string, string[]>>({});

  const publish = attempted !== 'draft';
  const check = useMemo(
    () => checkListing(candidate(values, publish, photoCount), true),
    [values, publish, photoCount],
  );
  const clientErrors = check.ok ? {} : check.errors;

  const err = (field: string): string | undefined => {
    const show = attempted !== null || [...touched].some((t) => field === t || field.startsWith(`${t}.`));
    const local = clientErrors[field]?.[0];
    if (show && local) return local;
    return server[field]?.[0];
  };

  const edited = (field: string) => {
    setTouched((t) => new Set(t).add(field));
    setServer((s) => {
      if (!s[field]) return s;
      const next = { ...s };
      delete next[field];
      return next;
    });
  };

  const rejected = (fields: Record<string, string[]>) => {
    setServer(fields);
    setTouched(new Set());
    setAttempted(null);
  };

  const invalid = (attempted !== null && !check.ok) || Object.keys(server).length > 0;

  return { err, edited, attempt: setAttempted, rejected, invalid };
}
