import { randomUUID } from 'node:crypto';
import { type Measurement, measurementFailureReasons, type ProbeInput, type ProbeStatusReport } from '@nq/contracts';
import { seededRandom } from '@nq/platform/seeded-random';

export { seededRandom };

// A virtual probe fleet in real geography: landline and mobile probes over several ISPs, producing results whose
// quality follows the hour of the day and the ISP, with outages and a small share of malformed messages.

export interface Geography {
  name: string;
  country: string;
  /** [west, south, east, north] */
  bbox: [number, number, number, number];
  isps: Isp[];
}

/** An operator of a geography; its network (an IPv4 /16 prefix, the MCC+MNC) lets the platform detect the provider. */
export interface Isp {
  name: string;
  quality: number;
  /** The first two bytes of its subscribers' addresses, e.g. '80.58'. */
  network?: string;
  mccMnc?: string;
}

export const geographies: Record<string, Geography> = {
  madrid: {
    name: 'Madrid',
    country: 'Spain',
    bbox: [-3.83, 40.33, -3.58, 40.52],
    isps: [
      { name: 'Movistar', quality: 1.0, network: '80.58', mccMnc: '21407' },
      { name: 'Vodafone', quality: 0.9, network: '212.166', mccMnc: '21401' },
      { name: 'Orange', quality: 0.85, network: '90.160', mccMnc: '21403' },
      { name: 'Digi', quality: 0.8, network: '79.116', mccMnc: '21422' },
    ],
  },
  portugal: {
    name: 'Lisbon',
    country: 'Portugal',
    bbox: [-9.23, 38.69, -9.09, 38.8],
    isps: [
      { name: 'MEO', quality: 1.0 },
      { name: 'NOS', quality: 0.95 },
      { name: 'Vodafone', quality: 0.9 },
    ],
  },
};

export interface VirtualProbe {
  probeId: string;
  type: 'landline' | 'mobile';
  isp: Isp;
  technology: number;
  lat: number;
  lon: number;
  /** Until when it is down (epoch ms). */
  outageUntil: number;
}

/** A fleet's probes follow their position in it: their id (per run) and their type. */
export const fleetProbeId = (run: string, index: number) => `sim${run}${index.toString(36)}`;
const fleetProbeType = (index: number): VirtualProbe['type'] => (index % 3 === 0 ? 'mobile' : 'landline');

/** The fleet `npm start` runs for the demo; the demo configuration registers its probes and groups them. */
export const demoFleet = { run: 'demo', probes: 12, rate: 3, geography: geographies.madrid!, seed: 42 };

/** The ids of the demo fleet's probes of a type. */
export const demoFleetProbeIds = (type: VirtualProbe['type']) =>
  Array.from({ length: demoFleet.probes }, (_, index) => index)
    .filter((index) => fleetProbeType(index) === type)
    .map((index) => fleetProbeId(demoFleet.run, index));

/** The demo fleet's probes where the running fleet places them (the same seed). */
export const demoFleetProbes = () =>
  createFleet(demoFleet.probes, demoFleet.geography, demoFleet.run, seededRandom(demoFleet.seed));

export function createFleet(count: number, geography: Geography, run: string, random: () => number): VirtualProbe[] {
  const [west, south, east, north] = geography.bbox;
  return Array.from({ length: count }, (_, index) => {
    const type = fleetProbeType(index);
    return {
      probeId: fleetProbeId(run, index),
      type,
      isp: geography.isps[index % geography.isps.length]!,
      technology: type === 'mobile' ? (random() < 0.6 ? 4 : 5) : [98, 99, 100][index % 3]!,
      lat: south + random() * (north - south),
      lon: west + random() * (east - west),
      outageUntil: 0,
    };
  });
}

export const probeRegistration = (probe: VirtualProbe, geography: Geography): ProbeInput => ({
  probeId: probe.probeId,
  name: `${geography.name} ${probe.type} ${probe.isp.name} ${probe.probeId}`,
  family: probe.type === 'mobile' ? 'Agent' : 'Cube',
  type: probe.type,
  status: 'Available',
  country: geography.country,
  town: geography.name,
  latitude: Number(probe.lat.toFixed(5)),
  longitude: Number(probe.lon.toFixed(5)),
  connection: { operator: probe.isp.name, applyOperator: 'default' },
});

/** Busy evening hours lower throughput and raise latency (a diurnal load factor, 0.6 at 21:00 to 1 at 04:00). */
export const diurnalFactor = (hour: number) => 0.8 + 0.2 * Math.cos(((hour - 4) / 24) * 2 * Math.PI);

type TestType = Measurement['testType'];

/** A target a test measures against: a name and its host name or address. */
export interface Destination {
  name: string;
  ip: string;
}

/**
 * The destinations of the demo programs, by the profile list that names them (program types,
 * docs/product/entities.md#profile: URL and quality programs share the default destinations). `detourMs`: how much
 * farther than the Madrid servers a target answers.
 */
