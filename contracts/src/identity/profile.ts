import { z } from 'zod';
import {
  boundedText,
  configurationName,
  entityId,
  entityIds,
  inRange,
  missingOr,
  technologyCode,
  timeZoneName,
  utcInstant,
} from '../configuration/common.ts';
import { imageDataUrlSchema, kilobyte } from '../configuration/images.ts';
import { layerSchema } from './layers.ts';

/** Fringes (docs/product/entities.md#value-lists): 0 morning, 1 afternoon, 2 night. */
export const fringeCodes = [0, 1, 2] as const;

/** A KPI the profile may analyse, with the fringes it is shown in and whether lower values are better. */
export const profileKpiSchema = z.object({
  id: entityId,
  fringes: z.array(z.literal(fringeCodes, { error: missingOr('validation.invalidOption') })).default([0, 1, 2]),
  inverse: z.boolean({ error: 'validation.invalidOption' }).default(false),
});

/** The fringes one of the profile's KPIs is shown in (`PUT /profile/update/kpis/{id}/fringes`). */
export const kpiFringesChangeSchema = z.object({
  fringes: z.array(z.literal(fringeCodes, { error: missingOr('validation.invalidOption') })),
});

/** A campaign granted to the profile, with the part of its life the profile sees. */
export const profileCampaignSchema = z.object({
  id: entityId,
  name: boundedText(1, 64).optional(),
  startDate: utcInstant.optional(),
  endDate: utcInstant.optional(),
});

export const profileIspSchema = z.object({ id: entityId, label: boundedText(1, 64).optional() });

/** A destination (target) of a test type: a name and a host name or IP address. */
export const destinationSchema = z.object({
  name: boundedText(1, 128),
  ip: boundedText(1, 255),
});

/** Program entries (docs/product/entities.md#profile): 1 URL, 2 server, 3 quality, 5 gaming, 6 video. */
export const programTypes = [1, 2, 3, 5, 6] as const;
export const programSchema = z.object({
  id: entityId,
  type: z.literal(programTypes, { error: missingOr('validation.invalidOption') }),
  program: boundedText(1, 128),
  groups: z.array(boundedText(1, 64)).default([]),
});

/** The built-in CSV template every profile has: not stored, offered first, never deleted. */
export const defaultCsvTemplateId = 'default';

/**
 * The favourites and the order of a profile's CSV templates, kept on the profile so that the rule across them
 * (docs/product/states.md#csv-template-favourites: at least one favourite) holds under concurrent changes. Only the
 * platform sets it (`/profile/csvTemplates/…`).
 */
export const csvTemplatePreferencesSchema = z.object({
  favorites: z.array(entityId).min(1, 'csvTemplates.lastFavorite'),
  order: z.array(entityId).default([]),
});
export type CsvTemplatePreferences = z.output<typeof csvTemplatePreferencesSchema>;
/** A profile that never chose: the default template is its favourite. */
export const initialCsvTemplatePreferences: CsvTemplatePreferences = { favorites: [defaultCsvTemplateId], order: [] };

export const profileRoles = ['admin', 'user'] as const;
export const profileServices = ['landline', 'mobile'] as const;

/** A profile image under 512 KB, png, jpg or jpeg (docs/product/rules.md#images). */
export const profileImageMaxBytes = 512 * kilobyte - 1;

/**
 * Profile (docs/product/entities.md#profile): the screens (layers) a user working under it reaches, and the data it
 * restricts them to. An empty restriction list (technologies, KPIs, ISPs, tags, probes, campaigns, clusters) restricts
 * nothing but what the profile owns; the date range (tsStart, tsEnd) bounds every query.
 */
export const profileFieldsSchema = z.object({
  name: configurationName,
  rol: z.enum(profileRoles, { error: missingOr('validation.invalidOption') }).default('user'),
  service: z.enum(profileServices, { error: missingOr('validation.invalidOption') }).default('landline'),
  apiAccess: z.boolean({ error: 'validation.invalidOption' }).default(false),
  isAgent: z.boolean({ error: 'validation.invalidOption' }).default(false),
  isGod: z.boolean({ error: 'validation.invalidOption' }).default(false),
  useClusters: z.boolean({ error: 'validation.invalidOption' }).default(false),
  image: imageDataUrlSchema({ maxBytes: profileImageMaxBytes, tooLarge: 'profiles.imageTooLarge' }).optional(),
  layers: z.array(layerSchema).default([]),
  startPage: z.string().trim().max(128, 'validation.tooLong').optional(),
  technologies: z.array(technologyCode).default([]),
  kpis: z.array(profileKpiSchema).default([]),
  campaigns: z.array(profileCampaignSchema).default([]),
  clusters: entityIds,
  probes: entityIds,
  isps: z.array(profileIspSchema).default([]),
  tags: entityIds,
  programs: z.array(programSchema).default([]),
  timeZone: timeZoneName.default('Etc/UTC'),
  timeZoneOffset: inRange(z.number().int(), -840, 840).optional(),
  defaultDestinations: z.array(destinationSchema).default([]),
  serverDestinations: z.array(destinationSchema).default([]),
  gamingDestinations: z.array(destinationSchema).default([]),
  videoDestinations: z.array(destinationSchema).default([]),
  tsStart: utcInstant.optional(),
  tsEnd: utcInstant.optional(),
  csvTemplates: csvTemplatePreferencesSchema.optional(),
});
export type ProfileFields = z.output<typeof profileFieldsSchema>;
export type Profile = ProfileFields & { id: string };
