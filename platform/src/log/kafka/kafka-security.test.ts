import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthenticationError, MultipleErrors, NetworkError } from '@platformatic/kafka';
import { describe, expect, it } from 'vitest';
import { kafkaConnectionOptions, kafkaRefusal } from './kafka-security.ts';

const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

describe('Kafka connection options', () => {
  it('are none for a plain listener', () => {
    expect(kafkaConnectionOptions({})).toEqual({});
  });

  it("name the library's SASL mechanism and carry the credentials", () => {
    const sasl = { username: 'nq', password: 'secret' };
    expect(kafkaConnectionOptions({ sasl: { mechanism: 'scram-sha-512', ...sasl } })).toEqual({
      sasl: { mechanism: 'SCRAM-SHA-512', ...sasl },
    });
    expect(kafkaConnectionOptions({ sasl: { mechanism: 'scram-sha-256', ...sasl } }).sasl?.mechanism).toBe(
      'SCRAM-SHA-256',
    );
    expect(kafkaConnectionOptions({ sasl: { mechanism: 'plain', ...sasl } }).sasl?.mechanism).toBe('PLAIN');
  });

  it("use TLS with the system's CAs, or only the CA file's when one is given", () => {
    expect(kafkaConnectionOptions({ tls: {} })).toEqual({ tls: {} });
    const caFile = join(mkdtempSync(join(tmpdir(), 'nq-kafka-ca-')), 'ca.pem');
    writeFileSync(caFile, pem);
    expect(kafkaConnectionOptions({ tls: { caFile } })).toEqual({ tls: { ca: pem } });
  });
});

describe('a refusal of the Kafka connection', () => {
  const unreachable = (cause: Error) =>
    new MultipleErrors('Cannot connect to any broker.', [
      new NetworkError('Connection to 127.0.0.1:9094 failed.', { cause }),
    ]);

  it('is told as a credentials problem when SASL authentication failed', () => {
    expect(kafkaRefusal(unreachable(new AuthenticationError('SASL authentication failed.')))).toBe(
      'SASL authentication failed: check KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD',
    );
  });

  it('is told as a CA problem when the certificate is not trusted', () => {
    const untrusted = Object.assign(new Error('self-signed certificate in certificate chain'), {
      code: 'SELF_SIGNED_CERT_IN_CHAIN',
    });
    expect(kafkaRefusal(unreachable(untrusted))).toBe(
      "the broker's TLS certificate is not trusted (self-signed certificate in certificate chain): check KAFKA_TLS_CA_FILE",
    );
  });

  it('is not one when the broker is only down', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9094'), { code: 'ECONNREFUSED' });
    expect(kafkaRefusal(unreachable(refused))).toBeUndefined();
    expect(kafkaRefusal('not an error')).toBeUndefined();
  });
});
