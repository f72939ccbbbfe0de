import { describe, it } from 'vitest';
import { LIST_CLASSES } from './content-page';
import { expectMantineClasses } from '../../shared/ui/mantine-css.testing';

describe('Bullets', () => {
  it("uses class names Mantine's stylesheet still defines", () => {
    expectMantineClasses(LIST_CLASSES, 3);
  });
});
