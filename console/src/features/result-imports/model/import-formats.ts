import type { ImportFormat } from '@nq/contracts/measurements/result-imports';

/** The tools' own names, the same in every language (their descriptions are the interface's texts). */
export const formatNames: Record<ImportFormat, string> = {
  'ripe-atlas': 'RIPE Atlas',
  ndt7: 'M-Lab ndt7',
  iperf3: 'iperf3',
  ookla: 'Ookla Speedtest CLI',
};

/** The program and probe an import gives results that name none (docs/features/result-imports.md#formats). */
export const formatDefaults: Record<ImportFormat, { program: string; probe?: string }> = {
  'ripe-atlas': { program: 'ripe-atlas-<msm_id>' },
  ndt7: { program: 'm-lab-ndt7', probe: 'importedndt7' },
  iperf3: { program: 'iperf3', probe: 'importediperf3' },
  ookla: { program: 'ookla', probe: 'importedookla' },
};
