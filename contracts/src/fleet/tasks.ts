import { z } from 'zod';
import { boundedText, inRange, missingOr } from '../configuration/common.ts';
import {
  count,
  errorThreshold,
  ftpUrl,
  host,
  httpUrl,
  layer3SettingsSchema,
  milliseconds,
  packetBytes,
  percentiles,
  port,
  positiveMilliseconds,
  rampUp,
  servers,
  taskDuration,
  threadsSchema,
  twampPacketBytes,
  wholeNumber,
} from './task-arguments.ts';

// The task catalogue (docs/product/entities.md#task-suite: many arguments per test type; rules.md#task-rules): one
// schema per test type, told apart by `type`. Times are in milliseconds. An argument keeps one meaning and one JSON
// type across task types, because the read models index the tasks of every suite together.

const option = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.enum(values, { error: missingOr('validation.invalidOption') });

/** Multitask is parallel traffic (the task runs alongside others) or none (docs/product/entities.md#value-lists). */
export const multitaskModes = ['parallelTraffic', 'none'] as const;

/** What every task has. `interval` is the time between two runs of the task; `timeout` ends a run that overruns. */
const taskBase = z.object({
  id: z
    .string({ error: missingOr('validation.invalidFormat') })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'validation.invalidFormat'),
  name: boundedText(1, 64),
  interval: positiveMilliseconds,
  duration: taskDuration.optional(),
  timeout: positiveMilliseconds,
  multitask: option(multitaskModes).default('none'),
});

const task = <const Type extends string, Shape extends z.ZodRawShape>(type: Type, shape: Shape) =>
  taskBase.extend({ type: z.literal(type), ...shape });

/** Layer 3 settings (wait, send time and TTL), for the tasks that send their own packets. */
const layer3 = { layer3: layer3SettingsSchema.optional() };

/** HTTP download or upload: from a file URL, or else against the servers; it runs for `duration`. */
const httpTransfer = {
  url: httpUrl.optional(),
  servers,
  duration: taskDuration,
  threads: threadsSchema,
  connectTimeout: positiveMilliseconds,
  transferTimeout: positiveMilliseconds,
  /** The share of the duration spent ramping up, left out of the result. */
  rampUp: rampUp.default(0),
  percentiles,
  errorThreshold: errorThreshold.optional(),
};

/** FTP download or upload of a file. `burstDelay` spaces bursts of transfers: zero or a multiple of the interval. */
const ftpTransfer = {
  url: ftpUrl,
  /** The FTP login (anonymous without one). Its password is not stored here yet: it belongs with the sealed secrets. */
  username: z.string().trim().max(128, 'validation.tooLong').optional(),
  threads: threadsSchema,
  ipEstablishmentTimeout: positiveMilliseconds,
  ftpEstablishmentTimeout: positiveMilliseconds,
  transferTimeout: positiveMilliseconds,
  burstDelay: milliseconds.default(0),
};

/** ICMP or TCP ping of the servers. A TCP ping's packets carry 40 header bytes more (tcpPingWireBytes). */
const ping = {
  servers,
  count: count.default(10),
  packetSize: packetBytes.default(56),
  packetInterval: positiveMilliseconds.default(1000),
  percentiles,
  ...layer3,
};

/** YouTube qualities (also used for other video streams; docs/product/entities.md#value-lists). */
export const videoQualities = ['tiny', 'small', 'medium', 'large', 'hd720', 'hd1080', 'hd1440', 'hd2160'] as const;

/** Video playback for `duration`; with `videoMos`, a MOS per sample of 3 s (videoMosSampleMs). */
const videoPlayback = {
  url: httpUrl,
  quality: option(videoQualities),
  duration: taskDuration,
  videoMos: z.boolean().default(false),
};

/** A call to a phone number or SIP address for `duration`. */
const call = {
  destination: z
    .string({ error: missingOr('validation.invalidFormat') })
    .trim()
    .min(1, 'validation.required')
    .max(128, 'validation.tooLong'),
  duration: taskDuration,
};

export const voipCodecs = ['G.711', 'G.722', 'G.729', 'AMR', 'AMR-WB', 'OPUS'] as const;
export const polqaDirections = ['uplink', 'downlink', 'both'] as const;
export const tracerouteProtocols = ['icmp', 'udp', 'tcp'] as const;
export const dnsRecordTypes = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'PTR', 'SOA', 'SRV', 'TXT', 'ANY'] as const;
/** The probe's own resolver, or the external DNS servers of the task. */
export const dnsResolvers = ['probe', 'external'] as const;
export const messagingApps = ['whatsapp', 'telegram', 'facebookMessenger', 'signal'] as const;
export const messagingActions = ['text', 'image', 'voiceNote', 'videoCall'] as const;

export const taskSchemas = [
  task('http-download', httpTransfer),
  task('http-upload', httpTransfer),
  task('ftp-download', ftpTransfer),
  task('ftp-upload', { ...ftpTransfer, fileSize: wholeNumber.gt(0, 'validation.mustBePositive') }),
  task('icmp-ping', ping),
  task('tcp-ping', { ...ping, port: port.default(80) }),
  task('twamp', {
    servers,
    packetSize: twampPacketBytes,
    count: count.default(100),
    packetInterval: positiveMilliseconds.default(1000),
    ...layer3,
  }),
  /** `ttl` bounds the whole trace: more than hops × 3000 + 5000 ms. */
  task('traceroute', {
    host,
    hops: inRange(wholeNumber, 1, 64).default(30),
    ttl: positiveMilliseconds,
    protocol: option(tracerouteProtocols).default('icmp'),
    ...layer3,
  }),
  task('dns', {
    domains: z.array(host).min(1, 'validation.required'),
    recordType: option(dnsRecordTypes).default('A'),
    resolver: option(dnsResolvers).default('probe'),
    servers,
  }),
  /** Pages loaded in Chrome, which takes 15 s to start (chromeInitialisationMs). */
  task('web-browsing', {
    urls: z.array(httpUrl).min(1, 'validation.required'),
    pageLoadTimeout: positiveMilliseconds,
  }),
  task('youtube', videoPlayback),
  task('video', videoPlayback),
  task('voip', { ...call, codec: option(voipCodecs).default('G.711') }),
  task('voice-polqa', { ...call, samples: count.default(1), direction: option(polqaDirections).default('both') }),
  task('gaming', {
    servers,
    duration: taskDuration,
    packetSize: packetBytes.default(64),
    packetInterval: positiveMilliseconds.default(50),
    ...layer3,
  }),
  task('messaging', {
    app: option(messagingApps),
    action: option(messagingActions).default('text'),
    /** A phone number; without one, the probe's own destination (e.g. its WhatsApp destination). */
    destination: z.string().trim().regex(/^\d+$/, 'validation.digitsOnly').optional(),
  }),
] as const;

export const taskSchema = z.discriminatedUnion('type', taskSchemas, { error: missingOr('validation.invalidOption') });
export type Task = z.output<typeof taskSchema>;
export type TaskType = Task['type'];
export type TaskOf<Type extends TaskType> = Extract<Task, { type: Type }>;
export const taskTypes = taskSchemas.map((schema) => schema.shape.type.value) as TaskType[];
