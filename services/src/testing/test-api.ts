import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ConfigurationKind, layerIds, type ProfileFields } from '@nq/contracts';
import { loadConfig } from '@nq/platform/config/config';
import { servicesOf } from '@nq/platform/entities/entity-catalog';
import { openPlatform, type PlatformJob, workerProcesses } from '@nq/platform/platform';
import { startProjecting } from '@nq/platform/projector-lease';
import { sleep } from '@nq/platform/testing/wait-for';
import { buildApi } from '../api/app.ts';
import { platformRuns } from '../composition/platform-runs.ts';
import { loadDemoData } from '../demo/load-demo.ts';
import type { Identity } from '../features/identity/open-identity.ts';
import { credentialSecret, newCredentialId } from '../features/identity/signing-secrets.ts';
import { platformErrorLog } from './platform-errors.ts';
import { type Credentials, type SignedClient, signedClient } from './signed-client.ts';

export const everyLayer = layerIds.map((id) => ({ id, groups: [] }));

/**
 * An API on the embedded profile (unless `env` says otherwise) with an in-memory database and a throwaway console
 * build. `app` calls it signed in as an isGod administrator with every screen (profile `test-admin`); `as(profileId)`
 * signs in under another profile, created on first use with every screen unless `fields` say otherwise. With
 * `demoData`, the store starts with the demo configuration `npm start` loads (its logins' users and profiles too).
 */
