// Reports: the scorecard report routes and job.
export { reportsManifest } from './manifest.ts';
export { scorecardReportJob } from './scorecard-report.job.ts';
export { scorecardReportRoutes } from './scorecard-report.routes.ts';
