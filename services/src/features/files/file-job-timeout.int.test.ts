import { randomUUID } from 'node:crypto';
import { infra } from '@nq/platform/testing/infra';
import { describeFileJobTimeout } from './file-job-timeout.suite.ts';

describeFileJobTimeout('BullMQ on Redis', async () => ({
  JOBS_ADAPTER: 'bullmq',
  REDIS_URL: infra.redisUrl,
  ELASTICSEARCH_INDEX_PREFIX: `nq_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
}));
