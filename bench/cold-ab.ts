/**
 * `npm run bench:cold-ab -- --old DIR [options]`: the cold render (a page rendered anew, `Cache-Control: no-cache`
 * past the micro-cache) of two builds side by side in one run, so the machine's load weighs on both alike.
 *
 * DIR is another checkout of Vitrina with its own build (`npm run build` run there; e.g. `git archive <commit> | tar
 * -x -C DIR`, node_modules copied with `cp -al`); `--new` (default: this checkout) is the other. Both servers run the
 * compiled server (as `npm start`) on the same PostgreSQL database (`--db`, default the bench's 100k one, created and
 * seeded when missing) and render the same product and catalog pages.
 *
 * Two measures:
 * - CPU (default): both servers up at once; after `--warmup` renders of each kind (default 6 000: V8 compiles the
 *   render's code over the first thousands; after 2 500 the first blocks were still slower), given to the sides in
 *   turns so that neither idles long before its blocks, `--rounds` blocks of `--per` renders each, old and new in
 *   turns (the order alternating);
 *   per block the server process's CPU time (`/proc`, user + system) per render. The median block is reported, in ms
 *   and in units of the machine's reference (bench/machine.ts, measured before and after).
 * - `--callgrind`: each server under `valgrind --tool=callgrind` with instrumentation off until its warm-up is done;
 *   then `--per` renders of each kind are counted in instructions (every thread of the process: V8's compiler and
 *   garbage collector threads included), and so is the reference workload. Instruction counts do not depend on the
 *   other processes on the machine; the figure in reference units is instructions per render / instructions per
 *   unit. About 50× slower than the real run: use a smaller `--warmup` (e.g. 400) and `--per` (e.g. 100).
 *
 * `--only old|new` (with `--callgrind`) starts and counts one side: a step's figure against the other side's counted
 * before, in half the time. `--port` is the old server's port (default 3381), the new one's the next.
 *
 * Prints a table (Markdown) to stdout; writes nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { counted, referenceUnits } from './callgrind.js';
import { cpuName, machineReference } from './machine.js';
import { CATALOG_PAGES, SIZES } from './pages.js';
import { cpuMs, cpuSince, prepareDatabase, ROOT, stopServer, waitReady } from './server.js';

interface Args {
  old: string;
  new: string;
  size: string;
  warmup: number;
  rounds: number;
  per: number;
  connections: number;
  callgrind: boolean;
  /** Count one side only (`--only new`: a step's own figure against an old one counted before). */
  only: '' | 'old' | 'new';
  /** The old server's port; the new one's is the next. */
  port: number;
}

function parseArgs(argv: string[]): Args {
  const a: Args = {
    old: '',
    new: ROOT,
    size: '100k',
    warmup: 6000,
    rounds: 8,
    per: 200,
    connections: 2,
    callgrind: false,
    only: '',
    port: 3381,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2) as [string, string | undefined];
    const val = () => inline ?? argv[++i] ?? '';
    if (flag === '--old') a.old = path.resolve(val());
    else if (flag === '--new') a.new = path.resolve(val());
    else if (flag === '--size') a.size = val();
    else if (flag === '--warmup') a.warmup = Number(val());
    else if (flag === '--rounds') a.rounds = Number(val());
    else if (flag === '--per') a.per = Number(val());
    else if (flag === '--connections') a.connections = Number(val());
    else if (flag === '--callgrind') a.callgrind = true;
    else if (flag === '--only') a.only = val() as Args['only'];
    else if (flag === '--port') a.port = Number(val());
    else throw new Error(`Неизвестный параметр: ${argv[i]}`);
  }
  if (a.only && a.only !== 'old' && a.only !== 'new') throw new Error('--only: old или new');
  if (a.only && !a.callgrind) throw new Error('--only — только с --callgrind (время CPU сравнивает две сборки разом)');
  if (!a.old && a.only !== 'new') throw new Error('Нужен --old DIR: другая копия Витрины со сборкой');
  return a;
}

/** One server under test: its build's folder, address and process. */
interface Side {
  label: 'old' | 'new';
  dir: string;
  base: string;
  child: ChildProcess;
  /** The callgrind output file prefix (callgrind mode). */
  out?: string;
}

function start(label: Side['label'], dir: string, port: number, url: string, dataDir: string, cg: boolean): Side {
  const server = ['--conditions=compiled', path.join(dir, 'apps/api/dist/server.js')];
  const out = cg ? path.join(os.tmpdir(), `vitrina-cold-ab-${label}-${process.pid}`) : undefined;
  const argv = cg
    ? ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}.%p`, process.execPath, ...server]
    : server;
  const child = spawn(cg ? 'valgrind' : process.execPath, argv, {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // Renders are slow under valgrind: the overload guards must not answer 503 instead.
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_MAX_IN_FLIGHT: '0',
      // No job polling: its query every second is work per second, not per render — under valgrind on a loaded machine
      // a render takes seconds, and the polls (and the old build's retries of jobs it does not know) were counted in.
      JOBS_POLL_MS: '0',
    },
    stdio: ['ignore', 'inherit', cg ? 'ignore' : 'inherit'],
  });
  return { label, dir, base: `http://127.0.0.1:${port}`, child, out };
}

/** Renders of one kind a side gets in one turn of the warm-up. */
const WARMUP_SLICE = 300;

