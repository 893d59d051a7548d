import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

// A report's bootstrap draws from a seeded generator so that the same data and seed give the same intervals on every
// machine and every run: xoroshiro128+ (Blackman and Vigna) from pure-rand, whose integers are drawn without modulo
// bias. The sequence is fixed by pure-rand's version, pinned in package.json.

/** A stream of uniform random integers, reproducible from its seed. */
export interface SeededRandom {
  /** A uniform integer from 0 to size − 1. */
  index(size: number): number;
}

/** A generator seeded with an integer from 0 to 2^32 − 1. */
export function seededRandom(seed: number): SeededRandom {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffff_ffff) {
    throw new RangeError(`A seed is an integer from 0 to 2^32 − 1, not ${seed}`);
  }
  const generator = xoroshiro128plus(seed);
  return {
    index(size) {
      if (!(size >= 1 && size <= 2 ** 32)) throw new RangeError(`Draws are among 1 to 2^32 items, not ${size}`);
      return uniformInt(generator, 0, size - 1);
    },
  };
}
