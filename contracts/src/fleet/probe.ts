import { z } from 'zod';
import { boundedText, entityId, entityIds, missingOr, technologyCode, timeZoneName } from '../configuration/common.ts';
import { backendInfoSchema } from './backend-info.ts';
import { probeFamilySchema } from './probe-families.ts';

// Probe (docs/product/entities.md#probe) and its rules (docs/product/rules.md#probe). Every message is a catalogue
// code. Secrets (wifi and APN passwords, VoIP and service passwords) are given in clear and stored sealed (see
// `secretField`): the API never shows them again except to an administrator who asks for them.

export const probeTypes = ['landline', 'mobile'] as const;
/** docs/product/states.md#probe-status. */
export const probeStatuses = ['Available', 'Not available', 'Ready', 'Not ready'] as const;
export const deployments = ['Integration', 'Staging', 'Production'] as const;
export const applyOperatorModes = ['default', 'always', 'never'] as const;
/**
 * How a probe reaches the network (its connection's access type): the technology filter choices but "Any"
 * (docs/product/entities.md#value-lists).
 */
export const probeAccessTypes = ['Ethernet', 'Wifi', 'Mobile'] as const;

/** Lowercase letters and digits, no spaces (docs/product/rules.md#probe). */
export const probeIdSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(64, 'validation.tooLong')
  .regex(/^[a-z0-9]+$/, 'probes.idInvalidFormat');

const ipv4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const text = (max = 128) => boundedText(0, max).optional();
const flag = z.boolean({ error: 'validation.invalidOption' }).optional();
const option = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: missingOr('validation.invalidOption') });
const digits = (code: 'probes.portInvalid' | 'probes.whatsappInvalid') =>
  z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d{1,32}$/, code));
const coordinate = (min: number, max: number, code: 'probes.latitudeInvalid' | 'probes.longitudeInvalid') =>
  z.number({ error: code }).min(min, code).max(max, code);

/** A sealed secret as stored (AES-256-GCM, `v1:` + base64url of iv, tag and ciphertext). */
export const sealedSecretSchema = z.strictObject({ sealed: z.string().regex(/^v1:[\w-]+$/) });
/** A secret: given in clear (stored sealed), or the sealed value already stored (kept as is). */
export const secretField = z.union([z.string().max(256, 'validation.tooLong'), sealedSecretSchema]).optional();

export const wifiSchema = z.object({
  interface: text(32),
  ssid: boundedText(1, 64),
  password: secretField,
  force: flag,
});

export const apnSchema = z.object({
  name: boundedText(1, 64),
  apn: boundedText(1, 128),
  mcc: text(3),
  mnc: text(3),
  numeric: text(6),
  server: text(),
  user: text(),
  password: secretField,
  type: text(32),
  authtype: text(16),
});

const account = z.object({ user: text(), password: secretField });

export const probeFieldsSchema = z.object({
  // Identity and location
  probeId: probeIdSchema,
  name: boundedText(1, 128),
  family: probeFamilySchema,
  type: option(probeTypes),
  status: option(probeStatuses).default('Not ready'),
  campaign: entityId.optional(),
  deployment: option(deployments).default('Production'),
  taskSuite: entityId.optional(),
  universe: entityId.optional(),
  cluster: entityId.optional(),
  tags: entityIds,
  userId: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d{9,12}$/, 'probes.userIdInvalid'))
    .optional(),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+?\d{3,20}$/, 'validation.digitsOnly')
    .optional(),
  phoneExtension: text(8),
  country: text(64),
  region: text(64),
  town: text(64),
  address: text(256),
  postCode: text(16),
  firstName: text(64),
  lastName: text(64),
  latitude: coordinate(-90, 90, 'probes.latitudeInvalid').optional(),
  longitude: coordinate(-180, 180, 'probes.longitudeInvalid').optional(),
  /** CSV import of probes (docs/product/rules.md#csv-import-of-probes): the probe's local time zone. */
  timeZone: timeZoneName.optional(),
  fixedGps: z
    .object({
      type: z.literal('Point', { error: 'validation.invalidOption' }),
      coordinates: z.tuple([
        coordinate(-180, 180, 'probes.longitudeInvalid'),
        coordinate(-90, 90, 'probes.latitudeInvalid'),
      ]),
      name: text(),
      speed: z.number({ error: 'validation.invalidNumber' }).min(0, 'validation.tooSmall').optional(),
    })
    .optional(),
  // Device settings
  device: z
    .object({
      reboot: z
        .object({ enabled: z.boolean(), intervalHours: z.number().int().min(1, 'validation.tooSmall').max(8760) })
        .optional(),
      dns: z
        .object({
          primary: z.string().trim().regex(ipv4, 'probes.dnsInvalid').optional(),
          secondary: z.string().trim().regex(ipv4, 'probes.dnsInvalid').optional(),
        })
        .optional(),
      ntpServers: z
        .array(z.object({ address: boundedText(1, 255), port: digits('probes.portInvalid').optional() }))
        .default([]),
      wifi: z.array(wifiSchema).default([]),
      apns: z.array(apnSchema).default([]),
      roaming: flag,
      forceTechnology: technologyCode.optional(),
      ipMode: option(['ipv4', 'ipv6', 'dual'] as const).optional(),
      debug: flag,
      offlineMode: flag,
      aggressiveMode: flag,
    })
    .default({ ntpServers: [], wifi: [], apns: [] }),
  // Connection data
  connection: z
    .object({
      accessType: text(32),
      operator: text(64),
      applyOperator: option(applyOperatorModes).default('default'),
      centre: text(64),
      centreCode: text(32),
      distance: z.number().min(0, 'validation.tooSmall').optional(),
      region: text(64),
      routerModel: text(64),
      contracted: text(64),
      expectedDownload: z.string().trim().max(8, 'probes.expectedSpeedTooLong').optional(),
      expectedUpload: z.string().trim().max(8, 'probes.expectedSpeedTooLong').optional(),
      ssidd: text(64),
    })
    .default({ applyOperator: 'default' }),
  // Credentials
  credentials: z
    .object({
      voip: z.object({ tag: text(), name: text(), password: secretField, registerId: text() }).optional(),
      whatsappDestination: digits('probes.whatsappInvalid').optional(),
      facebook: account.optional(),
      twitter: account.optional(),
      netflix: account.optional(),
    })
    .default({}),
  // Backend info
  backend: backendInfoSchema.default({}),
  // Further settings: kept as given, shaped by the probe software's own versions.
  further: z
    .object({
      layer3: z.record(z.string(), z.unknown()).optional(),
      layer4: z.record(z.string(), z.unknown()).optional(),
      audioGateway: z.record(z.string(), z.unknown()).optional(),
      voipApp: z.record(z.string(), z.unknown()).optional(),
      softwareUpdate: z.object({ updateMode: text(32) }).optional(),
      taskRules: z.record(z.string(), z.unknown()).optional(),
      scheduling: z.record(z.string(), z.unknown()).optional(),
    })
    .default({}),
});
export type ProbeFields = z.output<typeof probeFieldsSchema>;
export type ProbeInput = z.input<typeof probeFieldsSchema>;
