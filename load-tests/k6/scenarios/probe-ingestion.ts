import type { Measurement, ProbeInput } from '@nq/contracts';
import { followedBy, logIn, loginFrom } from './login.ts';
import {
  type Credentials,
  defaultThresholds,
  type Env,
  type Exchange,
  fieldOf,
  profileFrom,
  type Runtime,
  type Scenario,
} from './scenario.ts';

interface GatewayProbe {
  probeId: string;
  credentials: Credentials;
  lat: number;
  lon: number;
}

interface IngestionContext {
  probes: GatewayProbe[];
  batchSize: number;
}

// Central Madrid, where the demo's campaign and geofilter are: results there are enriched like the demo fleet's.
const madrid = { west: -3.75, south: 40.38, east: -3.65, north: 40.46 };

/** PROBES (20) mobile probes of this run, each with gateway credentials; BATCH (10) results per request. */
const sizesFrom = (env: Env) => ({
  probes: Math.max(1, Number(env.PROBES ?? 20) || 20),
  batchSize: Math.min(1_000, Math.max(1, Number(env.BATCH ?? 10) || 10)),
});

/** Registers the probes (an existing id is kept) and issues each its gateway credentials, as the fleet simulator does. */
function registeredProbes(admin: Credentials, env: Env, runtime: Runtime): Exchange<IngestionContext> {
  const { probes: count, batchSize } = sizesFrom(env);
  const run = runtime.uuid().replace(/-/g, '').slice(0, 8);
  const probes = Array.from({ length: count }, (_, index) => ({
    probeId: `k6${run}${index.toString(36)}`,
    lat: madrid.south + runtime.random() * (madrid.north - madrid.south),
    lon: madrid.west + runtime.random() * (madrid.east - madrid.west),
  }));
  return (answers) => {
    // Two answers per probe: its registration, then its credentials.
    const probe = probes[Math.floor(answers.length / 2)];
    const last = answers[answers.length - 1];
    if (last && answers.length % 2 === 1 && last.status !== 201 && fieldOf(last, 'code') !== 'probes.idExists')
      throw new Error(`probe not registered: ${last.status} ${JSON.stringify(last.body)}`);
    if (probe && answers.length % 2 === 0) {
      const registration: ProbeInput = {
        probeId: probe.probeId,
        name: `k6 probe ${probe.probeId}`,
        family: 'Agent',
        type: 'mobile',
        status: 'Available',
        country: 'Spain',
        town: 'Madrid',
        latitude: Number(probe.lat.toFixed(5)),
        longitude: Number(probe.lon.toFixed(5)),
        connection: { operator: 'Movistar', applyOperator: 'default' },
      };
      return {
        name: 'register probe',
        method: 'POST',
        url: '/probes',
        body: registration,
        expected: [201, 409],
        signedBy: admin,
      };
    }
    if (probe)
      return {
        name: 'probe credentials',
        method: 'POST',
        url: `/probes/${probe.probeId}/credentials`,
        expected: [201],
        signedBy: admin,
      };
    return {
      done: {
        batchSize,
        probes: probes.map((registered, index) => {
          const issued = answers[index * 2 + 1]!;
          const credentials = issued.body as Credentials;
          if (issued.status !== 201 || !credentials.clientId)
            throw new Error(
              `no credentials for ${registered.probeId}: ${issued.status} ${JSON.stringify(issued.body)}`,
            );
          return {
            ...registered,
            credentials: { clientId: credentials.clientId, clientSecret: credentials.clientSecret },
          };
        }),
      },
    };
  };
}

const rounded = (value: number, digits = 1) => Number(value.toFixed(digits));

/** A plausible result of a 4G/5G handset on Movistar in Madrid: a speed test (download or upload) or a ping. */
export function measurementOf(probe: GatewayProbe, runtime: Runtime): Measurement {
  const roll = runtime.random();
  const latency = rounded(25 + runtime.random() * 30);
  const test: Pick<Measurement, 'program' | 'testType' | 'kpis'> =
    roll < 0.4
      ? {
          program: 'speedtest',
          testType: 'http-download',
          kpis: { download: rounded(40 + runtime.random() * 200, 2), latency },
        }
      : roll < 0.7
        ? {
            program: 'speedtest',
            testType: 'http-upload',
            kpis: { upload: rounded(8 + runtime.random() * 40, 2), latency },
          }
        : {
            program: 'ping',
            testType: 'icmp-ping',
            kpis: { latency, jitter: rounded(runtime.random() * 5, 2), loss: 0 },
          };
  return {
    schemaVersion: 1,
    measurementId: runtime.uuid(),
    probeId: probe.probeId,
    ...test,
    technology: runtime.random() < 0.6 ? 4 : 5,
    isp: 'Movistar',
    measuredAt: new Date(runtime.now()).toISOString(),
    location: { lat: probe.lat, lon: probe.lon },
    taskMode: 'active',
    status: 'Finished',
  };
}

export const probeIngestion: Scenario<IngestionContext> = {
  name: 'probe_ingestion',
  description: 'Probes sending signed result batches to the gateway (POST /gateway/v1/results)',
  thresholds: defaultThresholds,
  profile: (env) => profileFrom(env, { rate: 50, durationSeconds: 60, maxVUs: 50 }),
  setup: (env, runtime) => followedBy(logIn(loginFrom(env, 'admin')), (admin) => registeredProbes(admin, env, runtime)),
  iteration(context, runtime) {
    const probe = context.probes[Math.floor(runtime.random() * context.probes.length)]!;
    const items = Array.from({ length: context.batchSize }, () => measurementOf(probe, runtime));
    return (answers) =>
      answers.length === 0
        ? {
            name: 'gateway results',
            method: 'POST',
            url: '/gateway/v1/results',
            body: { items },
            expected: [202],
            signedBy: probe.credentials,
          }
        : { done: undefined };
  },
};
