/** `/admin`: the back office's home — its sections («Кабинет сотрудника» in the account menu leads here). The screen is a lazy chunk (see layouts/admin.tsx). */
import { LazyPart, lazyWithReload } from '../shared/lib/lazy';

const AdminHome = lazyWithReload(async () => ({ default: (await import('../features/back-office')).AdminHome }));

export function meta() {
  return [{ title: 'Кабинет сотрудника' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return (
    <LazyPart>
      <AdminHome />
    </LazyPart>
  );
}
