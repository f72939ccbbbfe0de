/** Screen `account-messenger` (/account/messenger, spec §2): a designed empty state (behaviour not shown in the spec). */
import { MessengerEmpty } from '../features/auth';

export function meta() {
  return [{ title: 'Сообщения — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return <MessengerEmpty />;
}
