/** Staff's `/admin/disputes` (in the back office's layout, which does the staff check). */
import { AdminDisputes } from '../features/disputes';

export function meta() {
  return [{ title: 'Споры — кабинет сотрудника' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return <AdminDisputes />;
}
