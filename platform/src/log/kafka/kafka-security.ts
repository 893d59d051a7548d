import { readFileSync } from 'node:fs';
import { AuthenticationError, type ConnectionOptions, type SASLMechanismValue } from '@platformatic/kafka';

export type KafkaSaslMechanism = 'scram-sha-256' | 'scram-sha-512' | 'plain';

/** How the platform's Kafka clients prove who they are and protect the connection (KAFKA_SASL_*, KAFKA_TLS*). */
export interface KafkaSecurity {
  sasl?: { mechanism: KafkaSaslMechanism; username: string; password: string };
  /** TLS to the brokers; `caFile` replaces the system's CAs (a private CA's PEM). */
  tls?: { caFile?: string };
}

const mechanisms: Record<KafkaSaslMechanism, SASLMechanismValue> = {
  'scram-sha-256': 'SCRAM-SHA-256',
  'scram-sha-512': 'SCRAM-SHA-512',
  plain: 'PLAIN',
};

/** The connection options every client (admin, producer, consumers) is created with. */
export function kafkaConnectionOptions({ sasl, tls }: KafkaSecurity): Pick<ConnectionOptions, 'sasl' | 'tls'> {
  return {
    ...(tls ? { tls: tls.caFile ? { ca: readFileSync(tls.caFile, 'utf8') } : {} } : {}),
    ...(sasl
      ? { sasl: { mechanism: mechanisms[sasl.mechanism], username: sasl.username, password: sasl.password } }
      : {}),
  };
}

/** Node's codes for a server certificate it does not trust (unknown CA, wrong name, expired). */
const untrustedCertificate =
  /^(SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_|CERT_|ERR_TLS_CERT_ALTNAME_INVALID)/;

function* causes(error: unknown): Generator<Error & { code?: unknown }> {
  if (!(error instanceof Error)) return;
  yield error;
  for (const inner of (error as { errors?: unknown[] }).errors ?? []) yield* causes(inner);
  yield* causes(error.cause);
}

/**
 * Why the brokers refused this client, when it is its credentials or TLS settings, said in the variables' terms. The
 * library reports such a refusal as "Cannot connect to any broker", like a broker down; it never comes right by
 * retrying, so it is told apart.
 */
export function kafkaRefusal(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    if (cause.code === AuthenticationError.code)
      return 'SASL authentication failed: check KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD';
    if (typeof cause.code === 'string' && untrustedCertificate.test(cause.code))
      return `the broker's TLS certificate is not trusted (${cause.message}): check KAFKA_TLS_CA_FILE`;
    if (/TLS handshake failed/.test(cause.message))
      return 'the TLS handshake failed: check that the listener of KAFKA_BROKERS speaks TLS (KAFKA_TLS)';
  }
  return undefined;
}

/** The brokers refused this client's credentials or TLS settings: a configuration error, not an outage. */
export class KafkaRefusedError extends Error {
  constructor(reason: string, options: { cause: unknown }) {
    super(`Kafka refused the connection: ${reason}`, options);
    this.name = 'KafkaRefusedError';
  }
}
