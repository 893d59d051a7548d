export * from './tag.ts';
