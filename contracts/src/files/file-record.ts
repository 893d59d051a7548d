import { z } from 'zod';
import { narrowedBySchema } from '../analytics/narrowing.ts';
import { catalogueWarningSchema, reproductionPinSchema } from '../analytics/query-result.ts';
import type { LayerId } from '../identity/layers.ts';

// The File record (docs/product/entities.md and states.md): an output a job produces for a user (a CSV extraction, a
// personal dashboard, a scorecard CSV, a measurement report), its status while it is made, and when it ended or was
// deleted.

/**
 * The services of docs/product/entities.md#file-record, among them the scorecard report (PDF) the scorecard screens ask
 * for and the monthly data the regulator's administrators generate (docs/product/api.md#files).
 */
export const fileServices = [
  'csvExtractor',
  'personalDashboard',
  'csvScorecard',
  'measurementReport',
  'scorecardReport',
  'monthlyData',
  'regulatoryReport',
] as const;
export type FileService = (typeof fileServices)[number];

/**
 * The screens a user's own files are reached from: the files screen, and the screens that ask for a file and follow
 * it (the CSV extractor, the scorecard reports, personal dashboards). A profile with any of them lists, follows and
 * downloads its own files.
 */
export const fileLayers = [
  'files_management',
  'csv_extractor',
  'scorecard_live',
  'scorecard_comparison',
  'dashboards_personal',
  'regulatory_format',
] as const satisfies readonly LayerId[];

export const fileStatuses = ['inProgress', 'ready', 'error'] as const;
export type FileStatus = (typeof fileStatuses)[number];

export const fileIdSchema = z.string().regex(/^file-[a-z0-9-]{8,64}$/, 'validation.invalidFormat');

export const fileRecordSchema = z.object({
  id: fileIdSchema,
  service: z.enum(fileServices),
  /** The file's name as downloaded (`extraction-2026-03-01.csv`). */
  name: z.string(),
  status: z.enum(fileStatuses),
  /** While in progress: how far the job has come. */
  progress: z.object({ percent: z.number().min(0).max(100).optional(), rows: z.number().int().optional() }).optional(),
  /** Bytes, once ready. */
  size: z.number().int().nonnegative().optional(),
  createdAt: z.iso.datetime(),
  /** When it became ready or failed. */
  endedAt: z.iso.datetime().optional(),
  measurementId: z.string().optional(),
  /** Set once the file is deleted (by retention): it is listed only when deleted files are shown. */
  deletedAt: z.iso.datetime().optional(),
  /** Why it failed: a catalogue code. */
  errorCode: z.string().optional(),
  /** Runs the file has had (1, then one more per retry). */
  attempts: z.number().int().positive(),
  /** What the owner's profile narrowed the file's content by, when it did (a CSV extraction's measurements). */
  narrowedBy: narrowedBySchema.optional(),
  /**
   * What its content was pinned to when it was asked for (a CSV extraction, a scorecard report): the configuration's
   * log position and the instant its data is taken as received until. Asked again with both, the same content.
   */
  reproduce: reproductionPinSchema.optional(),
  /** What its owner should know of its content, once ready (access narrowed since the position it reproduces). */
  warnings: z.array(catalogueWarningSchema).optional(),
});
export type FileRecord = z.output<typeof fileRecordSchema>;

export const fileListQuerySchema = z.object({
  showDeleted: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('List deleted files too'),
  service: z.enum(fileServices).optional(),
  status: z.enum(fileStatuses).optional(),
  measurementId: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type FileListQuery = z.output<typeof fileListQuerySchema>;

export const fileListSchema = z.object({ list: z.array(fileRecordSchema), count: z.number().int() });
export type FileList = z.output<typeof fileListSchema>;

export const fileDownloadRequestSchema = z.object({
  ids: z.array(fileIdSchema).min(1, 'validation.required').max(50, 'validation.tooBig'),
});

/** A short-lived signed address that downloads the files (several in one zip) without signing the request. */
export const fileDownloadLinkSchema = z.object({
  url: z.string().describe('Relative to the API: GET it within the expiry'),
  expiresAt: z.iso.datetime(),
});
export type FileDownloadLink = z.output<typeof fileDownloadLinkSchema>;
