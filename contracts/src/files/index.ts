export * from './csv-extraction.ts';
export * from './csv-options.ts';
export * from './file-events.ts';
export * from './file-record.ts';
export * from './monthly-data.ts';
