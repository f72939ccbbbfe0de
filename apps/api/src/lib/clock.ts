/** An injectable clock (ms since epoch) so tests can move time: code expiry, reservations, jobs. */
export interface Clock {
  now(): Date;
}

/** A clock that can be moved forward: tests, and `POST /v1/dev/clock/` outside production. */
export interface AdjustableClock extends Clock {
  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void;
}

export const systemClock: Clock = { now: () => new Date() };

/** Whether a clock can be moved (the dev clock endpoint answers 404 otherwise). */
export const isAdjustable = (c: Clock): c is AdjustableClock => typeof (c as AdjustableClock).advance === 'function';

/** A clock tests can move forward: `clock.advance(5 * 60_000)`. Stands still otherwise. */
export class ManualClock implements AdjustableClock {
  constructor(private t = Date.now()) {}
  now() {
    return new Date(this.t);
  }
  advance(ms: number) {
    this.t += ms;
  }
}

/**
 * Real time plus an offset that only grows: the development server's clock (`POST /v1/dev/clock/`). The offset is
 * kept in the database (lib/installation-settings.ts `serverClock`), so it survives a restart.
 */
export class OffsetClock implements AdjustableClock {
  /** @param offset milliseconds ahead of real time */
  constructor(private offset = 0) {}
  now() {
    return new Date(Date.now() + this.offset);
  }
  advance(ms: number) {
    this.offset += ms;
  }
  /** Sets the offset (ms ahead of real time) to the stored total, when it is ahead of this one. */
  catchUp(offsetMs: number) {
    this.offset = Math.max(this.offset, offsetMs);
  }
}
