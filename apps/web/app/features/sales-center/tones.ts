/**
 * Colours of good, bad and neutral figures, dark enough for text on white (WCAG AA, ≥ 4.5:1): brand.md's
 * success #2F9E44 and error #E03131 are lighter than that, so text uses deeper shades of them.
 */
export const TONE = {
  /** Growth, a good level: 5.3:1 on white. */
  up: '#1E7B34',
  /** A fall, a poor level: 6.0:1 on white. */
  down: '#C21F1F',
  /** A level to watch: 5.2:1 on white. */
  warn: '#A35A00',
  /** No change: the theme's secondary text (6.7:1). */
  flat: '#5C5C58',
} as const;
