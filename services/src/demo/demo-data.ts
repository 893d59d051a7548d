import { createHash } from 'node:crypto';
import { type ConfigurationKind, layerIds } from '@nq/contracts';
import type { EntityService } from '@nq/platform/entities/entity-service';
import type { Platform } from '@nq/platform/platform';
import { demoAccountEmails, hashPassword, openIdentityStore } from '../features/identity/index.ts';
import {
  demoDestinations,
  demoFleet,
  demoFleetProbeIds,
  demoFleetProbes,
  fleetPrograms,
  probeRegistration,
  type VirtualProbe,
} from '../simulator/fleet-model.ts';
import { personalDashboardItems } from './demo-dashboards.ts';
import { loadDemoFiles } from './demo-files.ts';

// A small, realistic configuration for a fresh embedded start: Madrid operators, CDNs, a campaign over the area the
// demo fleet measures in and a geofilter over central Madrid, the demo fleet's probes, clusters and universes of them,
// a MOS configuration and two scorecards (one redefined after its creation, so it has two versions to compare).
// Written as ordinary commands, so the demo has an audit history like any other data. The demo analyst's campaign and
// cluster hold probes of the demo fleet, and its profile lists the programs and destinations the fleet measures, so
// that every screen it reaches shows data.

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
/**
 * The demo's dates: from the start of the year its fleet history begins in (up to 8 weeks back) to the end of the
 * current year, so that the history and the live data are within the campaign's and the profiles' dates any day.
 */
const demoPeriod = (now = new Date()) => {
  const historyYear = new Date(now.getTime() - 8 * 7 * 86_400_000).getUTCFullYear();
  return {
    startDate: `${historyYear}-01-01T00:00:00Z`,
    endDate: `${now.getUTCFullYear()}-12-31T23:59:59Z`,
  };
};
const year = demoPeriod();
/**
 * The demo's regulatory reports, in the evening peak of the last four weeks: the whole panel (three or four probes per
 * operator: its figures are published) and its mobile cluster alone (one handset per operator: withheld, and saying so).
 */
const regulatoryReports = [
  {
    key: 'panel',
    name: 'Broadband panel, last four weeks',
    description:
      'Every probe of the demo panel, fixed and mobile: download and upload speeds and latency per operator in the evening peak.',
    clusters: [] as string[],
    minimumProbes: 3,
  },
  {
    key: 'mobile-panel',
    name: 'Mobile broadband, last four weeks',
    description:
      "The demo fleet's handsets in Madrid, one per operator: too few probes to publish, as the report says of each figure.",
    clusters: ['madrid-mobile'],
    minimumProbes: 3,
  },
];
/** The four weeks of demo history before today (whole days, UTC dates). */
const lastFourWeeks = (now = new Date()) => ({
  from: new Date(now.getTime() - 28 * 86_400_000).toISOString().slice(0, 10),
  to: new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10),
});
const member = (probeId: string) => ({ probeId, start: year.startDate });
const mosEntry = (kpi: string, weight: number, lower: number, upper: number, mappingFunction = 'linear') => ({
  kpi,
  weight,
  min: 0,
  max: upper * 4,
  operator: 'gte',
  mappingFunction,
  limits: { lower, upper, absoluteUpper: upper * 2 },
});

/** A scorecard KPI scored in the fringes of the day: morning, afternoon and night (local hours). */
const dayFringes = [
  { start: 6, end: 14 },
  { start: 14, end: 22 },
];
const eveningFringes = [...dayFringes.slice(0, 1), { start: 14, end: 19 }, { start: 19, end: 23 }];
const scorecardKpi = (kpi: string, weight: number, fringes = dayFringes) => ({ kpi, weight, fringes });
const demoProviders = ['movistar', 'vodafone', 'orange', 'digi'];

/** The groups smart performance shows the demo programs in. */
const programGroups: Record<string, string[]> = {
  speedtest: ['Speed'],
  ping: ['Responsiveness'],
  gaming: ['Responsiveness'],
  web: ['Content'],
  youtube: ['Content'],
};
/** The programs the demo fleet runs that a profile lists, with their program types (the DNS one has no targets). */
const profilePrograms = fleetPrograms.flatMap((program) =>
  'type' in program
    ? [{ id: program.program, type: program.type, program: program.name, groups: programGroups[program.program] ?? [] }]
    : [],
);
/** Every destination list of the demo programs, as a profile holds them. */
const profileDestinations = Object.fromEntries(
  Object.entries(demoDestinations).map(([list, destinations]) => [
    list,
    destinations.map(({ name, ip }) => ({ name, ip })),
  ]),
);

