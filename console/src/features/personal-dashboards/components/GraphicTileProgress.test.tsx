import type { QueryCoverage } from '@nq/contracts/analytics/query-coverage';
import { fireEvent, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { layOutCharts } from '../../../shared/testing/chart-layout.ts';
import { fakeClock, timePasses, untilAtRest } from '../../../shared/testing/clock-at-rest.ts';
import { type FakeApi, fakeApi, heldAnswers } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import { download, downloadAnswer, graphic } from './dashboards-fixtures.ts';
import { GraphicTile } from './GraphicTile.tsx';

// A dashboard tile whose query reads years of raw measurements shows its progress, in the tile; one answered within
// the second shows none.

const tile = graphic('g-years', 'Download over the years', {
  kpi: 'download',
  graphicType: 'line',
  granularity: 'month',
  breakdowns: ['provider'],
});
const raw: QueryCoverage = {
  source: 'raw',
  months: 84,
  suggestion: {
    name: 'daily-provider-download',
    grain: 'day',
    timeZone: 'Etc/UTC',
    dimensions: ['provider'],
    kpis: ['download'],
  },
};

let api: FakeApi;
beforeEach(() => {
  layOutCharts({ width: 360 });
  api = fakeApi()
    .get('/api/types/all/kpis', { category: 'all', list: [download] })
    .post('/api/graphic/coverage', raw);
  signIn(api, testProfile({ rol: 'admin', layers: [{ id: 'dashboards_personal' }, { id: 'cubes_configuration' }] }));
  fakeClock();
});
afterEach(() => vi.useRealTimers());

const drawTile = () =>
  renderScreen(
    <GraphicTile
      graphic={tile}
      layout={tile.layout}
      request={tile.request}
      grid={createRef()}
      editable={false}
      filtersNotApplied={false}
      onPreview={() => {}}
      onCommit={() => {}}
      onDelete={() => {}}
    />,
  );
const asked = () => api.sent('POST', '/api/graphic');
const tileShown = () => within(screen.getByRole('region', { name: 'Download over the years' }));
const progress = () => tileShown().queryByRole('region', { name: 'Query in progress' });

describe('A dashboard tile whose query is long', () => {
  it('shows, after a second, how long it has run, the raw months it reads and the cube that would answer it', async () => {
    api.post('/api/graphic', heldAnswers().route);
    await drawTile();
    await untilAtRest(() => asked().length === 1 && api.sent('POST', '/api/graphic/coverage').length === 1);
    expect(progress()).toBeNull();
    await timePasses(1_200);
    await untilAtRest(() => tileShown().queryByTestId('query-source'));
    const shown = within(progress()!);
    expect(shown.getByRole('timer')).toHaveTextContent('Running for 1 second');
    expect(shown.getByTestId('query-source')).toHaveTextContent('Reading 84 months of raw measurements');
    expect(shown.getByTestId('cube-suggestion')).toHaveTextContent(
      'A daily cube over provider for download speed would answer this in milliseconds.',
    );
    expect(shown.getByRole('link', { name: 'Create this cube' })).toHaveAttribute(
      'href',
      expect.stringContaining('/cubes_configuration?create=cube&name=daily-provider-download'),
    );
    // A tile is a query of the IR: its coverage is the graphic route's, of the same request.
    expect(api.sent('POST', '/api/graphic/coverage').map((sent) => sent.body)).toEqual([tile.request]);
  });

  it('is cancelled by Cancel: its request is aborted, the tile says so and asks again on Run again', async () => {
    api.post('/api/graphic', heldAnswers().route);
    await drawTile();
    await untilAtRest(() => asked().length === 1);
    await timePasses(1_200);
    expect(asked()[0]!.signal?.aborted).toBe(false);

    fireEvent.click(within(progress()!).getByRole('button', { name: 'Cancel' }));
    await untilAtRest(() => tileShown().queryByText('Query cancelled.'));
    expect(asked()[0]!.signal?.aborted).toBe(true);
    expect(progress()).toBeNull();
    // Pending no more: the spinner gives way to the cancellation.
    await untilAtRest(() => !tileShown().queryByText('Loading…'));

    fireEvent.click(tileShown().getByRole('button', { name: 'Run again' }));
    await untilAtRest(() => asked().length === 2);
    expect(asked()[1]!.signal?.aborted).toBe(false);
    expect(tileShown().queryByText('Query cancelled.')).toBeNull();
  });

  it('shows nothing of it when answered within the second', async () => {
    const graphic = heldAnswers();
    api.post('/api/graphic', graphic.route);
    await drawTile();
    await untilAtRest(() => asked().length === 1);
    await timePasses(800);
    graphic.answer(downloadAnswer);
    await untilAtRest(() => screen.getByRole('region', { name: 'Download over the years' }).dataset.state === 'drawn');
    await timePasses(2_000);
    expect(progress()).toBeNull();
    expect(tileShown().queryByText('Query cancelled.')).toBeNull();
  });
});
