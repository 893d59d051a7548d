import { errorCodeSchema, probeIdSchema, technologyCode } from '@nq/contracts';
import type { JobState } from '@nq/platform/jobs/job-queue-port';
import { z } from 'zod';

/** The formats results measured elsewhere are imported from (docs/features/result-imports.md). */
export const importFormats = ['ripe-atlas', 'ndt7', 'iperf3', 'ookla'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** The largest file an import reads (uncompressed): a larger one is refused whole, before any row is read. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
export const maxImportMegabytes = MAX_IMPORT_BYTES / (1024 * 1024);

/** An address an import may download from: http or https, to a host. */
export const isHttpUrl = (text: string) =>
  URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol) && new URL(text).hostname !== '';

export const importFormatSchema = z.enum(importFormats, { error: 'validation.invalidOption' });

/** What the importer says about results that do not say it themselves. */
export const importOptionsSchema = z.object({
  probe: probeIdSchema
    .optional()
    .describe(
      'ndt7, iperf3 and ookla: the probe the results are attributed to, created (yours) when it does not exist; ' +
        'default `imported<format>`. RIPE Atlas results name their own probes (`ripeatlas<prb_id>`)',
    ),
  program: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(128, 'validation.tooLong')
    .optional()
    .describe('The program of every measurement; default `ripe-atlas-<msm_id>`, `m-lab-ndt7`, `iperf3`, `ookla`'),
  technology: technologyCode.optional().describe('The access technology measured on; default 0 (none told)'),
  direction: z
    .enum(['download', 'upload'], { error: 'validation.invalidOption' })
    .optional()
    .describe('ndt7: what rows that do not say measured (rows of M-Lab’s unified views)'),
  measuredAt: z.iso
    .datetime({ offset: true, error: 'validation.invalidDate' })
    .optional()
    .describe('When results that carry no time were measured (the ndt7 client’s summary)'),
});
export type ImportOptions = z.output<typeof importOptionsSchema>;

/** `POST /measurements/imports`: the file's text, or the address to download it from. */
export const importRequestSchema = importOptionsSchema
  .extend({
    format: importFormatSchema,
    url: z
      .string()
      .max(2048, 'validation.tooLong')
      .refine(isHttpUrl, 'resultImports.urlNotAllowed')
      .optional()
      .describe('An http or https address the file is downloaded from (gzip-compressed or not)'),
    text: z.string().optional().describe(`The file itself, at most ${maxImportMegabytes} MB`),
  })
  .superRefine((body, context) => {
    if ((body.url === undefined) === (body.text === undefined))
      context.addIssue({ code: 'custom', path: ['text'], message: 'validation.required' });
  });
export type ImportRequest = z.output<typeof importRequestSchema>;

/** A result refused, where the file has it, and why (a catalogue code and its params). */
export const importRefusalSchema = z.object({
  index: z.number().int().describe('The result’s position among the file’s results, from 0'),
  line: z.number().int().describe('The line of the file it starts on, from 1'),
  code: errorCodeSchema,
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  field: z.string().optional().describe('The field at fault, when one is'),
});
export type ImportRefusal = z.output<typeof importRefusalSchema>;

/** What an import did: kept as its job's result, answered by its route, printed by `nq import`. */
export const importReportSchema = z.object({
  format: importFormatSchema,
  read: z.number().int().describe('Results read from the file'),
  imported: z.number().int().describe('Measurements put on their way to the measurements store'),
  duplicates: z.object({
    stored: z.number().int().describe('Measurements already stored (imported before): left as they were'),
    inFile: z.number().int().describe('Measurements the file holds more than once: imported once'),
  }),
  refused: z.number().int().describe('Results refused'),
  refusals: z.array(importRefusalSchema).describe('The first 500 results refused'),
  probesCreated: z.array(z.string()).describe('Probes the import created'),
  programs: z.array(z.string()).describe('The programs of the measurements imported (the first 100)'),
});
export type ImportReport = z.output<typeof importReportSchema>;

const jobStateSchema = z.enum(['queued', 'running', 'completed', 'failed', 'cancelled'] as const satisfies JobState[]);
const messaged = { message: z.string().describe('The code’s message in the caller’s language') };

/** An import as its route answers it: the job's state and progress, then its report or why it failed. */
export const importStatusSchema = z.object({
  id: z.string(),
  format: importFormatSchema,
  url: z.string().optional().describe('The address it was downloaded from (absent for a file sent)'),
  state: jobStateSchema,
  progress: z.object({
    rows: z.number().int().optional().describe('Results read so far'),
    percent: z.number().int().optional(),
  }),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().optional(),
  report: importReportSchema
    .extend({ refusals: z.array(importRefusalSchema.extend(messaged)) })
    .optional()
    .describe('Once completed'),
  error: z
    .object({ code: errorCodeSchema, params: importRefusalSchema.shape.params, ...messaged })
    .optional()
    .describe('Once failed: why nothing (more) was imported'),
});
export type ImportStatus = z.output<typeof importStatusSchema>;