const demoProbes = [
  ['probe001', 'Madrid Salamanca fibre', 'Cube', 'landline', 40.4256, -3.6835, 'Movistar'],
  ['probe002', 'Madrid Chamberí fibre', 'Cube', 'landline', 40.4345, -3.7038, 'Vodafone'],
  ['probe101', 'Madrid drive-test handset', 'Agent', 'mobile', 40.4168, -3.7038, 'Orange'],
] as const;
/** The demo configuration's probes (the demo fleet plays them: they run the tasks launched on them). */
export const demoProbeIds = demoProbes.map(([probeId]) => probeId);

/** The demo configuration's probes as the simulator plays them (fibre at home, the handset on 4G). */
export const demoConfigurationProbes = (): VirtualProbe[] =>
  demoProbes.map(([probeId, , , type, lat, lon, operator]) => ({
    probeId,
    type,
    isp: demoFleet.geography.isps.find((isp) => isp.name === operator)!,
    technology: type === 'mobile' ? 4 : 98,
    lat,
    lon,
    outageUntil: 0,
  }));

type DemoItem = {
  kind: ConfigurationKind;
  key: string;
  /** A readable id instead of the derived one (profiles and users, named in the demo logins). */
  id?: string;
  fields: Record<string, unknown> | ((ids: Map<string, string>) => Record<string, unknown>);
  /** A redefinition right after its creation (the entity then has two configuration versions). */
  changes?: Record<string, unknown>;
  /** The profile it belongs to (the administrator's unless said). */
  owner?: string;
  /** A CSV template its owner marks favourite. */
  favorite?: true;
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
    kind: 'provider',
    key: 'digi',
    fields: {
      name: 'Digi',
      label: 'Digi',
      country: 'Spain',
      numeric: '21422',
      spn: 'DIGI',
      imsis: ['21422000000000'],
      ipRanges: ['79.116.0.0/16'],
      colour: '#1e3a8a',
    },
  },
  // The default cube: what the demo profiles' storyboard, evolution, benchmark and scorecard queries
  // filter and break down by, by day of their zone. Hourly charts, hour windows and per-probe queries read the raw
  // measurements (a row per probe and hour would hold a measurement or two).
  {
    kind: 'cube',
    key: 'daily',
    fields: {
      name: 'daily',
      description: 'The demo profiles’ analysis queries, by day',
      grain: 'day',
      timeZone: 'Etc/UTC',
      dimensions: [
        'program',
        'destination',
        'isp',
        'provider',
        'technology',
        'campaign',
        'cluster',
        'fringe',
        'weekday',
      ],
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
      probes: ['probe001', 'probe002'].map(member),
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
      probes: demoFleetProbeIds('mobile').map(member),
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
      probes: [member('probe101')],
    },
  },
  {
    kind: 'universe',
    key: 'madrid-fibre',
    fields: {
      name: 'Madrid fibre',
      description: 'Home fibre probes in the Madrid area',
      colour: '#7c3aed',
      attributes: { country: 'Spain', region: 'Madrid', technology: 'Fibre' },
      probes: ['probe001', 'probe002', ...demoFleetProbeIds('landline')].map(member),
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
      providers: demoProviders.map((provider) => ids.get(`provider:${provider}`)),
      kpis: [scorecardKpi('download', 40), scorecardKpi('upload', 20), scorecardKpi('latency', 40)],
      mosEntries: [
        mosEntry('download', 40, 5, 150),
        mosEntry('upload', 20, 1, 40, 'squareRoot'),
        mosEntry('latency', 40, 20, 120, 'invertedLinear'),
      ],
    }),
    // Redefined once: download weighs more and evenings are scored apart, so the comparison has two versions.
    changes: {
      kpis: [scorecardKpi('download', 50, eveningFringes), scorecardKpi('upload', 20), scorecardKpi('latency', 30)],
      mosEntries: [
        mosEntry('download', 50, 5, 150, 'linearDoubleSlope'),
        mosEntry('upload', 20, 1, 40, 'squareRoot'),
        mosEntry('latency', 30, 20, 120, 'invertedLinear'),
      ],
    },
  },
  {
    kind: 'scorecard',
    key: 'landline',
    fields: (ids) => ({
      name: 'Landline quality 2026',
      weight: 100,
      maxScore: 5,
      universes: [ids.get('universe:madrid-fibre')],
      providers: demoProviders.map((provider) => ids.get(`provider:${provider}`)),
      kpis: [
        scorecardKpi('download', 40),
        scorecardKpi('latency', 30),
        scorecardKpi('loadTime', 15),
        scorecardKpi('resolution', 15),
      ],
      mosEntries: [
        mosEntry('download', 40, 100, 500, 'linearDoubleSlope'),
        mosEntry('latency', 30, 5, 45, 'invertedLinear'),
        mosEntry('loadTime', 15, 700, 2_500, 'invertedLinear'),
        mosEntry('resolution', 15, 3, 30, 'invertedLinear'),
      ],
    }),
  },
  ...regulatoryReports.map(({ key, name, description, clusters, minimumProbes }) => ({
    kind: 'regulatory-report' as const,
    key,
    fields: (ids: Map<string, string>) => ({
      name,
      description,
      clusters: clusters.map((cluster) => ids.get(`cluster:${cluster}`)),
      providers: demoProviders.map((provider) => ids.get(`provider:${provider}`)),
      ...lastFourWeeks(),
      timeZone: 'Europe/Madrid',
      peakHours: { from: 19, to: 22 },
      kpis: [
        {
          kpi: 'download',
          statistics: [
            { kind: 'median' },
            { kind: 'percentile', p: 10 },
            { kind: 'shareAtLeast', threshold: 30 },
            { kind: 'consistent' },
          ],
        },
        { kpi: 'upload', statistics: [{ kind: 'median' }, { kind: 'consistent' }] },
        {
          kpi: 'latency',
          statistics: [{ kind: 'median' }, { kind: 'percentile', p: 90 }, { kind: 'shareAtMost', threshold: 50 }],
        },
      ],
      minimumMeasurements: 50,
      minimumProbes,
      resamples: 1_000,
      seed: 2026,
    }),
  })),
  ...demoFleetProbes().map((probe) => ({
    kind: 'probe' as const,
    key: probe.probeId,
    id: probe.probeId,
    fields: probeRegistration(probe, demoFleet.geography),
  })),
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
      layers: [
        ...layerIds.map((id) => ({ id, groups: [] })),
        // A menu entry without a screen here: the layer links to where it lives (opens in a new tab).
        { id: 'trains', groups: [], url: 'https://trains.example.org/' },
      ],
      startPage: 'storyboard',
      programs: profilePrograms,
      ...profileDestinations,
    },
  },
  {
    kind: 'profile',
    key: 'analyst',
    id: 'demo-analyst',
    fields: (ids) => ({
      name: 'Madrid analyst',
      service: 'mobile',
      layers: [
        'storyboard',
        'evolution',
        'benchmark',
        'basic_graphic_generator',
        'bydestination',
        'scorecard_live',
        'scorecard_comparison',
        'smartPerformance',
        'test_analysis',
        'maps',
        'measurementAnalysis',
        'tags_management',
        'csv_templates',
        'csv_extractor',
        'files_management',
        'alerts',
        'dashboards_personal',
      ].map((id) => ({ id, groups: [] })),
      startPage: 'storyboard',
      technologies: [4, 5],
      kpis: [{ id: 'download' }, { id: 'upload' }, { id: 'latency', inverse: true }],
      campaigns: [{ id: ids.get('campaign:madrid'), name: 'Madrid drive test 2026' }],
      clusters: [ids.get('cluster:madrid-mobile')],
      isps: [{ id: ids.get('provider:movistar'), label: 'Movistar' }],
      programs: profilePrograms,
      ...profileDestinations,
      tsStart: year.startDate,
      tsEnd: year.endDate,
    }),
  },
  ...csvTemplateItems(),
  ...alertItems(),
  ...personalDashboardItems(),
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

