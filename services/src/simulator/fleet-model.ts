import { randomUUID } from 'node:crypto';
import type { Measurement, ProbeInput, ProbeStatusReport } from '@nq/contracts';
import { seededRandom } from '../platform/seeded-random.ts';

export { seededRandom };

// A virtual probe fleet in real geography: landline and mobile probes over several ISPs, producing results whose
// quality follows the hour of the day and the ISP, with outages and a small share of malformed messages.

export interface Geography {
  name: string;
  country: string;
  /** [west, south, east, north] */
  bbox: [number, number, number, number];
  isps: { name: string; quality: number }[];
}

export const geographies: Record<string, Geography> = {
  madrid: {
    name: 'Madrid',
    country: 'Spain',
    bbox: [-3.83, 40.33, -3.58, 40.52],
    isps: [
      { name: 'Movistar', quality: 1.0 },
      { name: 'Vodafone', quality: 0.9 },
      { name: 'Orange', quality: 0.85 },
      { name: 'Digi', quality: 0.8 },
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
  isp: { name: string; quality: number };
  technology: number;
  lat: number;
  lon: number;
  /** Until when it is down (epoch ms). */
  outageUntil: number;
}

/** A fleet's probes follow their position in it: their id (per run) and their type. */
export const fleetProbeId = (run: string, index: number) => `sim${run}${index.toString(36)}`;
const fleetProbeType = (index: number): VirtualProbe['type'] => (index % 3 === 0 ? 'mobile' : 'landline');

/** The fleet `npm start` runs for the demo; the demo configuration puts its probes in its clusters. */
export const demoFleet = { run: 'demo', probes: 12, rate: 3, geography: geographies.madrid! };

/** The ids of the demo fleet's probes of a type. */
export const demoFleetProbeIds = (type: VirtualProbe['type']) =>
  Array.from({ length: demoFleet.probes }, (_, index) => index)
    .filter((index) => fleetProbeType(index) === type)
    .map((index) => fleetProbeId(demoFleet.run, index));

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

const tests = [
  { program: 'speedtest', testType: 'http-download' },
  { program: 'speedtest', testType: 'http-upload' },
  { program: 'ping', testType: 'icmp-ping' },
  { program: 'dns', testType: 'dns' },
  { program: 'web', testType: 'web-browsing' },
  { program: 'youtube', testType: 'video' },
] as const;

const rounded = (value: number, digits = 1) => Number(value.toFixed(digits));

/** Plausible KPI values of a test type for a probe at a time: its ISP's quality and the hour's load shape them. */
export function kpisFor(probe: VirtualProbe, testType: TestType, at: Date, random: () => number) {
  const load = diurnalFactor(at.getUTCHours()) * probe.isp.quality;
  const capacity = probe.type === 'landline' ? 600 : probe.technology === 5 ? 300 : 80;
  const download = capacity * load * (0.7 + 0.3 * random());
  const latency = rounded((probe.type === 'landline' ? 8 : 30) / load + random() * 10);
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

/** A measurement of a test the probe ran at `at`; mostly Finished, now and then Error. */
export function measurementOf(
  probe: VirtualProbe,
  test: { program: string; testType: TestType; destination?: string | undefined },
  at: Date,
  random: () => number,
): Measurement {
  return {
    schemaVersion: 1,
    measurementId: randomUUID(),
    probeId: probe.probeId,
    program: test.program,
    testType: test.testType,
    ...(test.destination ? { destination: { name: test.destination } } : {}),
    technology: probe.technology as Measurement['technology'],
    isp: probe.isp.name,
    measuredAt: at.toISOString(),
    location: { lat: probe.lat, lon: probe.lon },
    taskMode: random() < 0.9 ? 'active' : 'passive',
    status: random() < 0.97 ? 'Finished' : 'Error',
    kpis: kpisFor(probe, test.testType, at, random),
  };
}

/** One of the tests the fleet runs on its own schedule, picked at random. */
export const measurementFor = (probe: VirtualProbe, at: Date, random: () => number): Measurement =>
  measurementOf(probe, tests[Math.floor(random() * tests.length)]!, at, random);

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
    location: { lat: probe.lat, lon: probe.lon },
  };
}
