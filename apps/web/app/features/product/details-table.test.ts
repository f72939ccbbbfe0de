import { describe, it } from 'vitest';
import { expectMantineClasses } from '../../shared/ui/mantine-css.testing';
import { TABLE_CLASSES } from './details-table';

describe('DetailsTable', () => {
  it("uses class names Mantine's stylesheet still defines", () => expectMantineClasses(TABLE_CLASSES, 5));
});
