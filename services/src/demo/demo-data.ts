import { createHash } from 'node:crypto';
import { type ConfigurationKind, layerIds } from '@nq/contracts';
import { openIdentityStore } from '../features/identity/identity-store.ts';
import { hashPassword } from '../features/identity/passwords.ts';
import type { EntityService } from '../platform/entities/entity-service.ts';
import type { Platform } from '../platform/platform.ts';
import { demoFleet, demoFleetProbeIds } from '../simulator/fleet-model.ts';

// A small, realistic configuration for a fresh embedded start: Madrid operators, CDNs, a campaign over the area the
// demo fleet measures in and a geofilter over central Madrid, clusters (one of the demo fleet's handsets) and
// universes, a MOS configuration and a scorecard. Written as ordinary commands, so the demo has an audit history like
// any other data. The demo analyst's campaign and cluster hold probes of the demo fleet, so that it sees data.

const square = (lon: number, lat: number, half: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon - half, lat - half],
      [lon + half, lat - half],
      [lon + half, lat + half],
      [lon - half, lat + half],
      [lon - half, lat - half],
    ],
  ],
});
const rectangle = ([west, south, east, north]: readonly [number, number, number, number]) => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
});
/** Every probe of the demo fleet stands in it. */
const fleetArea = rectangle(demoFleet.geography.bbox);
const year = { startDate: '2026-01-01T00:00:00Z', endDate: '2026-12-31T23:59:59Z' };
const mosEntry = (kpi: string, weight: number, lower: number, upper: number, mappingFunction = 'linear') => ({
  kpi,
  weight,
  min: lower,
  max: upper * 2,
  operator: 'gte',
  mappingFunction,
  limits: { lower, upper, absoluteUpper: upper * 2 },
});

const demoProbes = [
  ['probe001', 'Madrid Salamanca fibre', 'Cube', 'landline', 40.4256, -3.6835, 'Movistar'],
  ['probe002', 'Madrid Chamberí fibre', 'Cube', 'landline', 40.4345, -3.7038, 'Vodafone'],
  ['probe101', 'Madrid drive-test handset', 'Agent', 'mobile', 40.4168, -3.7038, 'Orange'],
] as const;
/** The demo configuration's probes (the demo fleet plays them: they run the tasks launched on them). */
export const demoProbeIds = demoProbes.map(([probeId]) => probeId);

type DemoItem = {
  kind: ConfigurationKind;
  key: string;
  /** A readable id instead of the derived one (profiles and users, named in the demo logins). */
  id?: string;
  fields: Record<string, unknown> | ((ids: Map<string, string>) => Record<string, unknown>);
};

