import { z } from 'zod';
import { catalogueError, type HttpErrorCode } from '../errors/index.ts';

// Schema pieces shared by configuration entities. Every message is a catalogue code (validation-error.ts turns it
// into a per-field code). Add new exports here; do not change existing ones under other entities' feet.

/** The message of a type error: `missing` when the value is absent, otherwise `invalid`. */
export const missingOr =
  (invalid: HttpErrorCode, missing: HttpErrorCode = 'validation.required') =>
  (issue: { input?: unknown }) =>
    issue.input == null ? missing : invalid;

/** Trimmed text of `min` to `max` characters (`validation.tooShort` / `validation.tooLong`). */
export const boundedText = (min: number, max: number) =>
  z
    .string({ error: missingOr('validation.invalidFormat') })
    .trim()
    .min(min, 'validation.tooShort')
    .max(max, 'validation.tooLong');

/** The name of a configuration entity (provider, CDN, MOS, scorecard…): 1 to 64 characters. */
export const configurationName = boundedText(1, 64);

/** A required finite number. */
export const numberValue = z.number({ error: missingOr('validation.invalidNumber') });

/** A number of `schema` from `min` to `max`: `validation.outOfRange`, whose message names both bounds. */
export const inRange = <Schema extends z.ZodNumber>(schema: Schema, min: number, max: number): Schema => {
  const error = catalogueError('validation.outOfRange', { min, max });
  return schema.min(min, { error }).max(max, { error });
};

/** A number greater than 0. */
export const positiveNumber = numberValue.gt(0, 'validation.mustBePositive');

/** A percentage: 0 to 100, decimals allowed. */
export const percentage = inRange(numberValue, 0, 100);

/** A colour as `#rrggbb`, stored lower-case. */
export const hexColour = z
  .string({ error: missingOr('validation.invalidFormat') })
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, 'validation.invalidFormat')
  .describe('#rrggbb');

/** CDN, alert and scorecard status (docs/product/states.md#active-and-inactive). */
export const activeStatuses = ['Active', 'Inactive'] as const;
export const activeStatus = z.enum(activeStatuses, { error: missingOr('validation.invalidOption') }).default('Active');

/** The id of another entity (a KPI, a provider…). */
export const entityId = z
  .string({ error: missingOr('validation.invalidFormat') })
  .trim()
  .min(1, 'validation.required');

/** Ids of other entities (campaigns, clusters…); empty when none. */
export const entityIds = z.array(entityId).default([]);

export const latitude = inRange(numberValue, -90, 90);
export const longitude = inRange(numberValue, -180, 180);

/**
 * Technology codes (docs/product/entities.md#value-lists): 0 none, 2 2G … 5 5G, 98 Ethernet, 99–102 WiFi 2.4/5/6/7 GHz.
 */
export const technologyCodes = [0, 2, 3, 4, 5, 98, 99, 100, 101, 102] as const;
export const technologyCode = z.literal(technologyCodes, { error: missingOr('validation.invalidOption') });
export type TechnologyCode = (typeof technologyCodes)[number];
export const technologyLabels: Record<TechnologyCode, string> = {
  0: 'None',
  2: '2G',
  3: '3G',
  4: '4G',
  5: '5G',
  98: 'Ethernet',
  99: 'WiFi 2.4 GHz',
  100: 'WiFi 5 GHz',
  101: 'WiFi 6 GHz',
  102: 'WiFi 7 GHz',
};

// Intl lists canonical zones only: the product's default, Etc/UTC, is an alias it leaves out.
const timeZones = new Set([...Intl.supportedValuesOf('timeZone'), 'Etc/UTC']);
export const isTimeZone = (zone: string) => timeZones.has(zone);
/** An IANA time zone name (e.g. `Europe/Madrid`). */
export const timeZoneName = z.string().trim().refine(isTimeZone, 'validation.invalidOption');

/**
 * An instant given as an ISO date (`2026-03-01`, midnight UTC) or an ISO date-time with `Z` or an offset; stored
 * normalised to UTC (`2026-03-01T09:00:00.000Z`), so stored values compare as text and parse back unchanged.
 */
export const utcInstant = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: missingOr('validation.invalidDate') })
  .transform((value) => new Date(value).toISOString())
  .describe('ISO 8601 date or date-time with Z or offset; stored in UTC');

/** A test for absolute URLs with a host and one of these protocols (e.g. `['ftp:']`). */
export const isUrlWith = (protocols: readonly string[]) => (text: string) => {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return protocols.includes(url.protocol) && url.hostname !== '';
};

export const isHttpUrl = isUrlWith(['http:', 'https:']);

/** Optional free text (a description): at most 500 characters. */
export const descriptionText = boundedText(0, 500).optional();
