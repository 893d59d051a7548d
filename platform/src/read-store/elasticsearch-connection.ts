import { readFileSync } from 'node:fs';
import { type ClientOptions, errors, SniffingTransport } from '@elastic/elasticsearch';
import { Circuit } from '../health/circuit.ts';
import { processLog } from '../logging/process-log.ts';

/** Where the cluster is and how the platform signs in to it (ELASTICSEARCH_URL, _API_KEY or _USERNAME/_PASSWORD). */
export interface ElasticsearchConnection {
  url: string;
  auth?: { apiKey: string } | { username: string; password: string };
  /** A private CA's PEM the cluster's certificate is verified against, instead of the system's CAs. */
  caFile?: string;
  /** How long a request waits for an answer (ELASTICSEARCH_REQUEST_TIMEOUT_MS; the client's 30 s when not given). */
  requestTimeoutMs?: number;
  /** How long its circuit, once open, refuses requests before one tries again (DEPENDENCY_CIRCUIT_OPEN_SECONDS). */
  circuitOpenMs?: number;
}

/**
 * One circuit per cluster, shared by every client of this process (read models, measurements, analytics): once
 * requests in a row went unanswered within their timeout, the others are refused at once for a few seconds rather
 * than each waiting out its own (a slow cluster would otherwise hold every analyst's request). Errors the cluster
 * answers with (a 503 of a shard still starting, a refused query) are answers, not failures.
 */
const circuits = new Map<string, Circuit>();
export const elasticsearchCircuit = (url: string, openMs?: number) => {
  let circuit = circuits.get(url);
  if (!circuit) {
    circuit = new Circuit('read-store', {
      ...(openMs ? { openMs } : {}),
      onChange: (state) =>
        state === 'open'
          ? processLog().warn(`Elasticsearch did not answer in time: its requests are refused for a few seconds`)
          : processLog().info('Elasticsearch answers again: its requests go through'),
    });
    circuits.set(url, circuit);
  }
  return circuit;
};

/** The client's transport (with its sniffing), each request through the cluster's circuit. */
const transportThrough = (circuit: Circuit) =>
  class CircuitTransport extends SniffingTransport {
    // biome-ignore lint/suspicious/noExplicitAny: the transport's overloads, passed through as they are.
    override request(params: any, options?: any): Promise<any> {
      return circuit.run(
        () => super.request(params, options),
        (error) => error instanceof errors.TimeoutError,
      );
    }
  };

/** The options every Elasticsearch client of the platform is created with (read models and measurements). */
export const elasticsearchClientOptions = ({
  url,
  auth,
  caFile,
  requestTimeoutMs,
  circuitOpenMs,
}: ElasticsearchConnection): ClientOptions => ({
  node: url,
  Transport: transportThrough(elasticsearchCircuit(url, circuitOpenMs)),
  ...(requestTimeoutMs ? { requestTimeout: requestTimeoutMs } : {}),
  ...(auth ? { auth } : {}),
  ...(caFile ? { tls: { ca: readFileSync(caFile, 'utf8') } } : {}),
});
