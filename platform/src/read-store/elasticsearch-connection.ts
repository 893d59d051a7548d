import { readFileSync } from 'node:fs';
import type { ClientOptions } from '@elastic/elasticsearch';

/** Where the cluster is and how the platform signs in to it (ELASTICSEARCH_URL, _API_KEY or _USERNAME/_PASSWORD). */
export interface ElasticsearchConnection {
  url: string;
  auth?: { apiKey: string } | { username: string; password: string };
  /** A private CA's PEM the cluster's certificate is verified against, instead of the system's CAs. */
  caFile?: string;
}

/** The options every Elasticsearch client of the platform is created with (read models and measurements). */
export const elasticsearchClientOptions = ({ url, auth, caFile }: ElasticsearchConnection): ClientOptions => ({
  node: url,
  ...(auth ? { auth } : {}),
  ...(caFile ? { tls: { ca: readFileSync(caFile, 'utf8') } } : {}),
});