const items: DemoItem[] = [
  { kind: 'tag', key: 'fibre', fields: { name: 'fibre', profiles: ['demo-admin', 'demo-analyst'] } },
  { kind: 'tag', key: '5g', fields: { name: '5g', profiles: ['demo-admin', 'demo-analyst'] } },
  { kind: 'tag', key: 'rural', fields: { name: 'rural', profiles: [] } },
  {
    kind: 'provider',
    key: 'movistar',
    fields: {
      name: 'Movistar',
      label: 'Movistar',
      country: 'Spain',
      numeric: '21407',
      spn: 'Movistar',
      imsis: ['21407000000000'],
      ipRanges: ['80.58.0.0/16'],
      colour: '#019df4',
    },
  },
  {
    kind: 'provider',
    key: 'vodafone',
    fields: {
      name: 'Vodafone',
      label: 'Vodafone',
      country: 'Spain',
      numeric: '21401',
      spn: 'vodafone ES',
      imsis: ['21401000000000'],
      ipRanges: ['212.166.0.0/16'],
      colour: '#e60000',
    },
  },
  {
    kind: 'provider',
    key: 'orange',
    fields: {
      name: 'Orange',
      label: 'Orange',
      country: 'Spain',
      numeric: '21403',
      spn: 'Orange',
      imsis: ['21403000000000'],
      ipRanges: ['90.160.0.0/12'],
      colour: '#ff7900',
    },
  },
  {
    kind: 'cdn',
    key: 'speed',
    fields: {
      name: 'Madrid speed server',
      url: 'https://speed.example.net/100MB.bin',
      type: 'download',
      size: 100,
      tags: ['speed'],
      location: { latitude: 40.4168, longitude: -3.7038 },
    },
  },
  {
    kind: 'task-suite',
    key: 'landline',
    fields: {
      name: 'Landline speed and latency',
      family: 'Cube',
      backendInfo: { resultReport: { mode: 'Immediately' }, statusReport: { mode: 'Interval', interval: 300_000 } },
      tasks: [
        {
          type: 'http-download',
          id: 'download',
          name: 'HTTP download',
          interval: 900_000,
          duration: 15_000,
          timeout: 30_000,
          url: 'https://speed.example.net/100MB.bin',
          threads: { initial: 4, max: 8 },
          connectTimeout: 5_000,
          transferTimeout: 20_000,
        },
        {
          type: 'icmp-ping',
          id: 'ping',
          name: 'Ping Google DNS',
          interval: 300_000,
          timeout: 30_000,
          servers: [{ host: '8.8.8.8' }],
        },
        { type: 'dns', id: 'dns', name: 'DNS lookup', interval: 300_000, timeout: 10_000, domains: ['example.com'] },
      ],
      taskRules: { executionMode: 'sync', scheduling: { measurementTtl: 86_400_000 } },
    },
  },
  { kind: 'geofilter', key: 'centro', fields: { name: 'Madrid centro', polygon: square(-3.7038, 40.4168, 0.02) } },
  { kind: 'campaign', key: 'madrid', fields: { name: 'Madrid drive test 2026', ...year, polygon: fleetArea } },
  {
    kind: 'cluster',
    key: 'madrid',
    fields: (ids) => ({
      name: 'Madrid landline',
      description: 'Home probes in the Madrid area',
      colour: '#1d4ed8',
      attributes: { country: 'Spain', region: 'Madrid', technology: 'Fibre' },
      probes: [
        { probeId: 'probe001', start: '2026-01-01T00:00:00Z' },
        { probeId: 'probe002', start: '2026-01-01T00:00:00Z' },
      ],
      geoFilters: [ids.get('geofilter:centro')],
    }),
  },
  {
    kind: 'cluster',
    key: 'madrid-mobile',
    fields: {
      name: 'Madrid mobile',
      description: "The demo fleet's handsets in Madrid",
      colour: '#dc2626',
      attributes: { country: 'Spain', region: 'Madrid', technology: '4G/5G' },
      probes: demoFleetProbeIds('mobile').map((probeId) => ({ probeId, start: '2026-01-01T00:00:00Z' })),
    },
  },
  {
    kind: 'universe',
    key: 'spain',
    fields: {
      name: 'Spain mobile',
      description: 'Mobile probes across Spain',
      colour: '#16a34a',
      attributes: { country: 'Spain', technology: '4G' },
      probes: [{ probeId: 'probe101', start: '2026-01-01T00:00:00Z' }],
    },
  },
  {
    kind: 'mos',
    key: 'speed',
    fields: {
      name: 'Speed MOS',
      entries: [mosEntry('download', 60, 10, 300), mosEntry('upload', 40, 5, 100, 'squareRoot')],
    },
  },
  {
    kind: 'scorecard',
    key: 'quality',
    fields: (ids) => ({
      name: 'Quality 2026',
      weight: 100,
      maxScore: 10,
      campaigns: [ids.get('campaign:madrid')],
      providers: [ids.get('provider:movistar'), ids.get('provider:vodafone'), ids.get('provider:orange')],
    }),
  },
  ...demoProbes.map(([probeId, name, family, type, latitude, longitude, operator]) => ({
    kind: 'probe' as const,
    key: probeId,
    id: probeId,
    fields: (ids: Map<string, string>) => ({
      probeId,
      name,
      family,
      type,
      status: 'Available',
      deployment: 'Production',
      country: 'Spain',
      region: 'Madrid',
      town: 'Madrid',
      latitude,
      longitude,
      ...(type === 'mobile' ? { campaign: ids.get('campaign:madrid') } : {}),
      connection: { operator, applyOperator: 'default', expectedDownload: type === 'mobile' ? '150Mb' : '600Mb' },
      device: { dns: { primary: '8.8.8.8' }, ntpServers: [], wifi: [], apns: [] },
    }),
  })),
  {
    kind: 'profile',
    key: 'admin',
    id: 'demo-admin',
    fields: {
      name: 'Administrator',
      rol: 'admin',
      service: 'mobile',
      apiAccess: true,
      layers: layerIds.map((id) => ({ id, groups: [] })),
      startPage: 'evolution',
    },
  },
  {
    kind: 'profile',
    key: 'analyst',
    id: 'demo-analyst',
    fields: (ids) => ({
      name: 'Madrid analyst',
      service: 'mobile',
      layers: ['evolution', 'benchmark', 'bydestination', 'maps', 'measurementAnalysis', 'tags_management'].map(
        (id) => ({
          id,
          groups: [],
        }),
      ),
      startPage: 'evolution',
      technologies: [4, 5],
      kpis: [{ id: 'download' }, { id: 'upload' }, { id: 'latency', inverse: true }],
      campaigns: [{ id: ids.get('campaign:madrid'), name: 'Madrid drive test 2026' }],
      clusters: [ids.get('cluster:madrid-mobile')],
      isps: [{ id: ids.get('provider:movistar'), label: 'Movistar' }],
      defaultDestinations: [{ name: 'Google DNS', ip: '8.8.8.8' }],
      tsStart: '2026-01-01T00:00:00Z',
      tsEnd: '2026-12-31T23:59:59Z',
    }),
  },
  {
    kind: 'user',
    key: 'admin',
    id: 'demo-admin-user',
    fields: { email: 'admin@demo.nq', name: 'Demo administrator', profiles: ['demo-admin', 'demo-analyst'] },
  },
  {
    kind: 'user',
    key: 'analyst',
    id: 'demo-analyst-user',
    fields: { email: 'analyst@demo.nq', name: 'Demo analyst', profiles: ['demo-analyst'], preferredLanguage: 'es' },
  },
];

