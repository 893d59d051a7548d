// Ingest: enrichment of raw measurements, the ingest worker and batch, local time, the stored ISP ids task.

export { enrichment } from './enrichment.ts';
export { ingestWorker, startIngestWorker } from './ingest.worker.ts';
export { enrichedMessage, type Indexed, ingestBatch } from './ingest-batch.ts';
export { localTimeOf } from './local-time.ts';
export { ingestManifest } from './manifest.ts';
export { storedIspIdsTask } from './stored-isp-ids.ts';
