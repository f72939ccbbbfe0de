import { describe, it } from 'vitest';
import { expectMantineClasses } from '../../shared/ui/mantine-css.testing';
import { CHIP_CLASSES } from './size-chips';

describe('SizeChips', () => {
  it("uses class names Mantine's stylesheet still defines", () => expectMantineClasses(CHIP_CLASSES, 6));
});
