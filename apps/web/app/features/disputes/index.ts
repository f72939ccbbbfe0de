/** Public face of the disputes feature: the claim part of an order's panel, its dialog opener, staff's screen. */
/** The claim part of an order's panel (purchases and sales). */
export { OrderClaimPart } from './order-claim';
/** Opens an order's claim dialog (the confirm dialog's «Есть проблема»); the order's panel must be on the screen. */
export { openClaimDialog } from './queries';
/** Staff's `/admin/disputes` screen (client-rendered; non-staff see the 404 page). */
export { AdminDisputes } from './admin-disputes';
