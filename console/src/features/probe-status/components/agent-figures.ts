import type { Language } from '@nq/contracts/errors/index';

/** Beyond this offset (either way) a probe's clock skews the times of its measurements enough to matter. */
export const CLOCK_OFFSET_LIMIT_MS = 2_000;

export const clockIsOff = (offsetMs: number) => Math.abs(offsetMs) > CLOCK_OFFSET_LIMIT_MS;

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** How long ago an instant was, in the largest unit that fits ("5 minutes ago", "hace 2 días"). */
export function timeAgo(instant: string, now: number, language: Language) {
  // A browser clock a little behind the platform's would put a contact just made in the future.
  let amount = Math.max(0, (now - Date.parse(instant)) / 1_000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of steps) {
    if (amount < size) return format.format(-Math.floor(amount), unit);
    amount /= size;
  }
  return '';
}

/** A clock offset with its sign, in ms below a second and in seconds above ("+35 ms", "−2.5 s"). */
export function formatOffset(offsetMs: number, language: Language) {
  const seconds = Math.abs(offsetMs) >= 1_000;
  const value = new Intl.NumberFormat(language, {
    signDisplay: 'exceptZero',
    maximumFractionDigits: seconds ? 1 : 0,
  }).format(seconds ? offsetMs / 1_000 : offsetMs);
  return `${value} ${seconds ? 's' : 'ms'}`;
}

export const formatCount = (count: number, language: Language) => new Intl.NumberFormat(language).format(count);
