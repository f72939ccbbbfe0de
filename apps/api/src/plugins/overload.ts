/**
 * The overload guards of every request: a cap on requests in progress (plugins/in-flight.ts) and
 * `@fastify/under-pressure` on the event-loop delay and the heap, both answering a Russian 503 with `Retry-After`.
 */
import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { getHeapStatistics } from 'node:v8';
import type { Config } from '../config.js';
import { ApiError, OVERLOAD_DETAIL } from '../lib/errors.js';
import inFlight, { neverShed } from './in-flight.js';

/** Seconds a client is asked to wait when the server is overloaded. */
export const OVERLOAD_RETRY_AFTER_S = 5;

/**
 * Under overload (event-loop delay or heap above `config.overload`, `@fastify/under-pressure`; or more requests in
 * progress than `maxInFlight`, plugins/in-flight.ts) a request is answered at once with a Russian 503 and
 * `Retry-After` instead of waiting in a queue.
 */
export async function registerOverload(app: FastifyInstance, config: Config) {
  const o = config.overload ?? { eventLoopDelayMs: 0, heapMb: 0 };
  await app.register(inFlight, { max: o.maxInFlight ?? 0, retryAfterS: OVERLOAD_RETRY_AFTER_S });
  const heapBytes =
    o.heapMb === undefined ? Math.floor(getHeapStatistics().heap_size_limit * 0.9) : o.heapMb * 1024 * 1024;
  if (!o.eventLoopDelayMs && !heapBytes) return;
  await app.register(underPressure, {
    maxEventLoopDelay: o.eventLoopDelayMs,
    maxHeapUsedBytes: heapBytes,
    sampleInterval: 500,
    retryAfter: OVERLOAD_RETRY_AFTER_S,
    // Static files are served whatever the pressure (plugins/in-flight.ts `neverShed`); anything else gets the
    // Russian 503 with Retry-After (plugins/errors.ts answers the ApiError).
    pressureHandler: async (req) => {
      if (neverShed(req.url)) return;
      throw new ApiError(503, { detail: OVERLOAD_DETAIL }, { 'retry-after': String(OVERLOAD_RETRY_AFTER_S) });
    },
  });
}
