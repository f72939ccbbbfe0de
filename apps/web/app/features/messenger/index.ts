/**
 * Public face of the messenger feature: conversations between buyer and seller, with price offers. Each part is a
 * chunk of its own behind a loader module of its own, so a page's scripts carry only the loaders it renders.
 */
/** `/account/messenger`: the conversations and the open thread. */
export { MessengerPage } from './lazy-page';
/** The product page's «Написать продавцу» / «Предложить цену». */
export { ContactSeller } from './lazy-contact';
/** An order's «Написать продавцу» / «Написать покупателю». */
export { OrderChatButton } from './lazy-order';
/** The signed-in header's «Сообщения» icon and avatar-menu item, with the unread total. */
export { MessagesHeaderLink, MessagesMenuItem } from './lazy-header';
