import { describe, expect, it } from 'vitest';
import { textsForTests } from '../../../shared/i18n/texts-for-tests.ts';
import { programText } from '../../../shared/i18n/value-texts.ts';
import { pointFacts } from './point-facts.ts';

const point = {
  measurementId: 'm-1',
  probeId: 'simdemo1',
  probeType: 'landline',
  source: 'panel',
  program: 'speedtest',
  testType: 'http-download',
  status: 'Finished',
  taskMode: 'active',
  measuredAt: '',
  receivedAt: '',
  technology: '99',
  technologyLabel: 'WiFi 2.4 GHz',
  isp: 'Vodafone',
  lat: '40.41',
  lon: '-3.70',
  campaigns: 'Madrid;Centro',
  download: '296.51',
};

describe('a map point’s detail', () => {
  it('names every column as the measurement detail does, in Spanish, never by its key', async () => {
    const { t } = await textsForTests('es');
    const programName = (id: string) => programText(t, id);
    const facts = Object.fromEntries(pointFacts(point, 'download', t, 'es', 'Etc/UTC', programName));
    expect(facts).toMatchObject({
      Medición: 'm-1',
      'Tipo de sonda': 'Fija',
      Origen: 'Panel propio',
      Programa: 'Prueba de velocidad',
      'Tipo de prueba': 'Descarga HTTP',
      'Sección de resultado': 'Finalizada',
      Tecnología: 'WiFi 2,4 GHz',
      Ubicación: '40.41, -3.70',
      Campañas: 'Madrid, Centro',
      'Velocidad de descarga': '296.51',
    });
    expect(Object.keys(facts).join(' ')).not.toMatch(/measurementId|testType|technologyLabel|download/);
    expect(Object.values(facts)).not.toContain('speedtest');
  });
});
