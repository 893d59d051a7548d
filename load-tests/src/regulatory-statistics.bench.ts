/**
 * Target: a regulatory report's bootstrap over a national panel in well under 5 s on one core. A provider's panel of
 * `BENCH_PROBES` (5,000) probes × `BENCH_MEASUREMENTS` (100) speeds, `BENCH_RESAMPLES` (1,000) resamples: prints the
 * time to prepare the panel (one sort of every measurement) and, per statistic, the bootstrap's time and interval,
 * then a comparison of two such providers. No test times it: the unit tests check the results only.
 *   node load-tests/src/regulatory-statistics.bench.ts
 */
import {
  bootstrapDifference,
  panelInterval,
  probePanel,
  type Statistic,
  seededRandom,
} from '@nq/services/features/regulatory-reports/statistics/index';

const probes = Number(process.env.BENCH_PROBES ?? 5000);
const measurements = Number(process.env.BENCH_MEASUREMENTS ?? 100);
const resamples = Number(process.env.BENCH_RESAMPLES ?? 1000);
const options = { resamples, seed: 2024 };

/** Speeds in Mbit/s: each probe's level about `centre`, its measurements about its level (normal, Box–Muller). */
function panelOf(centre: number, seed: number): number[][] {
  const random = seededRandom(seed);
  const uniform = () => (random.index(2 ** 32) + 0.5) / 2 ** 32;
  const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return Array.from({ length: probes }, () => {
    const level = centre + 20 * normal();
    return Array.from({ length: measurements }, () => Math.max(0.1, level + 15 * normal()));
  });
}

const timed = <T>(run: () => T): [T, number] => {
  const started = performance.now();
  const result = run();
  return [result, performance.now() - started];
};

const first = panelOf(100, 1);
const second = panelOf(97, 2);
const [panel, preparing] = timed(() => probePanel(first));
console.info(
  `regulatory statistics: ${probes} probes × ${measurements} measurements, ${resamples} resamples; ` +
    `panel prepared in ${preparing.toFixed(0)} ms`,
);
const statistics: [string, Statistic][] = [
  ['median', { kind: 'quantile', p: 0.5 }],
  ['10th percentile', { kind: 'quantile', p: 0.1 }],
  ['95th percentile', { kind: 'quantile', p: 0.95 }],
  ['mean', { kind: 'mean' }],
  ['share ≥ 100', { kind: 'shareAtLeast', threshold: 100 }],
  ['80/80 consistent speed', { kind: 'consistentSpeed' }],
];
for (const [name, statistic] of statistics) {
  const [interval, took] = timed(() => panelInterval(panel, statistic, options)!);
  console.info(`  ${name}: [${interval.low.toFixed(3)}, ${interval.high.toFixed(3)}] in ${took.toFixed(0)} ms`);
}
const [difference, comparing] = timed(() => bootstrapDifference(first, second, { kind: 'quantile', p: 0.5 }, options)!);
console.info(
  `  median difference of two providers (both panels prepared, then compared): ${difference.difference.toFixed(3)} ` +
    `[${difference.low.toFixed(3)}, ${difference.high.toFixed(3)}], differs ${difference.differs}, ` +
    `in ${comparing.toFixed(0)} ms`,
);
