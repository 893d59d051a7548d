import type { Province } from './spain-provinces.ts';

/** What a probe of the panel is and runs: its type, family and task suite (by name, as the CSV import names it). */
export interface ProbeKind {
  type: 'landline' | 'mobile';
  family: 'Cube' | 'Picoprobe' | 'Agent';
  taskSuite: string;
  /** The CSV's `input` column: how it reaches the network. */
  input: 'Ethernet' | 'Wifi' | 'Mobile';
  /** The technologies it measures on, as results report them. */
  technologies: number[];
}

export const probeKinds: readonly ProbeKind[] = [
  { type: 'landline', family: 'Cube', taskSuite: 'Panel fixed fibre', input: 'Ethernet', technologies: [98] },
  { type: 'landline', family: 'Picoprobe', taskSuite: 'Panel fixed wifi', input: 'Wifi', technologies: [99, 100] },
  { type: 'mobile', family: 'Agent', taskSuite: 'Panel mobile', input: 'Mobile', technologies: [4, 5] },
];

const download = {
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
};
export const pingTask = {
  type: 'icmp-ping',
  id: 'ping',
  name: 'Ping Google DNS',
  interval: 300_000,
  timeout: 30_000,
  servers: [{ host: '8.8.8.8' }],
};
const dns = {
  type: 'dns',
  id: 'dns',
  name: 'DNS lookup',
  interval: 300_000,
  timeout: 10_000,
  domains: ['example.com'],
};

/** One task suite per kind of probe, as the demo's landline suite is written. */
export const panelTaskSuites = probeKinds.map((kind) => ({
  name: kind.taskSuite,
  family: kind.family,
  backendInfo: { resultReport: { mode: 'Immediately' }, statusReport: { mode: 'Interval', interval: 60_000 } },
  tasks: [download, pingTask, dns],
  taskRules: { executionMode: 'sync', scheduling: { measurementTtl: 86_400_000 } },
}));

/** Fixed dates rather than today's: the same seed makes the same campaigns, and they cover the years around now. */
const campaignDates = { startDate: '2026-01-01T00:00:00Z', endDate: '2030-12-31T23:59:59Z' };

const ring = (points: [number, number][]) => ({ type: 'Polygon', coordinates: [[...points, points[0]!]] });

const rectangleAround = ({ lat, lon, spread }: Province) =>
  ring([
    [lon - spread, lat - spread],
    [lon + spread, lat - spread],
    [lon + spread, lat + spread],
    [lon - spread, lat + spread],
  ]);

/** A hexagon half the province's spread around its capital: its urban area. */
const hexagonAround = ({ lat, lon, spread }: Province) =>
  ring(
    Array.from({ length: 6 }, (_, corner): [number, number] => {
      const angle = (corner * Math.PI) / 3;
      return [
        Number((lon + (spread / 2) * Math.cos(angle)).toFixed(5)),
        Number((lat + (spread / 2) * Math.sin(angle)).toFixed(5)),
      ];
    }),
  );

/** Two mobile campaigns per province: the province (a rectangle) and its capital's urban area (a hexagon). */
export const campaignsOf = (province: Province) => [
  { name: `${province.name} drive test`, ...campaignDates, polygon: rectangleAround(province) },
  { name: `${province.name} urban`, ...campaignDates, polygon: hexagonAround(province) },
];
