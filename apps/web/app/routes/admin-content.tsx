/** `/admin/content`: the content pages' texts, the journal and the openings (staff; the layout checks). */
import { ContentEditor } from '../features/content-editor';

export function meta() {
  return [{ title: 'Контент — кабинет сотрудника' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return <ContentEditor />;
}
