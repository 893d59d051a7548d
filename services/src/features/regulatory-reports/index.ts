// Regulatory reports: a report definition (its population, period, statistics and publication rules), its figures
// with confidence intervals and sample sizes, their PDF and CSV, reproducible from the version and instant they name.

export { regulatoryReportsManifest } from './manifest.ts';
export { regulatoryReportConfiguration, regulatoryReportEntity } from './regulatory-report.entity.ts';
