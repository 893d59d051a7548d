import type { QueryCoverage } from '@nq/contracts/analytics/query-coverage';
import { translate } from '@nq/contracts/errors/index';
import type { LayerId } from '@nq/contracts/identity/layers';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClock, timePasses, untilAtRest } from '../../../shared/testing/clock-at-rest.ts';
import { type FakeApi, fakeApi, heldAnswers } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import type { StoryboardResponse } from '../api/storyboard.ts';
import StoryboardPage from './StoryboardPage.tsx';

const window = { from: '2026-10-26T13:00:00.000Z', to: '2026-11-25T13:00:00.000Z', timeZone: 'Europe/Madrid' };
const pin = { asOf: '120:4', receivedUntil: '2026-11-25T13:00:00.000Z' };
const board: StoryboardResponse = {
  generatedAt: '2026-11-25T13:00:00.000Z',
  reproduce: pin,
  warnings: [],
  scorecards: {
    data: {
      total: 3,
      list: [
        {
          id: 'sc-mobile',
          name: 'Madrid mobile quality',
          maxScore: 10,
          comparedBy: 'provider',
          configuration: { scorecardId: 'sc-mobile', version: 2, position: '100:1' },
          window,
          previousWindow: { ...window, from: '2026-09-26T13:00:00.000Z', to: '2026-10-26T12:59:59.999Z' },
          entities: [
            { entity: 'p-movistar', name: 'Movistar', rank: 1, score: 8.125, previousScore: 3.75 },
            { entity: 'p-orange', name: 'Orange', rank: null, score: null, previousScore: null },
          ],
        },
        {
          id: 'sc-landline',
          name: 'Madrid fibre',
          error: { code: 'scorecards.calculateFailed', message: 'Could not calculate the scorecard.' },
        },
      ],
    },
  },
  probeStatus: {
    data: { total: 7, byState: { Available: 3, 'Not available': 1, Ready: 2, 'Not ready': 0 }, neverReported: 1 },
  },
  kpis: {
    data: {
      tsStart: '2026-10-27',
      tsEnd: '2026-11-25',
      timeZone: 'Europe/Madrid',
      list: [
        {
          kpi: 'download',
          unit: 'Mbps',
          inverse: false,
          days: [
            { day: '2026-11-23T23:00:00.000Z', value: 40, count: 3 },
            { day: '2026-11-24T23:00:00.000Z', value: 60.5, count: 2 },
          ],
          average: 50.25,
        },
        { kpi: 'latency', unit: 'ms', inverse: true, days: [], average: null },
      ],
    },
  },
  errors: {
    data: {
      count: 12,
      list: [
        {
          measurementId: 'm-42',
          probeId: 'mad001',
          measuredAt: '2026-11-25T10:00:00.000Z',
          program: 'p-home',
          testType: 'http-download',
          isp: 'Movistar',
          technologyLabel: '4G',
        },
      ],
    },
  },
  alerts: null,
};

const layers = (...ids: LayerId[]) => ids.map((id) => ({ id }));
const analyst = testProfile({
  layers: layers('storyboard', 'scorecard_live', 'measurementAnalysis'),
  timeZone: 'Europe/Madrid',
  programs: [{ id: 'p-home', type: 1, program: 'Home broadband' }],
});
const tile = (testId: string) => within(screen.getByTestId(testId));

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().get('/api/storyboard', board);
});

