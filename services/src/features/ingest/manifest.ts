import type { FeatureManifest } from '@nq/platform/feature-manifest';
import { ingestWorker } from './ingest.worker.ts';
import { storedIspIdsTask } from './stored-isp-ids.ts';

/** Ingest: results from `measurements.raw`, enriched, stored once and passed on to `measurements.enriched`. */
export const ingestManifest: FeatureManifest = { name: 'ingest', workers: [ingestWorker, storedIspIdsTask] };
