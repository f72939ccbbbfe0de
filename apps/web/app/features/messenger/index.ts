/** Public face of the messenger feature: conversations between buyer and seller, with price offers. */
/**
 * Each a chunk of its own (the public pages keep their script budget): `/account/messenger`, the product page's
 * «Написать продавцу» / «Предложить цену», an order's «Написать продавцу» / «Написать покупателю», and the signed-in
 * header's «Сообщения» icon and menu item with the unread total.
 */
export { ContactSeller, MessagesHeaderLink, MessagesMenuItem, MessengerPage, OrderChatButton } from './lazy';
