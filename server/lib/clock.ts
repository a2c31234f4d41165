/** The time source of the server; tests inject a controllable one instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to, for tests. */
export class ManualClock implements Clock {
  #now: number;
  constructor(start: Date | string = '2026-01-15T09:00:00.000Z') {
    this.#now = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#now);
  }
  set(to: Date | string): void {
    this.#now = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.#now += ms;
  }
}