/** The logins of the demo users, printed at start. */
export const demoLogins = [
  {
    email: 'admin@demo.nq',
    password: 'admin-demo-2026',
    userId: 'demo-admin-user',
    profile: 'every screen, administrator',
  },
  {
    email: 'analyst@demo.nq',
    password: 'analyst-demo-2026',
    userId: 'demo-analyst-user',
    profile: 'restricted analyst',
  },
];

/** A stable id per demo item, so the demo is the same on every fresh start. */
const demoId = (key: string) => {
  const hex = createHash('sha1').update(`nq-demo:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** Loads the demo configuration once, into an empty event store. Answers how many entities it created. */
export async function loadDemoData(
  platform: Platform,
  services: Record<ConfigurationKind, EntityService>,
): Promise<number> {
  if ((await platform.eventStore.head()) !== '0:0') return 0;
  const ids = new Map<string, string>();
  for (const item of items) {
    const key = `${item.kind}:${item.key}`;
    const id = item.id ?? demoId(key);
    ids.set(key, id);
    const fields = typeof item.fields === 'function' ? item.fields(ids) : item.fields;
    await services[item.kind].execute(
      { type: 'create', id, fields },
      {
        actor: { userId: 'system', profileId: 'demo-admin' },
        commandId: `demo-${key}`,
        correlationId: 'demo-data',
        now: new Date(),
      },
    );
  }
  const identity = await openIdentityStore(platform.sql);
  for (const login of demoLogins)
    await identity.setPasswordHash(login.userId, await hashPassword(login.password), new Date());
  return items.length;
}

export const demoEntityKinds = [...new Set(items.map((item) => item.kind))];
