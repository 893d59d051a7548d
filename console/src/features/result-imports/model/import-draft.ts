import { type ImportFormat, type ImportOption, importFormatOptions } from '@nq/contracts/measurements/result-imports';
import { fromZonedInput } from '../../settings-history/model/zoned-input.ts';
import type { ImportBody } from '../api/result-imports-api.ts';

/** The import form as typed: every option, of which only those the format reads are sent. */
export interface ImportDraft {
  format: ImportFormat;
  from: 'file' | 'url';
  file: File | undefined;
  url: string;
  probe: string;
  program: string;
  technology: string;
  direction: '' | 'download' | 'upload';
  /** A `datetime-local` value, in the profile's time zone. */
  measuredAt: string;
}

export const emptyDraft: ImportDraft = {
  format: 'ripe-atlas',
  from: 'file',
  file: undefined,
  url: '',
  probe: '',
  program: '',
  technology: '',
  direction: '',
  measuredAt: '',
};

export const takesOption = (format: ImportFormat, option: ImportOption) =>
  (importFormatOptions[format] as readonly ImportOption[]).includes(option);

/** The options the format reads, those left empty left out. */
export function optionsOf(draft: ImportDraft, timeZone: string): Omit<ImportBody, 'format' | 'text' | 'url'> {
  const takes = (option: ImportOption) => takesOption(draft.format, option);
  const measuredAt = takes('measuredAt') ? fromZonedInput(draft.measuredAt, timeZone) : undefined;
  return {
    ...(takes('probe') && draft.probe.trim() ? { probe: draft.probe.trim() } : {}),
    ...(takes('program') && draft.program.trim() ? { program: draft.program.trim() } : {}),
    ...(takes('technology') && draft.technology !== '' ? { technology: Number(draft.technology) } : {}),
    ...(takes('direction') && draft.direction ? { direction: draft.direction } : {}),
    ...(measuredAt ? { measuredAt } : {}),
  } as Omit<ImportBody, 'format' | 'text' | 'url'>;
}
