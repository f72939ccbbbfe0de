// Where `npm test` keeps the scratch files of its unit and API tests (scripts/test.mjs sets their TMPDIR; decision
// 0191): on a RAM file system when the machine has one with room, else the usual temporary directory. Each PGlite
// test app copies a 44 MB data directory there and removes it when it closes; on the CI machine's virtual disk a copy
// and removal took about 0.7 s, on tmpfs 0.1 s. The browser tests keep the usual directory (tmpfs measured no better
// for their servers and Chromium).
import { accessSync, constants, statfsSync } from 'node:fs';
import os from 'node:os';

/** `statfs` type of tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;
/**
 * The free space a RAM file system must have to be used, in bytes: the tests hold a few hundred MB at a time, and a
 * test that fails before it closes leaves its copy until the unit and API tests end (Docker's /dev/shm is 64 MB by
 * default).
 */
const MIN_FREE_BYTES = 4 * 1024 ** 3;

/**
 * A directory for the tests' scratch files.
 * @param candidate the RAM file system to try (default `/dev/shm`)
 * @returns `candidate` when it is a tmpfs the process may write with at least 4 GiB free, else `os.tmpdir()`
 */
export function scratchRoot(candidate = '/dev/shm') {
  try {
    const fs = statfsSync(candidate);
    if (fs.type !== TMPFS_MAGIC || fs.bavail * fs.bsize < MIN_FREE_BYTES) return os.tmpdir();
    accessSync(candidate, constants.W_OK);
    return candidate;
  } catch {
    return os.tmpdir();
  }
}
