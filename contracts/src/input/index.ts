export * from './forbidden-characters.ts';
export * from './spreadsheet-safe.ts';
