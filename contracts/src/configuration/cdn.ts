import { z } from 'zod';
import {
  activeStatus,
  configurationName,
  entityId,
  isHttpUrl,
  latitude,
  longitude,
  missingOr,
  technologyCode,
} from './common.ts';

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const cdnSize = z.number({ error: missingOr('cdns.sizeInvalid') }).gt(0, 'cdns.sizeInvalid');

/** What a CDN target is used for: files downloaded from it, or bodies uploaded (sent) to it. */
export const cdnTypes = ['download', 'upload'] as const;

export const cdnHeaderSchema = z.object({
  name: z.string({ error: 'cdns.headerIncomplete' }).trim().min(1, 'cdns.headerIncomplete'),
  value: z.string({ error: 'cdns.headerIncomplete' }).trim().min(1, 'cdns.headerIncomplete'),
});

/** Per technology: the share of tests that use this CDN (trigger, 0 to 1) and the size to transfer. */
export const cdnTechnologySchema = z.object({
  technology: technologyCode,
  trigger: z
    .number({ error: missingOr('cdns.triggerOutOfRange') })
    .min(0, 'cdns.triggerOutOfRange')
    .max(1, 'cdns.triggerOutOfRange'),
  size: cdnSize,
});

/**
 * CDN (docs/product/entities.md#cdn) and its rules (docs/product/rules.md#cdn). The name is unique (case-insensitive).
 */
export const cdnFieldsSchema = z.object({
  name: configurationName,
  url: z
    .string({ error: missingOr('cdns.urlInvalid', 'cdns.urlRequired') })
    .trim()
    .min(1, { error: 'cdns.urlRequired', abort: true })
    .refine(isHttpUrl, 'cdns.urlInvalid'),
  type: z.enum(cdnTypes, { error: missingOr('cdns.typeInvalid') }),
  tags: z.array(z.string().regex(/^[a-z0-9]+$/, 'cdns.tagInvalid')).default([]),
  status: activeStatus,
  size: cdnSize,
  /** The provider's id. */
  provider: entityId.optional(),
  location: z.object({ latitude, longitude }).optional(),
  httpHeaders: z.array(cdnHeaderSchema).default([]),
  /** Sent as the request body; JSON text. */
  requestBody: z.string().refine(isJson, 'cdns.requestBodyInvalid').optional(),
  technologies: z.array(cdnTechnologySchema).default([]),
});
export type CdnFields = z.output<typeof cdnFieldsSchema>;
