import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { alertsManifest } from '../features/alerts/index.ts';
import { backupsManifest } from '../features/backups/index.ts';
import { campaignsManifest } from '../features/campaigns/index.ts';
import { cdnsManifest } from '../features/cdns/index.ts';
import { changeMarkersManifest } from '../features/change-markers/index.ts';
import { clustersManifest } from '../features/clusters/index.ts';
import { csvExtractionManifest } from '../features/csv-extraction/index.ts';
import { csvTemplatesManifest } from '../features/csv-templates/index.ts';
import { cubesManifest } from '../features/cubes/index.ts';
import { filesManifest } from '../features/files/index.ts';
import { gatewayManifest } from '../features/gateway/index.ts';
import { geofiltersManifest } from '../features/geofilters/index.ts';
import { identityManifest } from '../features/identity/index.ts';
import { ingestManifest } from '../features/ingest/index.ts';
import { launcherManifest } from '../features/launcher/index.ts';
import { measurementRetentionManifest } from '../features/measurement-retention/index.ts';
import { measurementsApiManifest } from '../features/measurements-api/index.ts';
import { monthlyDataManifest } from '../features/monthly-data/index.ts';
import { mosesManifest } from '../features/moses/index.ts';
import { personalDashboardsManifest } from '../features/personal-dashboards/index.ts';
import { probeStatusManifest } from '../features/probe-status/index.ts';
import { probesManifest } from '../features/probes/index.ts';
import { profilesManifest } from '../features/profiles/index.ts';
import { providersManifest } from '../features/providers/index.ts';
import { pushManifest } from '../features/push/index.ts';
import { regulatoryReportsManifest } from '../features/regulatory-reports/index.ts';
import { reportsManifest } from '../features/reports/index.ts';
import { resultImportsManifest } from '../features/result-imports/index.ts';
import { scorecardsManifest } from '../features/scorecards/index.ts';
import { smartPerformanceManifest } from '../features/smart-performance/index.ts';
import { storyboardManifest } from '../features/storyboard/index.ts';
import { tagsManifest } from '../features/tags/index.ts';
import { taskSuitesManifest } from '../features/task-suites/index.ts';
import { universesManifest } from '../features/universes/index.ts';
import { usersManifest } from '../features/users/index.ts';

/**
 * Every feature of the platform, by its manifest: what each brings (entities, read models, tables, workers, jobs,
 * routes) is declared there, and everything the processes run is derived from this list. Adding a feature adds its
 * line here. The order is the order entities and routes are served in (the OpenAPI document follows it), and the
 * order workers start and /ready lists them: along the pipeline (probe status, ingest, then the cubes it feeds).
 */
export const features: readonly FeatureManifest[] = [
  tagsManifest,
  providersManifest,
  cdnsManifest,
  taskSuitesManifest,
  campaignsManifest,
  geofiltersManifest,
  clustersManifest,
  universesManifest,
  mosesManifest,
  scorecardsManifest,
  probesManifest,
  profilesManifest,
  usersManifest,
  csvTemplatesManifest,
  alertsManifest,
  personalDashboardsManifest,
  identityManifest,
  gatewayManifest,
  launcherManifest,
  probeStatusManifest,
  ingestManifest,
  cubesManifest,
  filesManifest,
  measurementRetentionManifest,
  backupsManifest,
  measurementsApiManifest,
  smartPerformanceManifest,
  storyboardManifest,
  changeMarkersManifest,
  csvExtractionManifest,
  monthlyDataManifest,
  reportsManifest,
  regulatoryReportsManifest,
  resultImportsManifest,
  pushManifest,
];
