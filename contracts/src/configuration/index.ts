export * from './alert.ts';
export * from './campaign.ts';
export * from './cdn.ts';
export * from './cluster.ts';
export {
  inRange,
  isTimeZone,
  type TechnologyCode,
  technologyCode,
  technologyCodes,
  technologyLabels,
  timeZoneName,
} from './common.ts';
export * from './countries.ts';
export * from './csv-template.ts';
export * from './cube.ts';
export * from './date-ranges.ts';
export * from './geofilter.ts';
export * from './geojson.ts';
export * from './images.ts';
export * from './kinds.ts';
export * from './mos.ts';
export * from './personal-dashboard.ts';
export * from './polygon-measures.ts';
export * from './provider.ts';
export * from './regulatory-report.ts';
export * from './scorecard.ts';
export * from './tag.ts';
export * from './universe.ts';