export const demoDestinations = {
  defaultDestinations: [
    { name: 'Google DNS', ip: '8.8.8.8', detourMs: 0 },
    { name: 'Cloudflare DNS', ip: '1.1.1.1', detourMs: 4 },
    { name: 'El País', ip: 'elpais.com', detourMs: 6 },
    { name: 'Wikipedia', ip: 'es.wikipedia.org', detourMs: 25 },
  ],
  serverDestinations: [
    { name: 'Madrid speed server', ip: 'speed.example.net', detourMs: 0 },
    { name: 'Barcelona speed server', ip: 'bcn.speed.example.net', detourMs: 12 },
    { name: 'Frankfurt speed server', ip: 'fra.speed.example.net', detourMs: 35 },
  ],
  gamingDestinations: [
    { name: 'Fortnite EU', ip: 'eu.fortnite.example.net', detourMs: 20 },
    { name: 'League of Legends EUW', ip: 'euw.lol.example.net', detourMs: 30 },
  ],
  videoDestinations: [
    { name: 'YouTube', ip: 'youtube.com', detourMs: 3 },
    { name: 'Netflix', ip: 'netflix.com', detourMs: 8 },
  ],
} as const;
type DemoDestination = Destination & { detourMs: number };

const pingTargets = demoDestinations.defaultDestinations.slice(0, 2);
const webSites = demoDestinations.defaultDestinations.slice(2);

/**
 * The programs the fleet runs on its own schedule, each test against one of its destinations. `type` is the
 * program type the demo profiles list it under; the DNS program has none: no profile gives it targets.
 */
export const fleetPrograms = [
  {
    program: 'speedtest',
    name: 'Speed test',
    type: 2,
    testTypes: ['http-download', 'http-upload'],
    destinations: demoDestinations.serverDestinations,
  },
  { program: 'ping', name: 'Ping', type: 3, testTypes: ['icmp-ping'], destinations: pingTargets },
  {
    program: 'dns',
    name: 'DNS lookup',
    testTypes: ['dns'],
    destinations: [{ name: 'example.com', ip: 'example.com', detourMs: 0 }],
  },
  { program: 'web', name: 'Web browsing', type: 1, testTypes: ['web-browsing'], destinations: webSites },
  {
    program: 'youtube',
    name: 'Video streaming',
    type: 6,
    testTypes: ['video'],
    destinations: demoDestinations.videoDestinations,
  },
  {
    program: 'gaming',
    name: 'Online gaming',
    type: 5,
    testTypes: ['gaming'],
    destinations: demoDestinations.gamingDestinations,
  },
] as const satisfies readonly {
  program: string;
  name: string;
  type?: 1 | 2 | 3 | 5 | 6;
  testTypes: readonly TestType[];
  destinations: readonly DemoDestination[];
}[];

export type FleetTest = {
  program: string;
  testType: TestType;
  /** A target's name (a launched task's), or one of the demo destinations. */
  destination?: string | DemoDestination | undefined;
};

const tests = fleetPrograms.flatMap(({ program, testTypes }) => testTypes.map((testType) => ({ program, testType })));

/** One of a program's destinations, picked at random. */
export function destinationOf(program: string, random: () => number): DemoDestination | undefined {
  const destinations = fleetPrograms.find((candidate) => candidate.program === program)?.destinations ?? [];
  return destinations[Math.floor(random() * destinations.length)];
}

const rounded = (value: number, digits = 1) => Number(value.toFixed(digits));

/**
 * Plausible KPI values of a test type for a probe at a time: its ISP's quality and the hour's load shape them; a
 * farther destination (`detourMs`) adds latency and costs throughput.
 */
export function kpisFor(probe: VirtualProbe, testType: TestType, at: Date, random: () => number, detourMs = 0) {
  const load = diurnalFactor(at.getUTCHours()) * probe.isp.quality;
  const capacity = probe.type === 'landline' ? 600 : probe.technology === 5 ? 300 : 80;
  const download = (capacity * load * (0.7 + 0.3 * random())) / (1 + detourMs / 50);
  const latency = rounded((probe.type === 'landline' ? 8 : 30) / load + detourMs + random() * 10);
  const packets = () => ({ latency, jitter: rounded(random() * 5, 2), loss: random() < 0.05 ? 1 : 0 });
  const kpis: Record<TestType, () => Record<string, number>> = {
    'http-download': () => ({ download: rounded(download, 2), latency }),
    'ftp-download': () => ({ download: rounded(download * 0.9, 2) }),
    'http-upload': () => ({ upload: rounded(download / 5, 2), latency }),
    'ftp-upload': () => ({ upload: rounded(download / 5.5, 2) }),
    'icmp-ping': packets,
    'tcp-ping': packets,
    twamp: packets,
    gaming: packets,
    traceroute: () => ({ hops: 6 + Math.floor(random() * 8) }),
    dns: () => ({ resolution: rounded(latency / 2) }),
    'web-browsing': () => ({ loadTime: Math.round(800 / load + random() * 400) }),
    video: () => ({ mos: rounded(3 + 2 * load * random(), 2), startTime: Math.round(500 / load) }),
    voip: () => ({
      mos: rounded(3.5 + load * random(), 2),
      jitter: rounded(random() * 8, 2),
      loss: random() < 0.05 ? 1 : 0,
    }),
    messaging: () => ({ deliveryTime: Math.round(300 / load + random() * 200) }),
  };
  return kpis[testType]();
}

