import { z } from 'zod';

/** What every refusal answers: its catalogue code, the message in the caller's language, and its parameters. */
export const errorResponse = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  details: z.unknown().optional(),
});
/** A list of read-model documents and how many there are. */
export const documentList = z.object({ list: z.array(z.looseObject({ id: z.string() })), count: z.number().int() });
