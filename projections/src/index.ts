export * from './campaign-polygons/campaign-polygons.ts';
export * from './campaign-polygons/polygon-history.ts';
export * from './configuration/configuration-entities.ts';
export * from './probe-status/probe-status-reports.ts';
