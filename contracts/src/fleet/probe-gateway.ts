import { z } from 'zod';

// What a probe and the probe gateway say to each other besides the measurement and the status report: one contract
// for the gateway's routes and the probe agent.

/** The gateway's base path. */
export const gatewayBasePath = '/gateway/v1';

/** Headers on every gateway answer to a probe. */
export const probeHeaders = {
  /** The platform's clock (ms since the epoch) when it took the request: the probe estimates its clock offset. */
  serverTime: 'x-server-time',
  /** When the credentials the request was signed with end (ISO 8601): the probe renews them before. */
  credentialsExpireAt: 'x-credentials-expire-at',
} as const;

/** A probe's configuration: its settings (with its own secrets) and its task suite, versioned for `If-None-Match`. */
export const gatewayConfigurationSchema = z.object({
  version: z.string(),
  probe: z.looseObject({}),
  taskSuite: z.looseObject({}).nullable(),
});
export type GatewayConfiguration = z.output<typeof gatewayConfigurationSchema>;

/** Why an item of a batch was refused, per field. */
export const batchRejectionSchema = z.object({
  index: z.number().int(),
  id: z.string().optional(),
  problems: z.array(
    z.object({
      field: z.string(),
      code: z.string().optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      message: z.string(),
    }),
  ),
});
/** The answer to a batch: how many items were taken, and each refused one with its problems. */
export const batchAnswerSchema = z.object({ accepted: z.number().int(), rejected: z.array(batchRejectionSchema) });
export type BatchAnswer = z.output<typeof batchAnswerSchema>;

/** Credentials a probe signs with, and when they end. */
export const probeCredentialsSchema = z.object({
  clientId: z.string(),
  clientSecret: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type ProbeCredentials = z.output<typeof probeCredentialsSchema>;

/** The most probes one request may issue credentials for (a panel is provisioned in a few requests). */
export const maxProbesPerCredentialsIssue = 10_000;

export const probeCredentialsIssueSchema = z.object({
  probeIds: z
    .array(z.string().min(1, 'validation.required').max(64, 'validation.tooLong'))
    .min(1, 'validation.required')
    .max(maxProbesPerCredentialsIssue, 'validation.tooBig'),
});

/** Credentials issued for many probes: each probe's (its secret shown only now), and the ids not found or not seen. */
export const probeCredentialsIssuedSchema = z.object({
  list: z.array(probeCredentialsSchema.extend({ probeId: z.string() })),
  notFound: z.array(z.string()),
});
