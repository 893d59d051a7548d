/** Megabits per second (10^6 bits/s) of `bytes` moved in `ms`. */
export const megabitsPerSecond = (bytes: number, ms: number) => (bytes * 8) / (ms * 1000);

interface Reading {
  at: number;
  bytes: number;
}

/**
 * The bytes a transfer moved, read at instants: the ramp-up's end and the test's end bound the window whose
 * throughput is the result; readings in between give the throughput of each slice of the window, for percentiles.
 */
export class TransferWindow {
  private opening: Reading | undefined;
  private closing: Reading | undefined;
  private readonly slices: Reading[] = [];

  private readonly movedSoFar: () => number;

  /** `movedSoFar` reads the bytes the transfer has moved from its start. */
  constructor(movedSoFar: () => number) {
    this.movedSoFar = movedSoFar;
  }

  get bytes() {
    return this.movedSoFar();
  }

  /** The ramp-up is over: from now on, bytes count. */
  open() {
    this.opening = { at: performance.now(), bytes: this.bytes };
    this.slices.push(this.opening);
  }

  /** A reading inside the window (ignored outside it). */
  read() {
    if (this.opening && !this.closing) this.slices.push({ at: performance.now(), bytes: this.bytes });
  }

  close() {
    if (!this.opening || this.closing) return;
    this.closing = { at: performance.now(), bytes: this.bytes };
    this.slices.push(this.closing);
  }

  /** Bytes moved from the ramp-up's end to the test's end, over that time; undefined before both. */
  throughputMbps(): number | undefined {
    if (!this.opening || !this.closing || this.closing.at <= this.opening.at) return undefined;
    return megabitsPerSecond(this.closing.bytes - this.opening.bytes, this.closing.at - this.opening.at);
  }

  /** The throughput of each slice between consecutive readings of the window. */
  sliceThroughputsMbps(): number[] {
    return this.slices.slice(1).flatMap((reading, index) => {
      const previous = this.slices[index]!;
      return reading.at > previous.at
        ? [megabitsPerSecond(reading.bytes - previous.bytes, reading.at - previous.at)]
        : [];
    });
  }
}
