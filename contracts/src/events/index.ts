export * from './event-metadata.ts';
export * from './log-position.ts';
