/** Staff's `/admin/disputes` (in the back office's layout, which does the staff check). The screen is a lazy chunk (see layouts/admin.tsx). */
import { LazyPart, lazyWithReload } from '../shared/lib/lazy';

const AdminDisputes = lazyWithReload(async () => ({ default: (await import('../features/disputes')).AdminDisputes }));

export function meta() {
  return [{ title: 'Споры — кабинет сотрудника' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return (
    <LazyPart>
      <AdminDisputes />
    </LazyPart>
  );
}
