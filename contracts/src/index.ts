export * from './errors/index.ts';
export * from './events/index.ts';
