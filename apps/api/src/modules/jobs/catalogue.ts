/**
 * The catalogue of domain events (docs/decisions/0060-typed-event-catalogue.md): every event the API records,
 * by name, with the zod schema of its payload. `app.events.emit` and `app.events.subscribe` accept only these
 * names, `emit` only a payload of the event's shape (a compile error otherwise), and a subscriber receives the
 * payload parsed by the schema when its job runs.
 *
 * Names: `<entity>.<what happened>`, lower case, words joined by `_` (`order.ship_reminder`). Payload keys:
 * camelCase. A payload carries ids and the facts of the moment (amounts in kopecks, who acted); subscribers read
 * the rest from the tables when their job runs. Changing a payload's shape leaves the rows already in the outbox
 * with the old one: they fail the schema and their jobs end `dead` with the reason logged (see `events.ts`), so
 * add fields as optional rather than rename them.
 */
import { z } from 'zod';
import { CANCELLED_BY } from '@vitrina/contract/orders';

const id = z.number().int().positive();
/** An event about one order. */
const order = z.object({ orderId: id });
/** An event about one claim of an order. */
const claim = z.object({ orderId: id, claimId: id });
const review = z.object({ reviewId: id });
/** A listing added to or taken out of someone's favorites (at: ISO time of the change). */
const favorite = z.object({ userId: id, listingId: id, sellerId: id, at: z.iso.datetime() });

/** Every domain event: name → schema of its payload. */
export const domainEvents = {
  /** The order's payment succeeded (`awaiting_payment` → `paid`). */
  'order.paid': order,
  /** The bank declined the order's payment (an `order.cancelled` by `payment` follows). */
  'order.payment_failed': order,
  /** The order was cancelled: `by` whom or what, with the reason shown to people. */
  'order.cancelled': order.extend({ reason: z.string().optional(), by: z.enum(CANCELLED_BY) }),
  /** A paid order not yet shipped: the seller's reminder on the `days`-th day after payment. */
  'order.ship_reminder': order.extend({ days: z.number().int().positive() }),
  /** The seller shipped the order. */
  'order.shipped': order,
  /** The order was delivered, as the carrier reported or as of the delivery deadline. */
  'order.delivered': order.extend({ by: z.enum(['carrier', 'deadline']) }),
  /** The order completed: the buyer confirmed, the confirmation deadline passed, or a dispute closed it. */
  'order.completed': order.extend({ by: z.enum(['buyer', 'deadline', 'dispute']) }),
  /** Money went back to the buyer: the whole order, or (`claim`) a dispute's refund. */
  'order.refunded': order.extend({ claim: z.boolean().optional() }),
  /** The seller's payout for the order was sent. */
  'payout.sent': order,
  'claim.opened': claim,
  /** The seller offered a partial refund. */
  'claim.offered': claim,
  /** The claim went to the staff: the seller contested it, the buyer rejected the offer, or nobody answered. */
  'claim.escalated': claim.extend({ why: z.enum(['timeout', 'contest', 'rejected']) }),
  'claim.decided': claim,
  'review.created': review,
  'review.edited': review,
  'review.answered': review,
  /** A person deleted their account (their data is gone or anonymised in the same transaction). */
  'user.deleted': z.object({ userId: id }),
  /** A card joined a person's cards. */
  'card.added': z.object({ userId: id, cardId: id }),
  /** A listing went on sale for the first time. */
  'listing.published': z.object({ listingId: id, ownerId: id }),
  /** An edit lowered a listing's lowest price (kopecks). */
  'listing.price_dropped': z.object({ listingId: id, oldPrice: z.number().int(), newPrice: z.number().int() }),
  /** A payment sold a listing's last piece; `buyerId` bought it. */
  'listing.sold_out': z.object({ listingId: id, buyerId: id.nullable() }),
  /** Staff decided on a listing: blocked or unblocked it, passed or failed its authenticity check (`reason` for a block or a decline). */
  'listing.moderated': z.object({
    listingId: id,
    action: z.enum(['blocked', 'unblocked', 'verified', 'review_declined']),
    reason: z.string().optional(),
  }),
  /**
   * Staff filed the listings with a seller's typed brand under the listed brand `brandId` (`reviewIds`: those of
   * them that left the sale for a luxury check).
   */
  'brand.merged': z.object({ brandId: id, listingIds: z.array(id), reviewIds: z.array(id) }),
  'favorite.added': favorite,
  'favorite.removed': favorite,
  /** `subscriberId` subscribed to the seller `targetId`. */
  'social.subscribed': z.object({ subscriberId: id, targetId: id }),
} satisfies EventCatalogue;

/** A catalogue of events: name → zod schema of an object payload. */
export type EventCatalogue = Record<string, z.ZodType<Record<string, unknown>>>;
/** The API's domain events. */
export type DomainEvents = typeof domainEvents;
/** A domain event's name. */
export type DomainEventName = Extract<keyof DomainEvents, string>;
/** The payload `emit` takes for event `N`. */
export type EventFacts<N extends DomainEventName> = z.input<DomainEvents[N]>;
/** The payload a subscriber of event `N` receives (parsed). */
export type EventPayload<N extends DomainEventName> = z.output<DomainEvents[N]>;
