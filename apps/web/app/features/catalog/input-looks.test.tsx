import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { MantineProvider, MultiSelect, NumberInput, Select } from '@mantine/core';
import { BRAND_PLACEHOLDER, FIELD_PROPS } from './filter-panel';
import { expectMantineClasses } from '../../shared/ui/mantine-css.testing';
import { INPUT_LOOK_CLASSES, MultiSelectLook, PriceInputLook, SelectLook } from './input-looks';

/** Server HTML of `node` without what may differ: ids, the look's `readonly` and the provider's style tags. */
const html = (node: ReactNode) =>
  renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>)
    .replace(/ id="[^"]*"/g, '')
    .replace(/ readOnly=""/gi, '')
    .replace(/<style[^>]*>[^<]*<\/style>/g, '');

const brands = [
  { value: '1', label: 'Nike' },
  { value: '2', label: 'Adidas' },
  { value: '3', label: 'New Balance' },
];

describe('SelectLook, MultiSelectLook and PriceInputLook', () => {
  it("render the same HTML as Mantine's closed Select, empty and with a choice", () => {
    for (const chosen of [null, brands[2]!]) {
      const mantine = (
        <Select {...FIELD_PROPS.category} data={[{ group: 'Обувь', items: brands }]} value={chosen?.value ?? null} />
      );
      const look = (
        <SelectLook
          label={FIELD_PROPS.category['aria-label']}
          placeholder={FIELD_PROPS.category.placeholder}
          chosen={chosen}
          id="x"
        />
      );
      expect(html(look)).toBe(html(mantine));
    }
  });

  it("render the same HTML as Mantine's closed MultiSelect, empty and with pills", () => {
    for (const chosen of [[], [brands[0]!, brands[1]!]]) {
      const mantine = (
        <MultiSelect
          {...FIELD_PROPS.brand}
          placeholder={chosen.length ? undefined : BRAND_PLACEHOLDER}
          data={brands}
          value={chosen.map((c) => c.value)}
        />
      );
      const look = (
        <MultiSelectLook
          label={FIELD_PROPS.brand['aria-label']}
          placeholder={BRAND_PLACEHOLDER}
          chosen={chosen}
          id="x"
        />
      );
      expect(html(look)).toBe(html(mantine));
    }
  });

  it("render the same HTML as Mantine's NumberInput of a price, empty and with thousands", () => {
    for (const value of ['', '500', '3000', '150000', '1250000']) {
      const mantine = (
        <NumberInput
          aria-label="от"
          placeholder="от"
          value={value === '' ? '' : Number(value)}
          {...FIELD_PROPS.price}
        />
      );
      const look = <PriceInputLook label="от" value={value} id="x" style={{ flex: 1 }} />;
      expect(html(look)).toBe(html(mantine));
    }
  });

  it("use class names Mantine's stylesheet still defines", () => expectMantineClasses(INPUT_LOOK_CLASSES, 16));
});
