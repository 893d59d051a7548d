import { describe, expect, it } from 'vitest';
import { kpiDefinitionOf, percentileKpiId } from './kpis.ts';

describe('the KPIs a measurement may carry', () => {
  it("reads a catalogue KPI's percentile as that KPI, in its unit and direction, named with the percentile", () => {
    expect(percentileKpiId('latency', 90)).toBe('latencyP90');
    expect(percentileKpiId('download', 99.9)).toBe('downloadP99_9');
    expect(kpiDefinitionOf('latencyP90')).toMatchObject({
      id: 'latencyP90',
      label: { en: 'Latency (p90)', es: 'Latencia (p90)' },
      unit: 'ms',
      inverse: true,
    });
    expect(kpiDefinitionOf('downloadP99_9')?.label.en).toBe('Download speed (p99.9)');
    expect(kpiDefinitionOf('download')?.label.en).toBe('Download speed');
  });

  it('knows no other id', () => {
    for (const id of ['telepathyP50', 'latencyP', 'latency90', 'P50']) expect(kpiDefinitionOf(id)).toBeUndefined();
  });
});
