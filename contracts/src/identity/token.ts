import { z } from 'zod';
import { boundedText } from '../configuration/common.ts';

export const tokenStatuses = ['Active', 'Expired'] as const;

/**
 * Token (docs/product/entities.md#token): generating one. Unlimited requests are for internal use only
 * (docs/product/roles.md#tokens-and-api-credentials).
 */
export const tokenRequestSchema = z.object({
  name: boundedText(1, 64).optional(),
  expiresAt: z.iso.datetime({ offset: true, error: 'validation.invalidDate' }),
  unlimitedRequests: z.boolean({ error: 'validation.invalidOption' }).default(false),
});

export const tokenSchema = z.object({
  tokenId: z.string(),
  name: z.string().optional(),
  profileId: z.string(),
  userId: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  unlimitedRequests: z.boolean(),
  /** Requests per minute, absent when unlimited. */
  rateLimitPerMinute: z.number().int().optional(),
  status: z.enum(tokenStatuses),
});

/** A token or API client as generated: the only time its secret is shown. */
export const issuedCredentialsSchema = z.object({ clientId: z.string(), clientSecret: z.string() });
