import { describe, it } from 'vitest';
import { expectMantineClasses } from '../../shared/ui/mantine-css.testing';
import { NATIVE_SELECT_CLASSES } from './sort-select';

describe('SortSelect', () => {
  it("uses class names Mantine's stylesheet still defines", () => expectMantineClasses(NATIVE_SELECT_CLASSES, 5));
});
