import { z } from 'zod';
import { languages } from '../errors/index.ts';
import { fileRecordSchema } from '../files/file-record.ts';
import { scorecardCalculationRequestSchema } from './scorecard-calculation.ts';

/**
 * `POST /scorecards/{id}/report` body: the calculation's window and version, the instant its data is taken as received
 * until, and the report's language. The report is pinned when asked: its File record (`reproduce`) and the PDF name
 * the version's log position and the instant; asked again with them (`asOf`, `receivedUntil`), the same figures.
 */
export const scorecardReportRequestSchema = scorecardCalculationRequestSchema.extend({
  receivedUntil: z.iso
    .datetime({ offset: true, error: 'validation.invalidDate' })
    .optional()
    .describe('Only the measurements received by then (default: when asked); a window without `to` ends there'),
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
