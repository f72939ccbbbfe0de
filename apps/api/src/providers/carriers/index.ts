/**
 * Carrier providers (buyer protection; docs/architecture.md «Order deadlines»), beside SMS and payments: how the
 * shop learns that a shipped order reached the buyer.
 * - {@link CarrierProvider.track} — asked by the orders module's recurring tracking job about each shipped order;
 *   an answer `delivered` marks the order delivered (the 48-hour window for the buyer starts);
 * - a carrier that pushes its news instead (a webhook) reports through the orders module's `reportDelivery`, as
 *   the development endpoint `POST /v1/dev/carrier/deliver/{order_id}/` does.
 * Only the development carrier exists yet: it knows nothing about real parcels (every shipment is `in_transit`
 * until the development endpoint reports it); a shipped order nobody reports becomes delivered 14 days after
 * shipping.
 */

/** A shipment as the shop knows it: the delivery service chosen at checkout and the seller's tracking number. */
export interface Shipment {
  /** `cdek`, `boxberry`, `russian_post`, `yandex`, `5post` (the contract's `DELIVERY_SERVICE_TYPES`). */
  service: string;
  trackingNumber: string;
}

/** What the carrier says about a shipment: `delivered` with the time it was handed to the buyer. */
export type ShipmentState = { state: 'unknown' | 'in_transit' } | { state: 'delivered'; deliveredAt: Date };

export interface CarrierProvider {
  readonly name: 'dev';
  /**
   * Asks the carrier where a shipment is.
   * @throws Error when the carrier cannot be reached (the tracking job tries again at its next run)
   */
  track(shipment: Shipment): Promise<ShipmentState>;
}

/** The development carrier: no real tracking, every parcel is on its way until reported (dev endpoint). */
export const devCarrierProvider: CarrierProvider = {
  name: 'dev',
  track: async () => ({ state: 'in_transit' }),
};

/** The carrier provider of this app (only the development one exists yet). */
export const carrierProvider = (): CarrierProvider => devCarrierProvider;
