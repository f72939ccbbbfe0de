/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Request {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    /** Called for every answer with its status, body, the client's context and headers (lower-case names). */
    onResponse?: (status: number, body: unknown, context: unknown, headers: Record<string, string>) => void;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Total requests to send (instead of `duration`). */
    amount?: number;
    /** Seconds before a request counts as timed out (default 10). */
    timeout?: number;
    requests?: Request[];
    headers?: Record<string, string>;
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
