/**
 * Size values the web shows as they are (a module of its own, without the size tables of `sizes.ts`, so a
 * page that needs only these names does not download the tables).
 */

/** The one size of things that have none (bags, accessories): a value of its own, shown as is. */
export const ONE_SIZE = 'Без размера';

/** How a chosen size is named in a line of text: «Размер 42», but «Без размера» as it is. */
export const sizeLabel = (size: string): string => (size === ONE_SIZE ? size : `Размер ${size}`);
