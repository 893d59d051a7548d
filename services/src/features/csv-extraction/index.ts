// CSV extraction: its routes and the job that writes an extraction.

export { csvExtractionJob, csvExtractionKind } from './csv-extraction.job.ts';
export { csvExtractionRoutes } from './csv-extraction.routes.ts';
export { csvExtractionManifest } from './manifest.ts';
