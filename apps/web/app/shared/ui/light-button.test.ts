import { describe, it } from 'vitest';
import { ACTION_ICON_CLASSES, BUTTON_CLASSES } from './light-button';
import { expectMantineClasses } from './mantine-css.testing';

describe('LightButton', () => {
  it("uses class names Mantine's stylesheet still defines", () => {
    expectMantineClasses(BUTTON_CLASSES, 5);
    expectMantineClasses(ACTION_ICON_CLASSES, 3);
  });
});
