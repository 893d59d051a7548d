import type { MeasurementDetails } from '@nq/contracts/measurements/measurement';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen } from '../../../shared/testing/render-screen.tsx';
import { MeasurementObservations } from './MeasurementObservations.tsx';

const fact = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
const draw = async (details: MeasurementDetails | undefined, language: 'en' | 'es' = 'en') => {
  fakeApi();
  return renderScreen(<MeasurementObservations details={details} />, { language });
};

describe('what a test observed, in the measurement detail', () => {
  it('shows the HTTP timings phase by phase in the order they happen, bytes, status, the tool and its reference', async () => {
    await draw({
      timings: { total: 412.5, tls: 48, dns: 12.25, firstByte: 230, connect: 30.1, redirect: 5 },
      bytes: 1_234_567,
      httpStatus: 200,
      tool: 'nq-probe 1.2.0',
      sourceRef: 'msm 1001/prb 6001',
    });

    expect(screen.getByRole('heading', { name: 'What the test observed' })).toBeInTheDocument();
    const timings = within(screen.getByRole('heading', { name: 'HTTP timings' }).closest('section')!);
    expect(timings.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'DNS lookup',
      'Connection',
      'TLS handshake',
      'First byte',
      'Total time',
      'redirect',
    ]);
    expect(fact('DNS lookup')).toHaveTextContent('12.25 ms');
    expect(fact('Total time')).toHaveTextContent('412.5 ms');
    expect(fact('Bytes transferred')).toHaveTextContent('1,234,567');
    expect(fact('HTTP status')).toHaveTextContent('200');
    expect(fact('Tool')).toHaveTextContent('nq-probe 1.2.0');
    expect(fact('Reference at the source')).toHaveTextContent('msm 1001/prb 6001');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists a traceroute’s hops as a table, a hop nothing answered said so, in Spanish', async () => {
    await draw(
      {
        hops: [
          { hop: 1, address: '192.168.1.1', rtts: [0.8, 1.1, 0.9] },
          { hop: 2, rtts: [] },
          { hop: 3, address: '2001:db8::1', rtts: [12.5] },
        ],
        sent: 3,
        received: 2,
        retransmits: 4,
      },
      'es',
    );

    const hops = screen.getByRole('table', { name: 'Saltos del traceroute' });
    expect(
      within(hops)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Salto', 'Dirección', 'Tiempos de ida y vuelta']);
    const rows = within(hops)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['1', '192.168.1.1', '0,8 ms · 1,1 ms · 0,9 ms'],
      ['2', 'Sin respuesta', ''],
      ['3', '2001:db8::1', '12,5 ms'],
    ]);
    expect(fact('Enviados')).toHaveTextContent('3');
    expect(fact('Recibidos')).toHaveTextContent('2');
    expect(fact('Segmentos retransmitidos')).toHaveTextContent('4');
  });

  it('shows a DNS answer: its response code and records, or that it had none', async () => {
    const { unmount } = await draw({ rcode: 'NOERROR', answers: ['93.184.216.34', '93.184.216.35'] });
    expect(fact('DNS response code')).toHaveTextContent('NOERROR');
    expect(
      within(fact('DNS answers') as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['93.184.216.34', '93.184.216.35']);
    unmount();

    await draw({ rcode: 'NXDOMAIN', answers: [] });
    expect(fact('DNS answers')).toHaveTextContent('No records');
  });

  it('shows nothing for a measurement that sent no details', async () => {
    const { unmount } = await draw(undefined);
    expect(screen.queryByRole('heading', { name: 'What the test observed' })).not.toBeInTheDocument();
    unmount();
    await draw({ hops: [], timings: {} });
    expect(screen.queryByRole('heading', { name: 'What the test observed' })).not.toBeInTheDocument();
  });
});
