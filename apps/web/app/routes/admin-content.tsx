/** `/admin/content`: the content pages' texts, the journal and the openings (staff; the layout checks). The screen is a lazy chunk (see layouts/admin.tsx). */
import { LazyPart, lazyWithReload } from '../shared/lib/lazy';

const ContentEditor = lazyWithReload(async () => ({
  default: (await import('../features/content-editor')).ContentEditor,
}));

export function meta() {
  return [{ title: 'Контент — кабинет сотрудника' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return (
    <LazyPart>
      <ContentEditor />
    </LazyPart>
  );
}
