/**
 * How fast this machine is, measured by the bench itself: sessions run on different
 * machines (the same «2 × AMD EPYC» has been a Zen 1 at 2.0 GHz and one twice as fast), so a page's CPU in ms is
 * comparable across sessions only beside a fixed workload measured in the same run.
 *
 * The reference workload uses no Vitrina code, so optimising the shop does not move it: `renderToString` of a fixed
 * grid of 24 listing-card-shaped elements, `JSON.stringify` and `JSON.parse` of a fixed 24-card page of data and
 * brotli at quality 1 of the HTML — the three kinds of work a cold page is made of, in about its proportions.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';

/** The machine's CPU as `/proc/cpuinfo` names it (family, model, MHz), or Node's model string elsewhere. */
export function cpuName(): string {
  const model = os.cpus()[0]?.model ?? 'unknown';
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const field = (name: string) => new RegExp(`^${name}\\s*:\\s*(.+)$`, 'm').exec(info)?.[1]?.trim();
    const mhz = Number(field('cpu MHz'));
    return `${model} (family ${field('cpu family') ?? '?'}, model ${field('model') ?? '?'}, ${mhz ? mhz.toFixed(0) : '?'} MHz)`;
  } catch {
    return model;
  }
}

const CARDS = Array.from({ length: 24 }, (_, i) => ({
  id: 100_000 + i,
  slug: `krossovki-air-max-${i}-${1000 + i}`,
  title: `Кроссовки Air Max ${90 + i} в хорошем состоянии`,
  brand: { name: 'Nike' },
  sizes: ['41', '42', '43'],
  price: (i + 1) * 129_000,
  photo: {
    url: `/media/p/${i}/1280.webp`,
    srcset: `/media/p/${i}/320.webp 320w, /media/p/${i}/640.webp 640w, /media/p/${i}/1280.webp 1280w`,
    width: 1280,
    height: 1600,
  },
}));

function grid() {
  return h(
    'div',
    { className: 'grid' },
    CARDS.map((c) =>
      h(
        'div',
        { key: c.id, className: 'cell' },
        h(
          'a',
          { href: `/product/${c.slug}`, className: 'card', 'data-shop-link': 'intent' },
          h(
            'div',
            { className: 'photo' },
            h('img', {
              src: c.photo.url,
              srcSet: c.photo.srcset,
              sizes: '(min-width: 1440px) 250px, 48vw',
              width: c.photo.width,
              height: c.photo.height,
              alt: c.title,
              loading: 'lazy',
              decoding: 'async',
            }),
          ),
          h('div', { className: 'brand' }, c.brand.name),
          h('div', { className: 'title' }, c.title),
          h('div', { className: 'sizes' }, c.sizes.join(' · ')),
          h('div', { className: 'price' }, `${(c.price / 100).toLocaleString('ru-RU')} ₽`),
        ),
        h('button', { type: 'button', 'aria-label': 'В избранное', className: 'heart' }),
      ),
    ),
  );
}

/** One unit of the reference workload. */
function unit(): number {
  const html = renderToString(grid());
  const data = JSON.parse(JSON.stringify({ count: 92_009, results: CARDS })) as { results: unknown[] };
  const packed = brotliCompressSync(Buffer.from(html), {
    params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 1 },
  });
  return packed.length + data.results.length;
}

/**
 * CPU ms of one unit of the workload in this process, the median of 9 batches of 200 after 2 000 units of warm-up
 * (V8 compiles the hot code first, as the cold render's 30 s warm-up lets it).
 */
function measureHere(): number {
  for (let i = 0; i < 2000; i++) unit();
  const batches: number[] = [];
  for (let b = 0; b < 9; b++) {
    const start = process.cpuUsage();
    for (let i = 0; i < 200; i++) unit();
    const used = process.cpuUsage(start);
    batches.push((used.user + used.system) / 1000 / 200);
  }
  batches.sort((a, b) => a - b);
  return batches[4]!;
}

/**
 * The machine's reference figure, CPU ms per unit of the workload (see the module's description), measured in a
 * child process with `NODE_ENV=production`, so React is its production build as in the server. Takes 2–4 s on
 * the 2-core machines of 2026-11-28.
 */
export function machineReference(): number {
  const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--measure'], {
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  return Number(out.trim());
}

/**
 * `--steps N` (for a process under callgrind, bench/cold-ab.ts): 2 000 units of warm-up, then «ready» on stdout; on a
 * line from stdin N units, then «done»; on the next line it exits.
 */
function steps(n: number): void {
  for (let i = 0; i < 2000; i++) unit();
  console.log('ready');
  process.stdin.once('data', () => {
    for (let i = 0; i < n; i++) unit();
    console.log('done');
    process.stdin.once('data', () => process.exit(0));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--measure')) console.log(measureHere().toFixed(4));
  else if (process.argv.includes('--steps')) steps(Number(process.argv[process.argv.indexOf('--steps') + 1]));
}
