import { z } from 'zod';
import { technologyCode } from '../configuration/common.ts';
import { errorCodeSchema } from '../errors/index.ts';
import { probeIdSchema } from '../fleet/probe.ts';

// Imports of results measured elsewhere (docs/features/result-imports.md): what `POST /measurements/imports` takes, how
// `GET /measurements/imports/{id}` and the list answer an import, and the report it ends with.

/** The formats results measured elsewhere are imported from. */
export const importFormats = ['ripe-atlas', 'ndt7', 'iperf3', 'ookla'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** The largest file an import reads (uncompressed): a larger one is refused whole, before any row is read. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
export const maxImportMegabytes = MAX_IMPORT_BYTES / (1024 * 1024);

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
    .describe('When results that carry no time were measured (the ndt7 client’s summary, iperf3 output without one)'),
});
export type ImportOptions = z.output<typeof importOptionsSchema>;
export type ImportOption = keyof ImportOptions;

/**
 * The options each format reads: RIPE Atlas results name their probes and carry their times; only ndt7 rows may
 * leave their direction unsaid; the ndt7 client's summary (and an iperf3 run without its start time) carries no time.
 */
export const importFormatOptions = {
  'ripe-atlas': ['program', 'technology'],
  ndt7: ['probe', 'program', 'technology', 'direction', 'measuredAt'],
  iperf3: ['probe', 'program', 'technology', 'measuredAt'],
  ookla: ['probe', 'program', 'technology'],
} as const satisfies Record<ImportFormat, readonly ImportOption[]>;

/** Why a text is not an address an import downloads from: its scheme (`ftp:`) when it is not http or https. */
function unsupportedScheme(text: string): string | undefined {
  if (!URL.canParse(text)) return 'not a URL';
  const url = new URL(text);
  if (!['http:', 'https:'].includes(url.protocol)) return url.protocol;
  return url.hostname === '' ? 'no host' : undefined;
}

/** `POST /measurements/imports`: the file's text, or the address to download it from. */
export const importRequestSchema = importOptionsSchema
  .extend({
    format: importFormatSchema,
    url: z
      .string()
      .max(2048, 'validation.tooLong')
      .superRefine((url, context) => {
        const reason = unsupportedScheme(url);
        if (reason)
          context.addIssue({ code: 'custom', message: 'resultImports.urlNotAllowed', params: { url, reason } });
      })
      .optional()
      .describe(
        'A public http or https address the file is downloaded from (gzip-compressed or not); not one of the ' +
          'platform’s own network (loopback, private, link-local…), nor one that redirects there',
      ),
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

/** The first refusals a report lists (the count says how many there were). */
export const LISTED_REFUSALS = 500;

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
  refusals: z.array(importRefusalSchema).describe(`The first ${LISTED_REFUSALS} results refused`),
  probesCreated: z.array(z.string()).describe('Probes the import created'),
  programs: z.array(z.string()).describe('The programs of the measurements imported (the first 100)'),
});
export type ImportReport = z.output<typeof importReportSchema>;

/** An import's job: queued (or waiting to be tried again), running, then how it ended. */
export const importStates = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ImportState = (typeof importStates)[number];
export const importHasEnded = (state: ImportState) => state !== 'queued' && state !== 'running';

const messaged = { message: z.string().describe('The code’s message in the caller’s language') };

const importBaseSchema = z.object({
  id: z.string(),
  format: importFormatSchema,
  url: z.string().optional().describe('The address it was downloaded from (absent for a file sent)'),
  state: z.enum(importStates),
  progress: z.object({
    rows: z.number().int().optional().describe('Results read so far'),
    percent: z.number().int().optional(),
  }),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().optional(),
  error: z
    .object({ code: errorCodeSchema, params: importRefusalSchema.shape.params, ...messaged })
    .optional()
    .describe('Once failed: why nothing (more) was imported'),
});

/** An import as `GET /measurements/imports/{id}` answers it: its state and progress, then its report or why it failed. */
export const importStatusSchema = importBaseSchema.extend({
  report: importReportSchema
    .extend({ refusals: z.array(importRefusalSchema.extend(messaged)) })
    .optional()
    .describe('Once completed'),
});
export type ImportStatus = z.output<typeof importStatusSchema>;

/**
 * An import as the list answers it: its report's figures without the refusals (up to 500 each, with their messages,
 * they would make a page of imports megabytes long): `GET /measurements/imports/{id}` has them.
 */
export const importSummarySchema = importBaseSchema.extend({
  report: importReportSchema.omit({ refusals: true }).optional().describe('Once completed, without its refusals'),
});
export type ImportSummary = z.output<typeof importSummarySchema>;

const pageNumber = z.coerce.number({ error: 'validation.invalidNumber' }).int('validation.invalidNumber');

/** `GET /measurements/imports`: a page of the profile's imports, newest first. */
export const importListQuerySchema = z.object({
  page: pageNumber.min(1, 'validation.tooSmall').default(1),
  pageSize: pageNumber.min(1, 'validation.tooSmall').max(200, 'validation.tooBig').default(25),
});
export type ImportListQuery = z.output<typeof importListQuerySchema>;

export const importListSchema = z.object({
  list: z.array(importSummarySchema),
  count: z.number().int().describe('Every import of the profile'),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ImportList = z.output<typeof importListSchema>;
