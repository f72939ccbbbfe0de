/** Public face of the cards feature: the user's saved bank cards. */
/** The checkout's choice of a saved card. */
export { CardPicker, type CardPickerProps } from './card-picker';
/** The account's «Банковские карты» section. */
export { CardsManager } from './cards-manager';
/** The query of the signed-in user's cards (shared cache). */
export { useCards } from './queries';
