/**
 * A control drawn over every listing card's photo, beside the card's link (not inside it), and beside the
 * product page's title (`large`): the favorites heart, provided by the layout (shared/ui may not import
 * features; one provider also keeps the heart's loader in the layout's chunk). A module of its own, so a page
 * without cards does not load the card with it.
 */
import { createContext, type ComponentType } from 'react';

export const CardActionContext = createContext<ComponentType<{
  productId: number;
  sellerId: number;
  large?: boolean;
  /**
   * The control is inside its card group's own Suspense boundary (a grid's `CardGroup`, product-card.tsx): while the
   * server renders it or the browser hydrates it, it may suspend that boundary (its code loading) instead of bringing
   * a boundary of its own (decision 0175).
   */
  grouped?: boolean;
}> | null>(null);
