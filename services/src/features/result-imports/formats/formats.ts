import type { ImportFormat } from '@nq/contracts';
import { iperf3Format } from './iperf3.ts';
import { ndt7Format } from './ndt7.ts';
import { ooklaFormat } from './ookla.ts';
import type { ResultFormat } from './result-format.ts';
import { ripeAtlasFormat } from './ripe-atlas/ripe-atlas.ts';

export const resultFormats: Record<ImportFormat, ResultFormat> = {
  'ripe-atlas': ripeAtlasFormat,
  ndt7: ndt7Format,
  iperf3: iperf3Format,
  ookla: ooklaFormat,
};