/** CSV templates of both demo profiles (each marks one favourite; the default template stays one too). */
function csvTemplateItems(): DemoItem[] {
  const column = (program: string | undefined, source: { field?: string; key?: string }, operation = 'value') => ({
    ...(program ? { program } : {}),
    ...source,
    operation,
  });
  const when = [column(undefined, { field: 'measuredAt' }), column(undefined, { field: 'probeId' })];
  const speeds = (operation: string) =>
    ['download', 'upload', 'latency'].map((key) => column('speedtest', { key }, operation));
  const template = (key: string, owner: string, name: string, columns: object[], favorite = false): DemoItem => ({
    kind: 'csv-template',
    key,
    owner,
    fields: { name, service: 'mobile', columns },
    ...(favorite ? { favorite: true as const } : {}),
  });
  return [
    template(
      'admin-speed',
      'demo-admin',
      'Speed by ISP',
      [
        ...when,
        column(undefined, { field: 'ispName' }),
        column(undefined, { field: 'technologyLabel' }),
        ...speeds('value'),
      ],
      true,
    ),
    template('admin-content', 'demo-admin', 'Web and video', [
      ...when,
      column('web', { key: 'loadTime' }),
      column('youtube', { key: 'startTime' }),
    ]),
    template('analyst-speed', 'demo-analyst', 'Madrid speeds', [...when, ...speeds('value')], true),
    template('analyst-latency', 'demo-analyst', 'Latency extremes', [
      column(undefined, { field: 'measuredAt' }, 'min'),
      column(undefined, { field: 'measuredAt' }, 'max'),
      column('ping', { key: 'latency' }, 'min'),
      column('ping', { key: 'latency' }, 'max'),
      column('ping', { key: 'latency' }, 'count'),
    ]),
  ];
}

