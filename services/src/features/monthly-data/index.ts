// Monthly data: its routes and the job that builds a month's file.
export { monthlyDataManifest } from './manifest.ts';
export { monthlyDataJob } from './monthly-data.job.ts';
export { monthlyDataRoutes } from './monthly-data.routes.ts';