/** Requests `n` cold renders of `paths` in turn, `conc` at a time; every answer must be a 200. */
async function hammer(base: string, paths: string[], n: number, conc: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const p = paths[next++ % paths.length]!;
      const res = await fetch(base + p, { headers: { 'cache-control': 'no-cache', 'accept-encoding': 'br' } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${base}${p}: ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: conc }, worker));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const spec = SIZES[args.size];
  if (!spec) throw new Error(`Неизвестный размер данных: ${args.size}`);
  const dataDir = path.join(os.tmpdir(), `vitrina-bench-${args.size}`);
  mkdirSync(dataDir, { recursive: true });
  const url = await prepareDatabase(spec.db, spec.products, dataDir);
  const load = os.loadavg();
  const sides = [
    ...(args.only === 'new' ? [] : [start('old', args.old, args.port, url, dataDir, args.callgrind)]),
    ...(args.only === 'old' ? [] : [start('new', args.new, args.port + 1, url, dataDir, args.callgrind)]),
  ];
  try {
    for (const s of sides) await waitReady(s.base, s.child);
    const list = (await (
      await fetch(`${sides.at(-1)!.base}/v1/public/products/?page_size=20&sort=popular`)
    ).json()) as {
      results: { slug: string }[];
    };
    const kinds = [
      { name: 'Товар', paths: list.results.map((r) => `/product/${r.slug}`) },
      { name: 'Каталог', paths: CATALOG_PAGES },
    ];
    // The sides warm up in turns, a slice at a time: warmed one after the other, the first side idled for minutes
    // before its blocks and started them dearer (an A/A run, one build on both sides, measured it 13–18 % dearer).
    console.error(`[cold-ab] прогрев по очереди: ${args.warmup} рендеров каждого вида на сторону`);
    for (let done = 0; done < args.warmup; done += WARMUP_SLICE)
      for (const s of sides)
        for (const k of kinds)
          await hammer(s.base, k.paths, Math.min(WARMUP_SLICE, args.warmup - done), args.connections);
    const rows: string[] = [];
    if (args.callgrind) {
      const ref = await referenceUnits(200);
      console.error(`[cold-ab] эталон: ${ref.toFixed(0)} инструкций на единицу`);
      for (const k of kinds) {
        const per: Record<string, number> = {};
        for (const s of sides) {
          const n = await counted(s.child.pid!, s.out!, () => hammer(s.base, k.paths, args.per, 1));
          per[s.label] = n / args.per;
          console.error(`[cold-ab] ${s.label} ${k.name}: ${(n / args.per / 1e6).toFixed(1)} млн инструкций`);
        }
        // A side not counted (`--only`) shows as a dash.
        const f = (x: number | undefined, d: number, unit = '') => (x === undefined ? '—' : x.toFixed(d) + unit);
        rows.push(
          `| ${k.name} | ${f(per.old && per.old / 1e6, 1, ' млн')} | ${f(per.new && per.new / 1e6, 1, ' млн')} | ` +
            `${f(per.old && per.old / ref, 1)} | ${f(per.new && per.new / ref, 1)} | ${f(per.old && per.new && per.new / per.old, 2, '×')} |`,
        );
      }
      console.log(
        `callgrind, ${args.warmup} рендеров прогрева и ${args.per} замеренных на вид страницы; эталон ${(ref / 1e6).toFixed(2)} млн инструкций; loadavg ${load.map((x) => x.toFixed(1)).join(' / ')}\n`,
      );
      console.log(
        '| Страница | Старая, инструкций/рендер | Новая | Старая, эталонов | Новая, эталонов | Новая / старая |',
      );
    } else {
      const before = machineReference();
      const cpu: Record<string, number[]> = {};
      for (let r = 0; r < args.rounds; r++)
        for (const k of kinds)
          for (const s of r % 2 ? [...sides].reverse() : sides) {
            const c0 = cpuMs([s.child.pid!]);
            await hammer(s.base, k.paths, args.per, args.connections);
            (cpu[`${s.label} ${k.name}`] ??= []).push(cpuSince(c0) / args.per);
          }
      const ref = (before + machineReference()) / 2;
      for (const k of kinds) {
        const o = median(cpu[`old ${k.name}`]!);
        const n = median(cpu[`new ${k.name}`]!);
        rows.push(
          `| ${k.name} | ${o.toFixed(2)} | ${n.toFixed(2)} | ${(o / ref).toFixed(1)} | ${(n / ref).toFixed(1)} | ${(n / o).toFixed(2)}× |`,
        );
        console.error(`[cold-ab] ${k.name}: old ${cpu[`old ${k.name}`]!.map((x) => x.toFixed(2)).join(' ')}`);
        console.error(`[cold-ab] ${k.name}: new ${cpu[`new ${k.name}`]!.map((x) => x.toFixed(2)).join(' ')}`);
      }
      console.log(
        `CPU, ${args.warmup} рендеров прогрева, медиана ${args.rounds} блоков по ${args.per}; эталон ${ref.toFixed(3)} мс; ${cpuName()}; loadavg ${load.map((x) => x.toFixed(1)).join(' / ')}\n`,
      );
      console.log(
        '| Страница | Старая, мс CPU | Новая, мс CPU | Старая, эталонов | Новая, эталонов | Новая / старая |',
      );
    }
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const r of rows) console.log(r);
  } finally {
    for (const s of sides) await stopServer(s.child);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
