import { type Task, type TaskType, taskSchema } from '@nq/contracts';

// Valid task suite bodies for the tests: one task of every type, each within every rule.

type Body = Record<string, unknown>;

const common = (type: TaskType) => ({ id: type, name: `${type} task`, type, interval: 60_000, timeout: 60_000 });
const layer3 = { waitTime: 60_000, sendTime: 60_000, ttl: 60_000 };

export const validTasks: Record<TaskType, Body> = {
  'http-download': {
    ...common('http-download'),
    url: 'https://speed.example.com/100MB.bin',
    duration: 15_000,
    threads: { initial: 2, max: 8 },
    connectTimeout: 5_000,
    transferTimeout: 20_000,
    timeout: 30_000,
  },
  'http-upload': {
    ...common('http-upload'),
    servers: [{ host: 'speed.example.com', port: 8080 }],
    duration: 15_000,
    threads: { initial: 1, max: 4 },
    connectTimeout: 5_000,
    transferTimeout: 20_000,
    timeout: 30_000,
    rampUp: 0.2,
    percentiles: [10, 50, 90, 95, 99],
    errorThreshold: 0.055,
  },
  'ftp-download': {
    ...common('ftp-download'),
    url: 'ftp://ftp.example.com/10MB.bin',
    threads: { initial: 1, max: 1 },
    ipEstablishmentTimeout: 5_000,
    ftpEstablishmentTimeout: 5_000,
    transferTimeout: 30_000,
    timeout: 40_000,
    burstDelay: 120_000,
  },
  'ftp-upload': {
    ...common('ftp-upload'),
    url: 'ftps://ftp.example.com/upload/',
    username: 'probe',
    threads: { initial: 1, max: 2 },
    ipEstablishmentTimeout: 5_000,
    ftpEstablishmentTimeout: 5_000,
    transferTimeout: 30_000,
    fileSize: 10_000_000,
  },
  'icmp-ping': { ...common('icmp-ping'), servers: [{ host: '8.8.8.8' }] },
  'tcp-ping': { ...common('tcp-ping'), servers: [{ host: 'example.com', port: 443 }], layer3 },
  twamp: { ...common('twamp'), servers: [{ host: 'twamp.example.com' }], packetSize: 41, layer3 },
  traceroute: { ...common('traceroute'), host: 'example.com', hops: 10, ttl: 40_000 },
  dns: {
    ...common('dns'),
    domains: ['example.com', 'example.org'],
    recordType: 'ANY',
    resolver: 'external',
    servers: [{ host: '1.1.1.1' }],
  },
  'web-browsing': { ...common('web-browsing'), urls: ['https://example.com'], pageLoadTimeout: 10_000 },
  youtube: {
    ...common('youtube'),
    url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    quality: 'hd1080',
    duration: 30_000,
    videoMos: true,
  },
  video: { ...common('video'), url: 'https://video.example.com/clip.mp4', quality: 'hd2160', duration: 30_000 },
  voip: { ...common('voip'), destination: '+34600000000', duration: 30_000, codec: 'AMR-WB' },
  'voice-polqa': {
    ...common('voice-polqa'),
    destination: 'sip:polqa@example.com',
    duration: 20_000,
    interval: 600_000,
  },
  gaming: { ...common('gaming'), servers: [{ host: 'game.example.com', port: 3074 }], duration: 20_000 },
  messaging: { ...common('messaging'), app: 'whatsapp', destination: '34600000000' },
};

/** A valid task of this type with these changes. */
export const taskBody = (type: TaskType, changes: Body = {}): Body => ({ ...validTasks[type], ...changes });

/** The task as the suite stores it (defaults filled in). */
export const storedTask = (type: TaskType, changes: Body = {}): Task => taskSchema.parse(taskBody(type, changes));

/** A valid suite with one task of every type. */
export const validSuite = (changes: Body = {}): Body => ({
  name: 'Madrid mobile suite',
  family: 'Cube',
  backendInfo: {
    httpUrl: 'https://collector.example.com/results',
    statusReport: { mode: 'Interval', interval: 300_000 },
    resultReport: { mode: 'Immediately' },
    sms: { number: '34600000001', interval: 3_600_000 },
  },
  tasks: Object.values(validTasks),
  taskRules: {
    executionMode: 'alternate',
    needGps: true,
    randomizeTasks: true,
    checkConnection: true,
    scheduling: {
      start: { weekday: 1, hour: 8, minute: 0 },
      end: { weekday: 5, hour: 20, minute: 30 },
      pingInterval: 60_000,
      testInterval: 900_000,
      measurementInterval: 3_600_000,
      measurementTtl: 172_800_000,
      measurementCount: 24,
      passiveLimits: { distance: 500, dataConsumption: 1024, battery: 20 },
    },
    speedRequirements: { download: 1_000, upload: 256 },
  },
  ...changes,
});