describe('Storyboard', () => {
  it("shows each scorecard's provider scores with their trend, and a scorecard that failed in its place", async () => {
    signIn(api, analyst);
    await renderScreen(<StoryboardPage />, { path: '/storyboard' });

    const movistar = await screen.findByText('8.13 of 10');
    expect(movistar).toHaveAttribute('data-entity', 'p-movistar');
    expect(tile('tile-scorecards').getByText('+4.38')).toBeInTheDocument();
    // Orange has no data to score: it is left out.
    expect(tile('tile-scorecards').queryByText('Orange')).toBeNull();
    expect(tile('tile-scorecards').getByRole('alert')).toHaveTextContent('Could not calculate the scorecard.');
    expect(
      tile('tile-scorecards').getByText('One more active scorecard on the scorecards screen.'),
    ).toBeInTheDocument();
    expect(tile('tile-scorecards').getByRole('link', { name: 'Madrid mobile quality' })).toHaveAttribute(
      'href',
      '/scorecard_live/sc-mobile',
    );
  });

  it('says what each trend compares: the previous period, with its dates', async () => {
    signIn(api, analyst);
    await renderScreen(<StoryboardPage />, { path: '/storyboard' });

    const trend = (await tile('tile-scorecards').findByText('+4.38')).closest('[title]')!;
    expect(trend).toHaveAttribute('title', '3.75 in the previous period (Sep 26, 2026 – Oct 26, 2026)');
    expect(trend).toHaveTextContent('Up vs the previous period: +4.38');
    expect(
      tile('tile-scorecards').getByText('Trend vs the previous period (Sep 26, 2026 – Oct 26, 2026)'),
    ).toBeVisible();
  });

  it('says what each trend compares, in Spanish', async () => {
    signIn(api, analyst);
    await renderScreen(<StoryboardPage />, { path: '/storyboard', language: 'es' });

    const trend = (await tile('tile-scorecards').findByText('+4,38')).closest('[title]')!;
    expect(trend).toHaveAttribute('title', '3,75 en el periodo anterior (26 sept 2026 – 26 oct 2026)');
    expect(trend).toHaveTextContent('Sube frente al periodo anterior: +4,38');
    expect(
      tile('tile-scorecards').getByText('Tendencia frente al periodo anterior (26 sept 2026 – 26 oct 2026)'),
    ).toBeVisible();
  });

  it('counts the probes by state and averages the KPIs, linking only to the screens the profile has', async () => {
    signIn(api, analyst);
    await renderScreen(<StoryboardPage />, { path: '/storyboard' });

    expect(await screen.findByTestId('probe-count-Available')).toHaveTextContent('3');
    expect(screen.getByTestId('probe-count-Ready')).toHaveTextContent('2');
    expect(screen.getByTestId('probe-count-Not available')).toHaveTextContent('1');
    expect(screen.getByTestId('probe-count-total')).toHaveTextContent('7 probes in all · 1 never reported');
    // Neither the probes map nor the probe status list nor the evolution is among the analyst's screens.
    expect(tile('tile-probe-status').queryByRole('link')).toBeNull();
    expect(tile('tile-kpis').queryByRole('link')).toBeNull();
    expect(tile('tile-kpis').getByTestId('kpi-average')).toHaveTextContent('50.25 Mbps');
    expect(tile('tile-kpis').getByText('No values in the last 30 days.')).toBeInTheDocument();
    const errors = tile('tile-errors');
    expect(errors.getByText('12 measurements with errors in all')).toBeInTheDocument();
    expect(errors.getByRole('link', { name: /2026/ })).toHaveAttribute('href', '/measurementAnalysis/detail/m-42');
  });

  it('names the program of each errored measurement as the profile does, never by its id', async () => {
    signIn(api, analyst);
    await renderScreen(<StoryboardPage />, { path: '/storyboard' });

    const errored = within(await screen.findByTestId('storyboard-error'));
    expect(await errored.findByRole('cell', { name: 'Home broadband' })).toBeInTheDocument();
    expect(errored.getByRole('cell', { name: 'HTTP download' })).toBeInTheDocument();
    expect(errored.queryByText('p-home')).toBeNull();
  });

  it('leads a profile with those screens to the probes map, the probe status list and the KPI’s evolution', async () => {
    signIn(api, testProfile({ layers: layers('storyboard', 'probes-map', 'tools', 'evolution') }));
    await renderScreen(<StoryboardPage />, { path: '/storyboard' });

    const probes = tile('tile-probe-status');
    expect(await probes.findByRole('link', { name: 'Probes map' })).toHaveAttribute('href', '/probes-map');
    expect(probes.getByRole('link', { name: 'Probe status list' })).toHaveAttribute('href', '/tools/probes_status');
    expect(tile('tile-kpis').getByRole('link', { name: 'Download speed' })).toHaveAttribute(
      'href',
      '/evolution?kpi=download&metric=avg&granularity=day&tsStart=2026-10-27&tsEnd=2026-11-25',
    );
    // Without the scorecard screen, a scorecard is named but leads nowhere.
    expect(tile('tile-scorecards').queryByRole('link', { name: 'Madrid mobile quality' })).toBeNull();
    expect(tile('tile-scorecards').getByText('Madrid mobile quality')).toBeInTheDocument();
  });

  it('shows a failed tile’s catalogue message in Spanish while the other tiles answer', async () => {
    api.get('/api/storyboard', {
      ...board,
      kpis: { error: { code: 'profiles.outOfDateLimits', message: 'ignored: the console writes its own' } },
      errors: { data: { list: [], count: 0 } },
    });
    signIn(api, analyst);
    await renderScreen(<StoryboardPage />, { path: '/storyboard', language: 'es' });

    expect(await tile('tile-kpis').findByRole('alert')).toHaveTextContent(translate('profiles.outOfDateLimits', 'es'));
    expect(screen.getByRole('heading', { name: 'Guion gráfico' })).toBeInTheDocument();
    expect(tile('tile-probe-status').getByTestId('probe-count-Available')).toHaveTextContent('3');
    expect(tile('tile-errors').getByText('Ninguna medición ha terminado en error.')).toBeInTheDocument();
  });

  it('names what reproduces the picture, pins it in the address and asks the storyboard with it; Latest unpins', async () => {
    api.get('/api/storyboard', (request: { query: URLSearchParams }) =>
      request.query.get('asOf')
        ? {
            ...board,
            generatedAt: '2026-12-01T09:00:00.000Z',
            probeStatus: { data: { ...(board.probeStatus as { data: object }).data, current: true } },
          }
        : board,
    );
    signIn(api, analyst);
    const { user, router } = await renderScreen(<StoryboardPage />, { path: '/storyboard' });

    const line = await screen.findByTestId('chart-reproduction');
    expect(line).toHaveTextContent(/Reproducible as: data received until .*2026.*, configuration position 120:4/);
    expect(screen.queryByTestId('probe-status-current')).toBeNull();
    await user.click(within(line).getByRole('button', { name: 'Reproduce' }));

    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(pin));
    await waitFor(() =>
      expect(api.sent('GET', '/api/storyboard').map((sent) => Object.fromEntries(sent.query))).toContainEqual(pin),
    );
    // Pinned, the probes' states are said to be today's.
    expect(await screen.findByTestId('probe-status-current')).toHaveTextContent(
      "The probes' states as they are now: a pinned storyboard does not take them back.",
    );
    expect(within(screen.getByTestId('chart-reproduction')).getByText('Pinned')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Latest' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('button', { name: 'Reproduce' })).toBeInTheDocument();
  });

  it('opens pinned from a shared address, and says when access has narrowed since, in Spanish', async () => {
    api.get('/api/storyboard', {
      ...board,
      warnings: [{ code: 'graphics.reproducedWithNarrowerAccess', message: 'ignored: the console writes its own' }],
    });
    signIn(api, analyst);
    await renderScreen(<StoryboardPage />, {
      path: '/storyboard',
      at: `/storyboard?${new URLSearchParams(pin)}`,
      language: 'es',
    });

    expect(await screen.findByTestId('storyboard-warning')).toHaveTextContent(
      translate('graphics.reproducedWithNarrowerAccess', 'es'),
    );
    expect(Object.fromEntries(api.sent('GET', '/api/storyboard')[0]!.query)).toEqual(pin);
    const line = screen.getByTestId('chart-reproduction');
    expect(line).toHaveTextContent(/posición de la configuración 120:4/);
    expect(within(line).getByRole('button', { name: 'Lo más reciente' })).toBeInTheDocument();
  });

  it('shows skeletons while the storyboard loads, and the empty states of a profile with nothing yet', async () => {
    let release: () => void = () => {};
    const pending = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.get('/api/storyboard', async () => {
      await pending;
      return {
        ...board,
        scorecards: { data: { list: [], total: 0 } },
        probeStatus: {
          data: { total: 0, byState: { Available: 0, 'Not available': 0, Ready: 0, 'Not ready': 0 }, neverReported: 0 },
        },
        kpis: { data: { ...board.kpis, list: [], tsStart: '2026-10-27', tsEnd: '2026-11-25', timeZone: 'Etc/UTC' } },
        errors: { data: { list: [], count: 0 } },
      };
    });
    signIn(api, analyst);
    await renderScreen(<StoryboardPage />, { path: '/storyboard' });

    expect(await screen.findAllByTestId('tile-skeleton')).toHaveLength(4);
    release();
    expect(await screen.findByText('No active scorecard for this profile.')).toBeInTheDocument();
    expect(screen.getByText('This profile sees no probes.')).toBeInTheDocument();
    expect(screen.getByText('This profile has no KPIs to chart.')).toBeInTheDocument();
    expect(screen.getByText('No measurement ended in error.')).toBeInTheDocument();
    expect(screen.queryByTestId('tile-skeleton')).toBeNull();
  });
});

