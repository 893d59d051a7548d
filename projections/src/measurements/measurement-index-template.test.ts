import { loadConfig } from '@nq/platform/config/config';
import { describe, expect, it } from 'vitest';
import { measurementIndexTemplate } from './measurement-index-template.ts';
import { elasticsearchMeasurementOptions } from './open-measurement-store.ts';

/** The template as the platform's measurement store puts it, from these variables. */
const templateFrom = (env: Record<string, string>) =>
  measurementIndexTemplate(
    'nq-measurements',
    elasticsearchMeasurementOptions(loadConfig({ PROFILE: 'distributed', ...env }).elasticsearch).indexSettings,
  );

describe('the measurement index template', () => {
  it('makes one primary shard and no replica by default, as one node needs', () => {
    const template = templateFrom({});
    expect(template.template?.settings).toEqual({ number_of_shards: 1, number_of_replicas: 0, refresh_interval: '1s' });
    expect(template.index_patterns).toEqual(['nq-measurements-*']);
    // Behind the alias only once its primary has started (the store adds it): never at creation, with no shard yet.
    expect(template.template?.aliases).toBeUndefined();
  });

  it('takes the shards and replicas of ELASTICSEARCH_SHARDS and ELASTICSEARCH_REPLICAS', () => {
    expect(templateFrom({ ELASTICSEARCH_SHARDS: '3', ELASTICSEARCH_REPLICAS: '1' }).template?.settings).toEqual({
      number_of_shards: 3,
      number_of_replicas: 1,
      refresh_interval: '1s',
    });
  });

  it('takes its primaries from ELASTICSEARCH_MEASUREMENT_SHARDS when set, apart from the read models', () => {
    const env = { ELASTICSEARCH_SHARDS: '3', ELASTICSEARCH_MEASUREMENT_SHARDS: '180', ELASTICSEARCH_REPLICAS: '1' };
    expect(templateFrom(env).template?.settings).toEqual({
      number_of_shards: 180,
      number_of_replicas: 1,
      refresh_interval: '1s',
    });
  });
});
