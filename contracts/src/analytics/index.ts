export * from './query-ir.ts';
export * from './query-result.ts';
export * from './scorecard-calculation.ts';
export * from './wall-clock.ts';
