/** An injectable clock (ms since epoch) so tests can move time: code expiry, reservations. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move forward: `clock.advance(5 * 60_000)`. */
export class ManualClock implements Clock {
  constructor(private t = Date.now()) {}
  now() {
    return new Date(this.t);
  }
  advance(ms: number) {
    this.t += ms;
  }
}
