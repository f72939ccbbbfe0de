/** `scratchRoot()` (scripts/scratch-dir.mjs, decision 0191): a RAM file system only when it is one with room. */
import { statfsSync } from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { scratchRoot } from './scratch-dir.mjs';

const TMPFS = 0x01021994;
const shm = (() => {
  try {
    const fs = statfsSync('/dev/shm');
    return fs.type === TMPFS && fs.bavail * fs.bsize >= 4 * 1024 ** 3;
  } catch {
    return false;
  }
})();

describe('scratchRoot', () => {
  it('takes the usual temporary directory when the candidate is missing', () => {
    expect(scratchRoot('/no/such/directory')).toBe(os.tmpdir());
  });

  it('takes the usual temporary directory when the candidate is another file system than tmpfs', () => {
    expect(statfsSync('/proc').type).not.toBe(TMPFS);
    expect(scratchRoot('/proc')).toBe(os.tmpdir());
  });

  it('takes /dev/shm when, and only when, it is a tmpfs with 4 GiB free', () => {
    expect(scratchRoot()).toBe(shm ? '/dev/shm' : os.tmpdir());
  });
});
