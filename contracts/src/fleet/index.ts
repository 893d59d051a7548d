export * from './backend-info.ts';
export * from './launch.ts';
export * from './probe.ts';
export * from './probe-families.ts';
export * from './task-limits.ts';
export * from './task-rules.ts';
export * from './task-suite.ts';
export * from './tasks.ts';
