/** Public face of the delivery feature: the user's delivery points. */
/** The checkout's choice of a saved delivery point, with «add one». */
export { DeliveryPointPicker, type DeliveryPointPickerProps } from './delivery-point-picker';
/** The account's «Пункты выдачи» section. */
export { DeliveryPointsManager } from './delivery-points-manager';
/** The query of the signed-in user's delivery points (shared cache). */
export { useDeliveryPoints } from './queries';
