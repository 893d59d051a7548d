import { clipped, type FormatSettings, type ImportedMeasurement } from './result-format.ts';

/**
 * The probe of a format whose results name none (ndt7, iperf3, Ookla): the import's, its measurements under the
 * import's program or else the format's own.
 */
export const importProbeOf = (settings: FormatSettings, program: string) => ({
  probeId: settings.probeId,
  program: settings.program ?? program,
});

/** The probe's public address and its ISP, as the tool saw them. */
export const clientOf = (ip: string | undefined, isp?: string): Pick<ImportedMeasurement, 'ip' | 'isp'> => ({
  ...(ip ? { ip: clipped(ip, 64) } : {}),
  ...(isp ? { isp: clipped(isp, 128) } : {}),
});

/** The server measured against, named by its host (or its address), with its address when known; none unnamed. */
export const destinationOf = (name: string | undefined, ip?: string): Pick<ImportedMeasurement, 'destination'> =>
  name ? { destination: { name: clipped(name, 128), ...(ip ? { ip } : {}) } } : {};
