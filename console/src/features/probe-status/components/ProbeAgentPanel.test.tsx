import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import type { ProbeStatusDetail } from '../api/probe-status-api.ts';
import { ProbeAgentPanel } from './ProbeAgentPanel.tsx';

const now = new Date('2026-03-02T10:05:00.000Z');
const healthy: ProbeStatusDetail = {
  probeId: 'mad001',
  name: 'Madrid office',
  type: 'landline',
  status: 'Available',
  state: 'Available',
  lastReportAt: '2026-03-02T10:00:00.000Z',
  technology: 98,
  operator: 'Movistar',
  battery: null,
  lastContactAt: '2026-03-02T10:00:00.000Z',
  softwareVersion: '2.4.1',
  bufferedResults: 1234,
  droppedResults: 0,
  clockOffsetMs: 35,
};

/** The value shown beside a fact's name. */
const factValue = (name: string) => {
  const fact = screen.getAllByTestId('agent-fact').find((item) => within(item).queryByText(name, { selector: 'dt' }));
  if (!fact) throw new Error(`no fact named ${name}`);
  return fact.querySelector('dd')!;
};

let api: FakeApi;
beforeEach(() => {
  // Only the clock: the screen's own timers and Testing Library's waits keep running.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  api = fakeApi();
  signIn(api, testProfile({ rol: 'admin', timeZone: 'Europe/Madrid' }));
});
afterEach(() => vi.useRealTimers());

const renderPanel = (detail: ProbeStatusDetail | ReturnType<typeof answer>, language: 'en' | 'es' = 'en') => {
  api.get('/probes/mad001/status', detail);
  return renderScreen(<ProbeAgentPanel probeId="mad001" />, { language });
};

describe('Probe agent panel', () => {
  it('shows the agent’s version, its last contact (relative and in the profile’s time zone) and its figures', async () => {
    await renderPanel(healthy);

    expect(await screen.findByText('2.4.1')).toBeInTheDocument();
    // Received at 10:00 UTC, five minutes ago: 11:00 in Madrid, in March.
    expect(factValue('Last contact')).toHaveTextContent('5 minutes ago · Mar 2, 2026, 11:00 AM');
    expect(factValue('Buffered results')).toHaveTextContent('1,234');
    expect(within(factValue('Buffered results')).getByText('1,234')).toHaveAccessibleDescription(
      /not acknowledged yet/,
    );
    expect(within(factValue('Dropped results')).getByText('0')).not.toHaveClass('bg-rose-100');
    expect(factValue('Clock offset')).toHaveTextContent('+35 ms');
    expect(screen.queryByText(/Beyond ±2 s/)).not.toBeInTheDocument();
  });

  it('makes dropped results stand out, and says they are lost', async () => {
    await renderPanel({ ...healthy, droppedResults: 42 });

    const dropped = await screen.findByText('⚠ 42');
    expect(dropped).toHaveClass('bg-rose-100');
    expect(dropped).toHaveAccessibleDescription(/disk buffer was full: they are lost/);
  });

  it('warns when the probe’s clock is more than 2 s off, in Spanish too', async () => {
    await renderPanel({ ...healthy, clockOffsetMs: -2_600 }, 'es');

    expect(
      await screen.findByText('Más de ±2 s: las horas de sus mediciones están desfasadas otro tanto.'),
    ).toBeVisible();
    expect(factValue('Desfase del reloj')).toHaveTextContent('⚠ -2,6 s');
    expect(factValue('Último contacto')).toHaveTextContent('hace 5 minutos · 2 mar 2026, 11:00');
    expect(factValue('Resultados en búfer')).toHaveTextContent('1234');
  });

  it('says what an agent that does not report a figure leaves out', async () => {
    await renderPanel({
      ...healthy,
      softwareVersion: null,
      bufferedResults: null,
      droppedResults: null,
      clockOffsetMs: null,
    });

    await screen.findByText('Software version', { selector: 'dt' });
    for (const name of ['Software version', 'Buffered results', 'Dropped results', 'Clock offset'])
      expect(factValue(name)).toHaveTextContent('Not reported');
  });

  it('says when the probe never reported', async () => {
    await renderPanel({ ...healthy, state: null, lastReportAt: null, lastContactAt: null });
    expect(await screen.findByText('No report yet')).toBeInTheDocument();
  });

  it('says when its status cannot be read, without a toast', async () => {
    await renderPanel(answer(404, { code: 'probes.notFound' }));
    expect(await screen.findByText("The agent's status could not be read.")).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
