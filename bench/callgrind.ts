/**
 * Instruction counts under valgrind's callgrind for `npm run bench:cold-ab -- --callgrind` (bench/cold-ab.ts): a
 * piece of work in a server process counted with instrumentation on only meanwhile, and the machine's reference
 * workload (bench/machine.ts) counted the same way.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Instructions in the complete callgrind dumps of `out` not in `seen` (the file names already read; added to it). */
function dumpedInstructions(out: string, seen: Set<string>): number {
  const dir = path.dirname(out);
  let sum = 0;
  for (const f of readdirSync(dir)) {
    const full = path.join(dir, f);
    if (!full.startsWith(`${out}.`) || seen.has(full)) continue;
    // A dump being written has no totals line yet: read again later.
    const m = /^(?:summary|totals):\s*(\d+)/m.exec(readFileSync(full, 'utf8'));
    if (!m) continue;
    seen.add(full);
    sum += Number(m[1]);
  }
  return sum;
}

/**
 * Valgrind names its control pipes after the HOST variable: the servers run with HOST=127.0.0.1, so every process
 * under valgrind and every callgrind_control call gets the same (otherwise callgrind_control answers «OK» and
 * reaches nobody).
 */
const VG_ENV = { ...process.env, HOST: '127.0.0.1' };

/** Counts the instructions of `work` in a process under callgrind (instrumentation on only meanwhile). */
export async function counted(pid: number, out: string, work: () => Promise<void>): Promise<number> {
  const seen = new Set<string>();
  const control = (arg: string) =>
    execFileSync('callgrind_control', [arg, String(pid)], { env: VG_ENV, stdio: 'ignore' });
  control('--zero');
  dumpedInstructions(out, seen);
  control('--instr=on');
  await work();
  control('--dump');
  control('--instr=off');
  // The dump is written by the process itself, a moment after the control call returns.
  for (let i = 0; i < 100; i++) {
    const n = dumpedInstructions(out, seen);
    if (n > 0) return n;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`callgrind не записал счётчики процесса ${pid}`);
}

/** Instructions per unit of the machine's reference workload (bench/machine.ts `--steps`), counted by callgrind. */
export async function referenceUnits(n: number): Promise<number> {
  const out = path.join(os.tmpdir(), `vitrina-cold-ab-ref-${process.pid}`);
  const machine = fileURLToPath(new URL('./machine.ts', import.meta.url));
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${out}.%p`,
      process.execPath,
      '--import',
      'tsx',
      machine,
      '--steps',
      String(n),
    ],
    { env: { ...VG_ENV, NODE_ENV: 'production' }, stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const lines: string[] = [];
  const line = (want: string) =>
    new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (b: Buffer) => {
        lines.push(...b.toString().split('\n'));
        if (lines.includes(want)) resolve();
      });
      child.once('exit', () => reject(new Error(`эталон под callgrind завершился до «${want}»`)));
    });
  await line('ready');
  const total = await counted(child.pid!, out, async () => {
    child.stdin!.write('go\n');
    await line('done');
  });
  child.stdin!.end('exit\n');
  return total / n;
}
