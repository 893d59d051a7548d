export * from './forbidden-characters.ts';
