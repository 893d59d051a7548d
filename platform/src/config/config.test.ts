import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from './config.ts';

const problemsOf = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
};

describe('configuration', () => {
  it('defaults to the embedded profile, whose adapters need no external server', () => {
    const config = loadConfig({});
    expect(config.profile).toBe('embedded');
    expect(config.adapters).toEqual({
      eventStore: 'pglite',
      log: 'embedded',
      readStore: 'sql',
      jobs: 'embedded',
      mail: 'outbox',
      ephemeralStore: 'memory',
    });
    expect(config.http.port).toBe(8080);
  });

  it('chooses the real servers in the distributed profile and lets one adapter be overridden', () => {
    const config = loadConfig({ PROFILE: 'distributed', MAIL_ADAPTER: 'outbox', KAFKA_BROKERS: 'a:9092, b:9093' });
    expect(config.adapters).toEqual({
      eventStore: 'postgresql',
      log: 'kafka',
      readStore: 'elasticsearch',
      jobs: 'bullmq',
      mail: 'outbox',
      ephemeralStore: 'redis',
    });
    expect(config.kafka.brokers).toEqual(['a:9092', 'b:9093']);
  });

  it('waits 5 s for a read of its own writes unless told otherwise, between 0.1 and 120 s', () => {
    expect(loadConfig({}).readYourWritesMs).toBe(5_000);
    expect(loadConfig({ READ_YOUR_WRITES_TIMEOUT_MS: '30000' }).readYourWritesMs).toBe(30_000);
    expect(problemsOf({ READ_YOUR_WRITES_TIMEOUT_MS: '50' })).toEqual([
      expect.stringMatching(/^READ_YOUR_WRITES_TIMEOUT_MS \(got '50'\)/),
    ]);
  });

  it('waits 10 s for a probe ingest does not know unless told otherwise, between 0.1 and 300 s', () => {
    expect(loadConfig({}).ingest.unknownProbeWaitMs).toBe(10_000);
    expect(loadConfig({ INGEST_UNKNOWN_PROBE_WAIT_MS: '200' }).ingest.unknownProbeWaitMs).toBe(200);
    expect(problemsOf({ INGEST_UNKNOWN_PROBE_WAIT_MS: '50' })).toEqual([
      expect.stringMatching(/^INGEST_UNKNOWN_PROBE_WAIT_MS \(got '50'\)/),
    ]);
  });

  it("still takes the embedded jobs adapter's former name", () => {
    expect(loadConfig({ JOBS_ADAPTER: 'in-process' }).adapters.jobs).toBe('embedded');
    expect(loadConfig({ PROFILE: 'distributed', JOBS_ADAPTER: 'embedded' }).adapters.jobs).toBe('embedded');
  });

  it('refuses an unknown profile, naming the variable and the allowed values', () => {
    expect(problemsOf({ PROFILE: 'foo' })).toEqual(["PROFILE (got 'foo'): must be one of embedded, distributed"]);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({
      DATABASE_URL: 'not a url',
      PORT: '70000',
      KAFKA_BROKERS: 'localhost',
      LOG_ADAPTER: 'rabbit',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/^DATABASE_URL \(got 'not a url'\): must be a postgres or postgresql URL$/m);
    expect(problems.join('\n')).toMatch(/^PORT \(got '70000'\)/m);
    expect(problems.join('\n')).toMatch(/^KAFKA_BROKERS .*host:port/m);
    expect(problems.join('\n')).toMatch(/^LOG_ADAPTER .*kafka, embedded/m);
  });

  it('reads an optional JSON file that the environment overrides, and refuses unknown keys in it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nq-config-'));
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ PROFILE: 'distributed', PORT: 9000 }));
    expect(loadConfig({ CONFIG_FILE: file, PORT: '9100' })).toMatchObject({
      profile: 'distributed',
      http: { port: 9100 },
    });
    writeFileSync(file, JSON.stringify({ PROFILE: 'distributed', KAFKA: 'x' }));
    expect(problemsOf({ CONFIG_FILE: file })[0]).toMatch(/^CONFIG_FILE: unknown variable\(s\) KAFKA/);
    expect(problemsOf({ CONFIG_FILE: join(dir, 'missing.json') })[0]).toMatch(/^CONFIG_FILE: cannot read/);
  });

  it('requires a long secret key when one is given and masks it and URL passwords when described', () => {
    expect(problemsOf({ SECRET_KEY: 'short' })[0]).toMatch(/^SECRET_KEY: .*at least 32/);
    const described = describeConfig(
      loadConfig({ SECRET_KEY: 'x'.repeat(40), DATABASE_URL: 'postgresql://app:hunter2@db:5432/nq' }),
    );
    expect(JSON.stringify(described)).not.toContain('hunter2');
    expect(JSON.stringify(described)).not.toContain('x'.repeat(40));
  });

  it('refuses a short secret or a malformed URL without showing the secret or the password', () => {
    const problems = problemsOf({ SECRET_KEY: 'hunter2-short', DATABASE_URL: 'mysql://app:hunter2@db/nq' });
    expect(problems).toEqual([
      expect.stringMatching(/^DATABASE_URL \(got 'mysql:\/\/app:\*\*\*@db\/nq'\)/),
      expect.stringMatching(/^SECRET_KEY: must be at least 32/),
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('takes a Redis behind sentinels, and refuses a Sentinel URL without a primary name or with a bad address', () => {
    const url = 'redis-sentinel://:hunter2@sentinel-0:26379,sentinel-1:26379/nq';
    expect(loadConfig({ REDIS_URL: url }).redis.url).toBe(url);
    expect(JSON.stringify(describeConfig(loadConfig({ REDIS_URL: url })))).not.toContain('hunter2');
    for (const wrong of ['redis-sentinel://sentinel-0:26379', 'redis-sentinel://sentinel-0/nq', 'http://redis:6379'])
      expect(problemsOf({ REDIS_URL: wrong })).toEqual([expect.stringMatching(/^REDIS_URL .*redis-sentinel:\/\//)]);
  });

  it('reads a variable from the file its _FILE variable names, as Kubernetes mounts a secret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nq-secret-files-'));
    const secretKey = 's'.repeat(40);
    writeFileSync(join(dir, 'secret-key'), `${secretKey}\n`);
    writeFileSync(join(dir, 'database-url'), 'postgresql://app:hunter2@db:5432/nq');
    const config = loadConfig({
      SECRET_KEY_FILE: join(dir, 'secret-key'),
      DATABASE_URL_FILE: join(dir, 'database-url'),
    });
    expect(config.secretKey).toBe(secretKey);
    expect(JSON.stringify(describeConfig(config))).not.toContain('hunter2');
    expect(problemsOf({ SECRET_KEY: secretKey, SECRET_KEY_FILE: join(dir, 'secret-key') })).toEqual([
      'SECRET_KEY_FILE: SECRET_KEY is set too; give one of them',
    ]);
    expect(problemsOf({ METRICS_TOKEN_FILE: join(dir, 'absent') })).toEqual([
      `METRICS_TOKEN_FILE: cannot read '${join(dir, 'absent')}' (ENOENT)`,
    ]);
    writeFileSync(join(dir, 'short'), 'hunter2');
    const short = problemsOf({ SECRET_KEY_FILE: join(dir, 'short') });
    expect(short).toEqual([expect.stringMatching(/^SECRET_KEY: must be at least 32/)]);
    expect(short.join('\n')).not.toContain('hunter2');
  });

  it("refuses the deployment's placeholder secrets in production, naming each variable and not its value", () => {
    const placeholder = 'change-me-to-at-least-32-random-characters';
    const problems = problemsOf({
      NODE_ENV: 'production',
      SECRET_KEY: placeholder,
      DATABASE_URL: 'postgresql://nq:change-me@postgres:5432/nq',
    });
    expect([...problems].sort()).toEqual([
      expect.stringMatching(/^DATABASE_URL: still holds the deployment's placeholder/),
      expect.stringMatching(/^SECRET_KEY: still holds the deployment's placeholder/),
    ]);
    expect(problems.join('\n')).not.toContain(placeholder);
    expect(loadConfig({ SECRET_KEY: placeholder }).secretKey).toBe(placeholder);
  });

  it('masks the metrics token and a password given without a user name (Redis) when described', () => {
    const described = JSON.stringify(
      describeConfig(
        loadConfig({
          PROFILE: 'distributed',
          METRICS_TOKEN: 'metrics-token-'.repeat(3),
          REDIS_URL: 'redis://:s3cret-pass@cache:6379/0',
        }),
      ),
    );
    expect(described).not.toContain('metrics-token-');
    expect(described).not.toContain('s3cret-pass');
    expect(described).toContain('redis://:***@cache:6379/0');
  });
});
