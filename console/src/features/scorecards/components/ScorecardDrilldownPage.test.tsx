import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SentRequest } from '../../../shared/testing/fake-api.ts';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import ScorecardDrilldownPage from './ScorecardDrilldownPage.tsx';
import { movistar, octoberCalculation, orange, reportFile, scorecardId, withProviders } from './scorecard-fixtures.ts';

const drilldown = `/api/graphic/scorecard/${scorecardId}/drilldown`;
const at = (search: string) => ({
  path: '/scorecard_live/:id/drilldown',
  at: `/scorecard_live/${scorecardId}/drilldown${search}`,
});

/** The colours configured for the providers (the answer gives them, from the providers' read model). */
const colours: Record<string, string> = { [movistar]: '#019df4', [orange]: '#ff7900' };

/** Two days of the asked KPI for the asked provider: Movistar's values are 10× Orange's. */
const daily = (request: SentRequest) => {
  const { kpi, entity } = request.body as { kpi: string; entity: string };
  const base = (entity === movistar ? 10 : 1) * (kpi === 'latency' ? 3 : 2);
  return {
    kind: 'metric',
    metric: 'avg',
    warnings: [],
    series: [
      {
        key: { provider: entity },
        colours: { provider: colours[entity] },
        buckets: [
          { key: '2026-10-05T00:00:00.000Z', count: 1, value: base },
          { key: '2026-10-06T00:00:00.000Z', count: 1, value: base + 1 },
        ],
      },
    ],
    configuration: octoberCalculation.configuration,
    window: octoberCalculation.live.window,
  };
};

let api: FakeApi;
beforeEach(() => {
  api = withProviders(fakeApi())
    .get(`/scorecards/${scorecardId}/calculations`, octoberCalculation)
    .post(drilldown, daily)
    .post('/api/graphic/change-markers', {
      list: [
        {
          at: '2026-10-05T12:00:00.000Z',
          kind: 'scorecard',
          entityId: scorecardId,
          entityName: 'Madrid quality',
          event: 'ScorecardUpdated',
          fields: ['kpis'],
        },
      ],
      count: 1,
      capped: false,
    });
  signIn(api);
});

describe('Scorecard drilldown', () => {
  it('draws one chart per KPI, a line per provider named, over the exact window and version of the scores', async () => {
    await renderScreen(<ScorecardDrilldownPage />, at('?from=2026-10-01&to=2026-10-31'));
    const charts = await screen.findAllByTestId('drilldown-chart');
    expect(charts.map((chart) => chart.dataset.kpi)).toEqual(['download', 'latency']);
    const latency = within(charts[1]!).getByTestId('graphic-chart');
    expect(latency).toHaveAccessibleName('Latency over time');
    // Each provider by name (the providers list may answer after the series), with its values (the chart's data table).
    await waitFor(() => expect(latency).toHaveTextContent(/Movistar.*Orange/));
    expect(latency).toHaveTextContent('31');

    // The scorecard's redefinition within the window is marked, linking to its settings history (its own request,
    // which may answer after the series').
    expect(await within(charts[0]!).findByTestId('change-marker')).toHaveTextContent('Madrid quality');
    expect(api.sent('POST', '/api/graphic/change-markers')[0]?.body).toEqual({
      scorecardId,
      tsStart: '2026-10-01T00:00:00.000Z',
      tsEnd: '2026-10-31T23:59:59.999Z',
    });

    const asked = api.sent('POST', drilldown).map((request) => request.body);
    expect(asked).toHaveLength(4);
    expect(asked).toContainEqual({
      kpi: 'latency',
      entity: orange,
      from: '2026-10-01T00:00:00.000Z',
      to: '2026-10-31T23:59:59.999Z',
      asOf: '120:1',
    });
  });

  it("draws each provider in the colour configured for it, on every KPI's chart as on every other screen", async () => {
    await renderScreen(<ScorecardDrilldownPage />, at(''));
    const charts = await screen.findAllByTestId('drilldown-chart');
    expect(charts).toHaveLength(2);
    for (const chart of charts) {
      expect(within(chart).getByRole('button', { name: 'Change the colour of Orange' })).toHaveStyle({
        backgroundColor: '#ff7900',
      });
      expect(within(chart).getByRole('button', { name: 'Change the colour of Movistar' })).toHaveStyle({
        backgroundColor: '#019df4',
      });
    }
  });

  it('shows only the KPI in the address, and lets the user pick another', async () => {
    const { user, router } = await renderScreen(<ScorecardDrilldownPage />, at('?kpi=latency'));
    expect((await screen.findAllByTestId('drilldown-chart')).map((chart) => chart.dataset.kpi)).toEqual(['latency']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'KPI' }), 'download');
    expect(router.state.location.search).toBe('?kpi=download');
    expect((await screen.findAllByTestId('drilldown-chart')).map((chart) => chart.dataset.kpi)).toEqual(['download']);
  });

  it('asks for the PDF report of the window and version of the scores, in the interface language', async () => {
    const report = `/scorecards/${scorecardId}/report`;
    api.post(report, { file: reportFile }).get('/files-management', { list: [], count: 0 });
    const { user } = await renderScreen(<ScorecardDrilldownPage />, {
      ...at('?from=2026-10-01&to=2026-10-31&asOf=120:1&kpi=latency'),
      language: 'es',
    });
    await screen.findAllByTestId('drilldown-chart');
    await user.click(screen.getByRole('button', { name: 'Informe PDF' }));
    expect(await screen.findByRole('status')).toHaveTextContent('El informe PDF se está preparando');
    expect(api.sent('POST', report)[0]?.body).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      asOf: '120:1',
      language: 'es',
    });
  });

  it('shows the catalogue message when the drilldown cannot be calculated', async () => {
    api.post(drilldown, answer(500, { code: 'scorecards.calculateFailed' }));
    await renderScreen(<ScorecardDrilldownPage />, at(''));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not calculate the scorecard.');
    expect(screen.queryByTestId('drilldown-chart')).not.toBeInTheDocument();
  });
});
