export * from './enriched-measurement.ts';
export * from './kpis.ts';
export * from './measurement.ts';
export * from './measurement-detail.ts';
export * from './result-imports.ts';
export * from './test-analysis.ts';
