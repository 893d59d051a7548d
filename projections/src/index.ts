export * from './configuration-entities.ts';
export * from './projection.ts';
