import { z } from 'zod';
import { measurementFilterFields } from '../analytics/measurement-filters.ts';
import { selectionFields, withSelectionRules } from '../analytics/query-ir.ts';
import { csvOptionsRequestSchema } from './csv-options.ts';
import { fileRecordSchema } from './file-record.ts';

/**
 * `POST /api/types/{service}/programs/{programs}/csv` body: the template whose columns the file has (by default the
 * profile's first favourite for that service, else the default template), the graphic filters that narrow the
 * measurements and how the file is written (`csv`, by default as the caller's language has it); the programs come
 * from the path.
 */
export const csvExtractionRequestSchema = withSelectionRules(
  selectionFields.omit({ programs: true }).extend({
    templateId: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'resource.notFound')
      .optional()
      .describe('A template of the profile for this service; default: its first favourite'),
    statuses: measurementFilterFields.statuses,
    testTypes: measurementFilterFields.testTypes,
    csv: csvOptionsRequestSchema.optional(),
  }),
);
export type CsvExtractionRequest = z.output<typeof csvExtractionRequestSchema>;

/** What it answers (202): the File record the extraction job writes, in progress; its status is followed on the files. */
export const csvExtractionAnswerSchema = z.object({ file: fileRecordSchema });
export type CsvExtractionAnswer = z.output<typeof csvExtractionAnswerSchema>;
