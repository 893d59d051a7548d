import { infra } from '../../testing/infra.ts';
import { openElasticsearchReadStore } from './elasticsearch-read-store.ts';
import { describeReadStoreContract } from './read-store.contract.ts';

describeReadStoreContract('Elasticsearch', () =>
  openElasticsearchReadStore({ url: infra.elasticsearchUrl, indexPrefix: 'nq-test' }),
);
