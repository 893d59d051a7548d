import type { VirtualProbe } from '@nq/services/simulator/fleet-model';
import type { PanelProbe } from './panel-probes.ts';

/** The panel's probe as the fleet model measures and reports: its place, operator and technology. */
export const virtualProbeOf = (probe: PanelProbe): VirtualProbe => ({
  probeId: probe.probeId,
  type: probe.kind.type,
  isp: probe.operator.isp,
  technology: probe.technology,
  lat: probe.lat,
  lon: probe.lon,
  outageUntil: 0,
});
