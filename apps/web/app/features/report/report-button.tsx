/**
 * «Пожаловаться»: a quiet text button (a plain `<button>` drawn like Mantine's UnstyledButton by report.module.css: the
 * product page renders it on the server for every listing); the dialog's code is downloaded on intent (pointer over, focus) and shown on
 * the press. A guest signs in through the dialog over the page and the report form opens right after.
 */
import { useState } from 'react';
import { LazyPart, lazyWithReload } from '../../shared/lib/lazy';
import { requireAuth, useAuth } from '../auth';
import type { ReportTarget } from './api';
import classes from './report.module.css';

const Dialog = lazyWithReload<ReportTarget & { opened: boolean; onClose: () => void }>(() => import('./report-dialog'));

/**
 * «Пожаловаться на объявление» / «Пожаловаться на продавца».
 * @param type `product` (a listing, by id) or `user` (a seller, by id)
 * @param ownerId the listing's seller or the user themself: the button hides for them
 */
export function ReportButton(target: ReportTarget) {
  const { user } = useAuth();
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  if (user?.id === target.ownerId) return null;
  const open = () =>
    requireAuth((me) => {
      if (me.id === target.ownerId) return;
      setUsed(true);
      setOpened(true);
    });
  return (
    <>
      <button
        type="button"
        className={`mantine-focus-auto ${classes.trigger}`}
        onClick={open}
        onPointerEnter={() => void Dialog.preload()}
        onFocus={() => void Dialog.preload()}
        data-testid="report-open"
      >
        {target.type === 'product' ? 'Пожаловаться на объявление' : 'Пожаловаться на продавца'}
      </button>
      {used && (
        <LazyPart>
          <Dialog {...target} opened={opened} onClose={() => setOpened(false)} />
        </LazyPart>
      )}
    </>
  );
}
