import { z } from 'zod';
import { languages } from '../errors/index.ts';
import { fileRecordSchema } from '../files/file-record.ts';
import { scorecardCalculationRequestSchema } from './scorecard-calculation.ts';

/** `POST /scorecards/{id}/report` body: the calculation's window and version, and the report's language. */
export const scorecardReportRequestSchema = scorecardCalculationRequestSchema.extend({
  language: z
    .enum(languages, { error: 'validation.invalidOption' })
    .optional()
    .describe("The report's language; default: the request's Accept-Language"),
});
export type ScorecardReportRequest = z.output<typeof scorecardReportRequestSchema>;

/**
 * What it answers (202): the File record the report job writes, in progress; files management follows it to ready
 * (and its download), and its owner is told by e-mail.
 */
export const scorecardReportAnswerSchema = z.object({ file: fileRecordSchema });
export type ScorecardReportAnswer = z.output<typeof scorecardReportAnswerSchema>;
