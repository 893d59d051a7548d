export * from './configuration-entities.ts';
export * from './polygon-history.ts';
export * from './projection.ts';
