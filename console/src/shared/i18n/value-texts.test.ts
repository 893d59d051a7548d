import { technologyCodes } from '@nq/contracts/configuration/common';
import { kpiCatalogue } from '@nq/contracts/measurements/kpis';
import { measurementSources, testTypes } from '@nq/contracts/measurements/measurement';
import { describe, expect, it } from 'vitest';
import { textsForTests } from './texts-for-tests.ts';
import { kpiText, programText, sourceText, technologyText, testTypeText } from './value-texts.ts';

/** The programs the demo fleet runs (services/src/simulator/fleet-model.ts). */
const demoPrograms = ['speedtest', 'ping', 'dns', 'web', 'youtube', 'gaming'];

describe('values sent as codes', () => {
  it.each(['en', 'es'] as const)(
    '%s: every technology, test type, KPI and demo program has a text, never its code',
    async (language) => {
      const { t } = await textsForTests(language);
      expect(technologyCodes.filter((code) => technologyText(t, code) === String(code))).toEqual([]);
      expect(testTypes.filter((type) => testTypeText(t, type) === type)).toEqual([]);
      expect(kpiCatalogue.filter((kpi) => kpiText(kpi.id, language) === kpi.id)).toEqual([]);
      expect(demoPrograms.filter((program) => programText(t, program, 'unnamed') === 'unnamed')).toEqual([]);
    },
  );

  it('names them in the interface language', async () => {
    const { t } = await textsForTests('es');
    expect(technologyText(t, 0)).toBe('Ninguna o sin servicio');
    expect(testTypeText(t, 'http-download')).toBe('Descarga HTTP');
    expect(kpiText('download', 'es')).toBe('Velocidad de descarga');
    expect(kpiText('latencyP90', 'es')).toBe('Latencia (p90)');
    expect(programText(t, 'dns')).toBe('Consulta DNS');
    expect(programText(t, 'speedtest', 'Speed test')).toBe('Prueba de velocidad');
    expect(programText(t, 'custom', 'My program')).toBe('My program');
    expect(sourceText(t, 'panel')).toBe('Panel propio');
  });

  it.each(['en', 'es'] as const)('%s: every measurement source has a text of its own', async (language) => {
    const texts = await textsForTests(language);
    expect(
      measurementSources.filter((source) => !texts.exists(`analysis:sources.${source}`, { lng: language })),
    ).toEqual([]);
    expect(sourceText(texts.t, 'ripe-atlas')).toBe('RIPE Atlas');
  });
});
