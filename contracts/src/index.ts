export * from './analytics/index.ts';
export * from './configuration/index.ts';
export * from './errors/index.ts';
export * from './events/index.ts';
export * from './fleet/index.ts';
export * from './identity/index.ts';
export * from './input/index.ts';
export * from './measurements/index.ts';
