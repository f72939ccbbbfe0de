// The browser of the browser tests, in one place for `npm test` (scripts/test.mjs) and the tests themselves
// (e2e/helpers.ts): CHROMIUM_PATH, else Debian's headless shell when installed (the build Playwright itself runs
// headless; about 40 % less CPU than the full browser for the same tests, decision 0187), else Debian's full
// Chromium.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** Debian's packages, in order of preference: chromium-headless-shell, then chromium. */
const CANDIDATES = [HEADLESS_SHELL, '/usr/bin/chromium'];

/**
 * The path of the browser the browser tests launch.
 * @returns `CHROMIUM_PATH` when set, else the first installed of {@link CANDIDATES}, else the headless shell's path
 * (which does not exist: the caller reports it as missing)
 */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || CANDIDATES.find((p) => existsSync(p)) || HEADLESS_SHELL;
}