describe('A storyboard long to answer (its KPIs read raw)', () => {
  // Its period query, the main KPIs over 30 days, read raw: the cube that would answer them all.
  const coverage: QueryCoverage = {
    source: 'raw',
    months: 2,
    suggestion: {
      name: 'daily-download-latency',
      grain: 'day',
      timeZone: 'Europe/Madrid',
      dimensions: [],
      kpis: ['download', 'latency'],
    },
  };
  const progress = () => screen.queryByRole('region', { name: 'Query in progress' });
  const asked = () => api.sent('GET', '/api/storyboard');
  beforeEach(() => {
    api.post('/api/storyboard/coverage', coverage);
    signIn(api, analyst);
    fakeClock();
  });
  afterEach(() => vi.useRealTimers());

  it('shows its progress after a second: elapsed time, the raw months its KPIs read and the cube for them', async () => {
    api.get('/api/storyboard', heldAnswers().route);
    await renderScreen(<StoryboardPage />, { path: '/storyboard' });
    await untilAtRest(() => asked().length === 1 && api.sent('POST', '/api/storyboard/coverage').length === 1);
    expect(progress()).toBeNull();
    await timePasses(1_200);
    await untilAtRest(() => screen.queryByTestId('query-source'));
    const shown = within(progress()!);
    expect(shown.getByRole('timer')).toHaveTextContent('Running for 1 second');
    expect(shown.getByTestId('query-source')).toHaveTextContent('Reading 2 months of raw measurements');
    // Not a cube administrator: told who can create it.
    expect(shown.getByTestId('cube-suggestion')).toHaveTextContent(
      'A daily cube of the totals for download speed and latency would answer this in milliseconds. ' +
        'An administrator can create it.',
    );
    expect(api.sent('POST', '/api/storyboard/coverage')[0]?.body).toEqual({});
  });

  it('is cancelled by Cancel: its request is aborted; Run again asks anew', async () => {
    api.get('/api/storyboard', heldAnswers().route);
    await renderScreen(<StoryboardPage />, { path: '/storyboard' });
    await untilAtRest(() => asked().length === 1);
    await timePasses(1_200);
    expect(asked()[0]?.signal?.aborted).toBe(false);

    fireEvent.click(within(progress()!).getByRole('button', { name: 'Cancel' }));
    await untilAtRest(() => screen.queryByText('Query cancelled.'));
    expect(asked()[0]?.signal?.aborted).toBe(true);
    expect(progress()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Run again' }));
    await untilAtRest(() => asked().length === 2);
    expect(asked()[1]?.signal?.aborted).toBe(false);
    expect(screen.queryByText('Query cancelled.')).toBeNull();
  });

  it('pinned, asks the coverage pinned the same, in Spanish', async () => {
    api.get('/api/storyboard', heldAnswers().route);
    await renderScreen(<StoryboardPage />, {
      path: '/storyboard',
      at: `/storyboard?${new URLSearchParams(pin)}`,
      language: 'es',
    });
    await untilAtRest(() => api.sent('POST', '/api/storyboard/coverage').length === 1);
    const [sent] = api.sent('POST', '/api/storyboard/coverage');
    expect([sent?.body, sent?.query.get('asOf')]).toEqual([{ receivedUntil: pin.receivedUntil }, pin.asOf]);
    await timePasses(1_200);
    await untilAtRest(() => screen.queryByTestId('query-source'));
    const shown = within(screen.getByRole('region', { name: 'Consulta en curso' }));
    expect(shown.getByTestId('query-source')).toHaveTextContent('Leyendo 2 meses de mediciones en bruto');
    expect(shown.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });

  it('shows nothing of it when answered within the second', async () => {
    const storyboard = heldAnswers();
    api.get('/api/storyboard', storyboard.route);
    await renderScreen(<StoryboardPage />, { path: '/storyboard' });
    await untilAtRest(() => asked().length === 1);
    await timePasses(800);
    storyboard.answer(board);
    await untilAtRest(() => screen.queryAllByTestId('tile-skeleton').length === 0);
    await timePasses(2_000);
    expect(progress()).toBeNull();
    expect(screen.queryByText('Query cancelled.')).toBeNull();
  });
});
