/**
 * `node scripts/subset-fonts.mjs`: writes the two Inter faces every Russian page needs at first paint
 * (apps/web/app/shared/ui/fonts/, committed; fonts.css uses them) from @fontsource-variable/inter, with
 * subset-font (HarfBuzz):
 * - `inter-cyrillic-400-800.woff2`: the Cyrillic face, its weight axis cut to 400–800 (the weights the shop uses);
 * - `inter-latin-basic-400-800.woff2`: of the Latin face what Russian pages set in it — ASCII (figures,
 *   punctuation, brand names), Latin-1 (no-break space, «», ©, ×, letters of brand names such as «Fjällräven»),
 *   thin spaces, dashes, quotes, …, minus — weights 400–800.
 * The rest of the Latin face stays the package's file, loaded only by a page that shows one of its rare characters.
 * The faces keep the package's `font-weight: 100 900` in fonts.css: faces of one family with different weight
 * ranges are matched as separate fonts, and Cyrillic text fell back to Arial. Run again after updating
 * @fontsource-variable/inter.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const OUT = path.resolve(import.meta.dirname, '../apps/web/app/shared/ui/fonts');
const file = (name) => readFileSync(require.resolve(`@fontsource-variable/inter/files/${name}`));
const AXES = { wght: { min: 400, max: 800 } };

/** The Latin characters of the basic face; fonts.css's unicode-ranges must match this list. */
export const LATIN_BASIC = [
  ...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i),
  ...Array.from({ length: 0xff - 0xa0 + 1 }, (_, i) => 0xa0 + i),
  0x2009,
  0x2013,
  0x2014,
  0x2019,
  0x201c,
  0x201d,
  0x201e,
  0x2026,
  0x202f,
  0x2212,
];
const CYRILLIC = [
  0x301,
  ...Array.from({ length: 0x45f - 0x400 + 1 }, (_, i) => 0x400 + i),
  0x490,
  0x491,
  0x4b0,
  0x4b1,
  0x2116,
];

mkdirSync(OUT, { recursive: true });
for (const [name, source, chars] of [
  ['inter-cyrillic-400-800.woff2', 'inter-cyrillic-wght-normal.woff2', CYRILLIC],
  ['inter-latin-basic-400-800.woff2', 'inter-latin-wght-normal.woff2', LATIN_BASIC],
]) {
  const from = file(String(source));
  const out = await subsetFont(from, String.fromCodePoint(...chars), { targetFormat: 'woff2', variationAxes: AXES });
  writeFileSync(path.join(OUT, name), out);
  console.log(`${String(name)}: ${from.length} → ${out.length} bytes`);
}
