/** Wording helpers of the selling screens. */

/**
 * Field messages of a refused publish, to continue a sentence: «Добавьте от 1 до 10 фотографий.»,
 * «Выберите бренд.» → «добавьте от 1 до 10 фотографий; выберите бренд».
 */
export const missingParts = (messages: string[]): string =>
  messages
    .map((m) =>
      m
        .trim()
        .replace(/\.$/, '')
        .replace(/^./, (c) => c.toLowerCase()),
    )
    .join('; ');
