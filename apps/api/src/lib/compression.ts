/**
 * Compression of answers: the encodings the API speaks and how hard each kind of answer
 * is compressed.
 *
 * Levels, measured on this machine's 2 cores:
 * - **per request** (@fastify/compress on every JSON answer): gzip level 3 and brotli
 *   quality 2 — on a 51 KB statistics answer zlib's default 6 cost 0.55 ms of CPU, level 4 0.26 ms and level 3
 *   0.17 ms (10.5 → 10.9 KB); brotli quality 4 (the plugin's default) 0.44 ms, quality 2 0.18 ms for 3 % more bytes;
 * - **once per cached answer** (plugins/public-cache.ts `GRADES`): brotli 1 / gzip 3 for an answer's first copy —
 *   most pages are rendered for one visitor and dropped from the 3-second cache unread, so that cost is paid per
 *   render — and brotli 5 / gzip 6 once the answer is sent again (a hot page, compressed once for many visitors).
 */
import { constants as zlib, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

/** The encodings answers are compressed with, preferred first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Bodies smaller than this are sent uncompressed (bytes). */
export const COMPRESS_FROM_BYTES = 1024;

/** gzip options of answers compressed per request. */
export const PER_REQUEST_GZIP: ZlibOptions = { level: 3 };
/** Brotli options of answers compressed per request. */
export const PER_REQUEST_BROTLI: BrotliOptions = { params: { [zlib.BROTLI_PARAM_QUALITY]: 2 } };

/** The encoding of the answer to `req`, or null to send it as it is (by `Accept-Encoding`, {@link ENCODINGS}). */
export function encodingFor(req: FastifyRequest): Encoding | null {
  const accepted = req.headers['accept-encoding'];
  return accepted ? (negotiate(accepted, ENCODINGS as unknown as string[]) as Encoding | null) : null;
}
