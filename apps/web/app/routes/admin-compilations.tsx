/** `/admin/compilations`: the home page's compilations (staff; the layout checks). */
import { CompilationsEditor } from '../features/content-editor';

export function meta() {
  return [{ title: 'Подборки — кабинет сотрудника' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return <CompilationsEditor />;
}
