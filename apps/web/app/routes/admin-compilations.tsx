/** `/admin/compilations`: the home page's compilations (staff; the layout checks). The screen is a lazy chunk (see layouts/admin.tsx). */
import { LazyPart, lazyWithReload } from '../shared/lib/lazy';

const CompilationsEditor = lazyWithReload(async () => ({
  default: (await import('../features/content-editor')).CompilationsEditor,
}));

export function meta() {
  return [{ title: 'Подборки — кабинет сотрудника' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return (
    <LazyPart>
      <CompilationsEditor />
    </LazyPart>
  );
}