/** A number a probe keeps from run to run (its id's hash), for what tells probes apart without a random draw. */
const serialOf = (probeId: string) =>
  [...probeId].reduce((total, character) => (total * 31 + character.charCodeAt(0)) % 65_536, 7);

/** Where the probe's ISP numbers it: an address of its network, and a handset's IMSI. */
function subscriberOf({ probeId, type, isp }: VirtualProbe): Pick<Measurement, 'ip' | 'imsi'> {
  const serial = serialOf(probeId);
  return {
    ...(isp.network ? { ip: `${isp.network}.${serial >> 8}.${serial & 255 || 1}` } : {}),
    ...(type === 'mobile' && isp.mccMnc ? { imsi: `${isp.mccMnc}000000000${serial % 10}` } : {}),
  };
}

/** Share of tests that end in error. */
const errorShare = 0.03;
/** What a failed test's probe tells, spread over its errors: all but `other`, which a real probe uses for the rest. */
const failureReasons = measurementFailureReasons.filter((reason) => reason !== 'other');

/**
 * Whether a test ended in error, and why, from one roll of the dice: the errored share of the rolls spread over the
 * reasons, so that the history's other random values stay as they were.
 */
function outcomeOf(roll: number): Pick<Measurement, 'status' | 'failure'> {
  if (roll < 1 - errorShare) return { status: 'Finished' };
  const index = Math.min(
    Math.floor(((roll - (1 - errorShare)) / errorShare) * failureReasons.length),
    failureReasons.length - 1,
  );
  return { status: 'Error', failure: { reason: failureReasons[index]! } };
}

/** A measurement of a test the probe ran at `at`; mostly Finished, now and then Error (with why). */
export function measurementOf(probe: VirtualProbe, test: FleetTest, at: Date, random: () => number): Measurement {
  const destination: Partial<DemoDestination> | undefined =
    typeof test.destination === 'string' ? { name: test.destination } : test.destination;
  const detourMs = destination?.detourMs ?? 0;
  return {
    schemaVersion: 1,
    measurementId: randomUUID(),
    probeId: probe.probeId,
    program: test.program,
    testType: test.testType,
    ...(destination?.name
      ? { destination: { name: destination.name, ...(destination.ip ? { ip: destination.ip } : {}) } }
      : {}),
    technology: probe.technology as Measurement['technology'],
    isp: probe.isp.name,
    ...subscriberOf(probe),
    measuredAt: at.toISOString(),
    location: { lat: probe.lat, lon: probe.lon },
    taskMode: random() < 0.9 ? 'active' : 'passive',
    ...outcomeOf(random()),
    kpis: kpisFor(probe, test.testType, at, random, detourMs),
  };
}

/** One of the tests the fleet runs on its own schedule, picked at random, against one of its program's destinations. */
export function measurementFor(probe: VirtualProbe, at: Date, random: () => number): Measurement {
  const test = tests[Math.floor(random() * tests.length)]!;
  return measurementOf(probe, { ...test, destination: destinationOf(test.program, random) }, at, random);
}

/** A message a real fleet sends now and then: a missing field, a wrong type, another probe's id. */
export function malformed(measurement: Measurement, random: () => number): unknown {
  const roll = random();
  if (roll < 0.34) {
    const { testType: _dropped, ...rest } = measurement;
    return rest;
  }
  if (roll < 0.67) return { ...measurement, technology: 'LTE' };
  return { ...measurement, measuredAt: 'yesterday' };
}

export function statusOf(probe: VirtualProbe, at: Date, random: () => number): ProbeStatusReport {
  const down = probe.outageUntil > at.getTime();
  return {
    probeId: probe.probeId,
    reportedAt: at.toISOString(),
    state: down ? 'Not available' : 'Available',
    technology: probe.technology as ProbeStatusReport['technology'],
    operator: probe.isp.name,
    ...(probe.type === 'mobile'
      ? { battery: Math.round(40 + random() * 60), signal: Math.round(-110 + random() * 50) }
      : {}),
    ...agentOf(probe),
    location: { lat: probe.lat, lon: probe.lon },
  };
}

/**
 * What a healthy agent says of itself: its version, nothing buffered or dropped, and an NTP-synchronised clock a few
 * tens of ms off. Drawn without `random`, so that the other values of the fleet's seeded run stay as they were.
 */
const agentOf = (probe: VirtualProbe): Partial<ProbeStatusReport> => ({
  softwareVersion: probe.type === 'mobile' ? '2.4.1' : '1.9.3',
  bufferedResults: 0,
  droppedResults: 0,
  clockOffsetMs: (serialOf(probe.probeId) % 81) - 40,
});
