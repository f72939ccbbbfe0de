import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { Burger, Indicator, MantineProvider } from '@mantine/core';
import { theme } from './theme';
import { CountMark, LightBurger, MARK_CLASSES } from './light-marks';
import { expectMantineClasses } from './mantine-css.testing';

/** Server HTML of `node` with the shop's theme, without the provider's style tags. */
const html = (node: ReactNode) =>
  renderToStaticMarkup(<MantineProvider theme={theme}>{node}</MantineProvider>).replace(
    /<style[^>]*>[^<]*<\/style>/g,
    '',
  );

const STYLE = { width: 44, height: 44, padding: '21px 13px', marginLeft: -13 };

describe('LightBurger and CountMark', () => {
  it("render the same HTML as Mantine's Burger, closed and open", () => {
    for (const opened of [false, true]) {
      const mantine = (
        <Burger hiddenFrom="md" opened={opened} onClick={() => {}} size="sm" aria-label="Каталог" style={STYLE} />
      );
      const look = <LightBurger opened={opened} onClick={() => {}} label="Каталог" style={STYLE} />;
      expect(html(look)).toBe(html(mantine));
    }
  });

  it("render the same HTML as Mantine's Indicator, without a count and with one", () => {
    for (const count of [0, 3, 12]) {
      const child = <a href="/cart">Корзина</a>;
      const mantine = (
        <Indicator
          label={count}
          disabled={count === 0}
          size={18}
          offset={4}
          color="coral.7"
          zIndex={2}
          styles={{ indicator: { fontWeight: 700, fontSize: 11 } }}
        >
          {child}
        </Indicator>
      );
      const look = (
        <CountMark count={count} color="var(--mantine-color-coral-7)">
          {child}
        </CountMark>
      );
      expect(html(look)).toBe(html(mantine));
    }
  });

  it("uses class names Mantine's stylesheet still defines", () => {
    expectMantineClasses(MARK_CLASSES, 5);
  });
});
