// The steps of `npm start`'s build (scripts/ensure-build.mjs) as a person sees them: one short line per step with
// the time it usually takes, then how long it took; everything the tools print goes to a log file (data/build.log),
// whose last lines are shown only when a step fails.
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Runs one build step with its output appended to `log`.
 * @param {{ title: string, expected: string, cmd: string, args: string[], cwd: string, log: string,
 *   env?: NodeJS.ProcessEnv, print?: (line: string) => void }} step `expected` — the usual duration, e.g. «1–3 мин»
 * @returns {boolean} whether the step succeeded (on failure the log's last 40 lines and its path are printed)
 */
export function runStep({ title, expected, cmd, args, cwd, log, env = process.env, print = console.log }) {
  mkdirSync(path.dirname(log), { recursive: true });
  appendFileSync(log, `\n=== ${new Date().toISOString()} ${title}: ${cmd} ${args.join(' ')}\n`);
  print(`Витрина: ${title} (обычно ${expected})…`);
  const started = Date.now();
  const fd = openSync(log, 'a');
  let r;
  try {
    r = spawnSync(cmd, args, { cwd, env, stdio: ['ignore', fd, fd] });
  } finally {
    closeSync(fd);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  if (r.status === 0) {
    print(`  готово за ${seconds} с`);
    return true;
  }
  const tail = readFileSync(log, 'utf8').trimEnd().split('\n').slice(-40).join('\n');
  print(`  не получилось (код ${r.status ?? r.signal}). Последние строки ${log}:\n${tail}`);
  return false;
}
