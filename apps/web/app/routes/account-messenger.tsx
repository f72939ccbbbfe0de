/** Screen `account-messenger` (/account/messenger, spec §2): conversations with buyers and sellers, price offers. */
import { MessengerPage } from '../features/messenger';

export function meta() {
  return [{ title: 'Сообщения — Витрина' }, { name: 'robots', content: 'noindex' }];
}

export default function Screen() {
  return <MessengerPage />;
}