export async function openTestApi(
  env: NodeJS.ProcessEnv = {},
  /**
   * `jobs`: job kinds only the test declares, beside the platform's. `projector: false`: an API process whose read
   * models another process projects (one projector per read model: two would each apply events to the document
   * as they last read it).
   */
  options: { demoData?: boolean; jobs?: readonly PlatformJob[]; projector?: boolean | 'lease' } = {},
) {
  const consoleDir = mkdtempSync(join(tmpdir(), 'nq-console-'));
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
  const config = loadConfig({
    CONSOLE_DIR: consoleDir,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'nq-data-')),
    // Errors only, kept for the failing test to show (platform-errors.ts); TEST_LOG_LEVEL prints them instead.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
    ...(process.env.TEST_LOG_LEVEL ? {} : { LOG_FORMAT: 'json' }),
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    // Hundreds of logins and password changes: scrypt at 2^12 (a few ms) instead of production's 2^17 (0.6 s each).
    // passwords.test.ts and config.test.ts keep the default's cost.
    PASSWORD_HASH_COST: '12',
    // A busy test machine's projector can be further behind than production's 5 s (two test files, their servers and
    // Chromium share 2 cores): a read of one's own writes waits longer rather than answering 503.
    READ_YOUR_WRITES_TIMEOUT_MS: '30000',
    // The same for ingest, which dead-letters the results of a probe its read models have not shown within the wait.
    INGEST_UNKNOWN_PROBE_WAIT_MS: '30000',
    // And for a read model's shard that is starting: Elasticsearch starts them late when many files create indices.
    READ_STORE_SHARD_WAIT_MS: '30000',
    ...env,
  });
  const runs = { ...platformRuns, jobs: [...(platformRuns.jobs ?? []), ...(options.jobs ?? [])] };
  const platform = await openPlatform(config, runs, { inMemory: config.profile === 'embedded' });
  if (options.demoData) await loadDemoData(platform);
  const keptForFailures = !process.env.TEST_LOG_LEVEL && env.LOG_LEVEL === undefined;
  const raw = await buildApi({
    config,
    platform,
    logger: config.logLevel !== 'silent',
    ...(keptForFailures ? { logStream: platformErrorLog } : {}),
  });
  // `lease`: projecting as `nq start` does, once the projector lease is taken (with its workers and metrics).
  const projecting = options.projector === 'lease' ? await startProjecting(platform, { log: raw.log }) : undefined;
  if (options.projector !== false && !projecting) await platform.projector.start();
  // Every worker but the alert evaluator: the alert tests start theirs with a clock of their own.
  const stopWorkers = await platform.startWorkers({
    log: raw.log,
    processes: workerProcesses.filter((process) => process !== 'alerting' && !(projecting && process === 'projector')),
  });
  const stopJobWorkers = await platform.startJobWorkers({ log: raw.log });
  raw.addHook('onClose', async () => {
    await stopJobWorkers();
    await stopWorkers();
    await projecting?.stop();
    await platform.close();
  });
  const identity = raw.identity as Identity;
  const services = servicesOf(platform.entities);
  const service = (kind: ConfigurationKind) => services[kind];
  const metadata = () => ({
    actor: { userId: 'test-setup', profileId: 'test-admin' },
    commandId: crypto.randomUUID(),
    correlationId: crypto.randomUUID(),
    now: new Date(),
  });

  /** Creates it unless a previous API on the same database already did. */
  async function ensure(kind: ConfigurationKind, id: string, fields: Record<string, unknown>) {
    if ((await service(kind).load(id)).state.status === 'absent')
      await service(kind).execute({ type: 'create', id, fields }, metadata());
  }

  /** A profile (with this id) and a user working under it; the user's password when given. */
  async function createIdentity(profileId: string, fields: Partial<ProfileFields> = {}, password?: string) {
    await ensure('profile', profileId, { name: profileId, layers: everyLayer, ...fields });
    const userId = `user-${profileId}`;
    const email = `${profileId}@test.nq`;
    await ensure('user', userId, { email, profiles: [profileId] });
    if (password) {
      const { hashPassword } = await import('../features/identity/passwords.ts');
      await identity.store.setPasswordHash(
        userId,
        await hashPassword(password, config.identity.passwordHashCost),
        new Date(),
      );
    }
    return { profileId, userId, email };
  }

  async function sessionFor(userId: string, profileId: string): Promise<SignedClient> {
    const id = newCredentialId('session');
    const now = new Date();
    await identity.store.insertCredential({
      id,
      kind: 'session',
      userId,
      profileId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      unlimited: false,
    });
    return signedClient(raw, { clientId: id, clientSecret: credentialSecret(identity.secretKey, id) });
  }

  const sessions = new Map<string, Promise<SignedClient>>();
  const as = (profileId: string, fields: Partial<ProfileFields> = {}) => {
    if (!sessions.has(profileId))
      sessions.set(
        profileId,
        createIdentity(profileId, fields).then(({ userId }) => sessionFor(userId, profileId)),
      );
    return sessions.get(profileId)!;
  };

  const app = await as('test-admin', { rol: 'admin', isGod: true });

  /**
   * GETs `url` as the test administrator — a read naming the log position it needs (`minPosition`) — again for as
   * long as it answers 503: a busy machine's projector can be more than the API's 5 s wait behind. A read answered
   * at once would let a test go on without what it wrote; past `timeoutMs` the 503 is returned, for the test to show.
   */
  async function readCaughtUp(url: string, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const response = await app.inject(url);
      if (response.statusCode !== 503 || Date.now() > deadline) return response;
      await sleep(100);
    }
  }

  /** A mobile probe created by the administrator, with the credentials issued to it (to sign as the probe). */
  async function enrolProbe(probeId: string, name = `Probe ${probeId}`): Promise<Credentials> {
    const created = await app.inject({
      method: 'POST',
      url: '/probes',
      payload: { probeId, name, family: 'Agent', type: 'mobile' },
    });
    if (created.statusCode !== 201)
      throw new Error(`probe ${probeId} not created: ${created.statusCode} ${created.body}`);
    const issued = await app.inject({ method: 'POST', url: `/probes/${probeId}/credentials` });
    if (issued.statusCode !== 201)
      throw new Error(`no credentials for ${probeId}: ${issued.statusCode} ${issued.body}`);
    return issued.json();
  }

  return { app, raw, platform, config, identity, as, createIdentity, sessionFor, service, readCaughtUp, enrolProbe };
}

export type TestApi = Awaited<ReturnType<typeof openTestApi>>;