/**
 * Alerts of both demo profiles: the administrator's on slow fibre downloads (landline, by probe) and on the drive
 * test's latency (mobile, by campaign; disabled), the analyst's on latency in its campaign on Movistar. Their
 * thresholds are within reach of the demo fleet's evening congestion, so that the history shows them fire and resolve.
 */
function alertItems(): DemoItem[] {
  const hourly = { value: 1, unit: 'hour' };
  return [
    {
      kind: 'alert',
      key: 'admin-slow-fibre',
      owner: 'demo-admin',
      fields: (ids) => ({
        name: 'Slow fibre downloads',
        type: 'landline',
        conditions: [{ program: 'speedtest', kpi: 'download', operator: 'lt', value: 200 }],
        interval: hourly,
        technologies: [98],
        universes: [ids.get('universe:madrid-fibre')],
        grouping: 'probe',
        email: { enabled: true, recipients: ['noc@demo.nq'] },
        push: { enabled: true },
        notifyOnlyNew: true,
      }),
    },
    {
      kind: 'alert',
      key: 'admin-drive-test-latency',
      owner: 'demo-admin',
      fields: (ids) => ({
        name: 'Drive test latency',
        type: 'mobile',
        conditions: [{ program: 'speedtest', kpi: 'latency', operator: 'gte', value: 120 }],
        interval: { value: 15, unit: 'minute' },
        campaigns: [ids.get('campaign:madrid')],
        grouping: 'campaign',
        push: { enabled: true },
        enabled: false,
      }),
    },
    {
      kind: 'alert',
      key: 'analyst-latency',
      owner: 'demo-analyst',
      fields: (ids) => ({
        name: 'Madrid latency',
        type: 'mobile',
        conditions: [{ program: 'ping', kpi: 'latency', operator: 'gt', value: 60 }],
        interval: hourly,
        technologies: [4, 5],
        campaigns: [ids.get('campaign:madrid')],
        providers: [ids.get('provider:movistar')],
        grouping: 'campaign',
        email: { enabled: true, recipients: ['analyst@demo.nq'] },
      }),
    },
  ];
}

/** The logins of the demo users, printed at start. */
export const demoLogins = [
  {
    email: demoAccountEmails.admin,
    password: 'admin-demo-2026',
    userId: 'demo-admin-user',
    profile: 'every screen, administrator',
  },
  {
    email: demoAccountEmails.analyst,
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
    const context = (command: string) => ({
      actor: { userId: 'system', profileId: item.owner ?? 'demo-admin' },
      commandId: `demo-${command}-${key}`,
      correlationId: 'demo-data',
      now: new Date(),
    });
    await services[item.kind].execute({ type: 'create', id, fields }, context('create'));
    if (item.changes)
      await services[item.kind].execute({ type: 'update', id, changes: item.changes }, context('update'));
    if (item.favorite)
      await services.profile.execute(
        {
          type: 'intent',
          intent: 'changeCsvTemplateFavorite',
          id: item.owner ?? 'demo-admin',
          payload: { templateId: id, favorite: true },
        },
        context('favorite'),
      );
  }
  const identity = await openIdentityStore(platform.sql);
  for (const login of demoLogins)
    await identity.setPasswordHash(
      login.userId,
      await hashPassword(login.password, platform.config.identity.passwordHashCost),
      new Date(),
    );
  await loadDemoFiles(platform, { userId: 'demo-admin-user', profileId: 'demo-admin' });
  return items.length;
}

export const demoEntityKinds = [...new Set(items.map((item) => item.kind))];
