/** `/admin`: the back office's home — its sections («Кабинет сотрудника» in the account menu leads here). */
import { AdminHome } from '../features/back-office';

export function meta() {
  return [{ title: 'Кабинет сотрудника' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return <AdminHome />;
}
