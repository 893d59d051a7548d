export * from './audit.ts';
export * from './entity-events.ts';
export * from './event-metadata.ts';
export * from './log-position.ts';
