import type { QueryCoverage } from '@nq/contracts/analytics/query-coverage';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClock, untilAtRest } from '../testing/clock-at-rest.ts';
import { type FakeApi, fakeApi } from '../testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../testing/render-screen.tsx';
import { QueryProgress } from './QueryProgress.tsx';

// A national panel's history over years, read raw: what the graphic generator asks.
const request = { kpi: 'download', granularity: 'month', breakdowns: ['provider', 'technology'] };
const key = ['a-screen', 'graphic', request];
const raw: QueryCoverage = {
  source: 'raw',
  months: 84,
  suggestion: {
    name: 'daily-provider-technology-download',
    grain: 'day',
    timeZone: 'Europe/Madrid',
    dimensions: ['provider', 'technology'],
    kpis: ['download'],
  },
};

/** The graphic's query: each ask keeps its signal and answers after `answersAfterMs` (never, by default). */
let signals: AbortSignal[];
function Graphic({ answersAfterMs }: { answersAfterMs?: number }) {
  const graphic = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => {
      signals.push(signal);
      return new Promise<string>((resolve) => {
        if (answersAfterMs !== undefined) setTimeout(() => resolve('drawn'), answersAfterMs);
      });
    },
  });
  return (
    <>
      <QueryProgress queryKey={key.slice(0, 2)} request={request} />
      {graphic.data && <p>{graphic.data}</p>}
    </>
  );
}

let api: FakeApi;
beforeEach(() => {
  fakeClock();
  signals = [];
  api = fakeApi().post('/api/graphic/coverage', raw);
  signIn(
    api,
    testProfile({ rol: 'admin', layers: [{ id: 'basic_graphic_generator' }, { id: 'cubes_configuration' }] }),
  );
});
afterEach(() => vi.useRealTimers());

/** Time passing, a tenth of a second at a time: the console renders between steps as it would. */
const wait = async (ms: number) => {
  for (let left = ms; left > 0; left -= 100) await act(() => vi.advanceTimersByTimeAsync(Math.min(100, left)));
  if (ms === 0) await act(() => vi.advanceTimersByTimeAsync(0));
};
const coverageSent = (count = 1) => untilAtRest(() => api.sent('POST', '/api/graphic/coverage').length >= count);
const sourceShown = () => untilAtRest(() => screen.queryByTestId('query-source'));
const progress = () => screen.queryByRole('region', { name: 'Query in progress' });

describe("A long query's progress", () => {
  it('shows after a second: elapsed time, the raw months it reads and the cube that would answer it', async () => {
    await renderScreen(<Graphic />);
    await wait(100);
    await coverageSent();
    await wait(800);
    expect(progress()).toBeNull();
    await wait(300);
    await sourceShown();
    const shown = within(progress()!);
    expect(shown.getByRole('timer')).toHaveTextContent('Running for 1 second');
    expect(shown.getByTestId('query-source')).toHaveTextContent('Reading 84 months of raw measurements');
    expect(shown.getByTestId('cube-suggestion')).toHaveTextContent(
      'A daily cube over provider and technology for download speed would answer this in milliseconds.',
    );
    expect(shown.getByRole('link', { name: 'Create this cube' })).toHaveAttribute(
      'href',
      '/cubes_configuration?create=cube&name=daily-provider-technology-download&grain=day&timeZone=Europe%2FMadrid&dimensions=provider%2Ctechnology&kpis=download',
    );
    // The coverage was asked alongside, of the same request.
    expect(api.sent('POST', '/api/graphic/coverage').map((sent) => sent.body)).toEqual([request]);
    await wait(2_000);
    expect(shown.getByRole('timer')).toHaveTextContent('Running for 3 seconds');
  });

  it('cancels the query: its request is aborted; asked again, it runs anew', async () => {
    await renderScreen(<Graphic />);
    await wait(1_500);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
    fireEvent.click(within(progress()!).getByRole('button', { name: 'Cancel' }));
    await wait(0);
    expect(signals[0]!.aborted).toBe(true);
    expect(progress()).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Query cancelled.');

    fireEvent.click(screen.getByRole('button', { name: 'Run again' }));
    await wait(0);
    expect(signals).toHaveLength(2);
    expect(signals[1]!.aborted).toBe(false);
    expect(screen.queryByText('Query cancelled.')).toBeNull();
    expect(progress()).toBeNull();
    await wait(1_200);
    expect(within(progress()!).getByRole('timer')).toHaveTextContent('Running for 1 second');
  });

  it('shows nothing for a query answered within the second', async () => {
    await renderScreen(<Graphic answersAfterMs={800} />);
    await wait(5_000);
    expect(screen.getByText('drawn')).toBeInTheDocument();
    expect(progress()).toBeNull();
  });

  it('names the cube answering it', async () => {
    api.post('/api/graphic/coverage', { source: 'cube', cube: 'national-daily' } satisfies QueryCoverage);
    await renderScreen(<Graphic />);
    await wait(100);
    await coverageSent();
    await wait(1_100);
    await sourceShown();
    expect(within(progress()!).getByTestId('query-source')).toHaveTextContent('From cube national-daily');
    expect(screen.queryByTestId('cube-suggestion')).toBeNull();
  });

  it('in Spanish, says why no cube can answer it; a user who cannot create cubes is told who can', async () => {
    signIn(api, testProfile({ layers: [{ id: 'basic_graphic_generator' }] }));
    api.post('/api/graphic/coverage', {
      source: 'raw',
      months: 1,
      uncoverable: ['conditions', 'outliers'],
    } satisfies QueryCoverage);
    const { unmount } = await renderScreen(<Graphic />, { language: 'es' });
    await wait(100);
    await coverageSent();
    await wait(1_100);
    await sourceShown();
    const shown = within(screen.getByRole('region', { name: 'Consulta en curso' }));
    expect(shown.getByTestId('query-source')).toHaveTextContent('Leyendo 1 mes de mediciones en bruto');
    expect(
      shown.getByText('Ningún cubo puede responderla: tiene condiciones de KPI y elimina los valores atípicos.'),
    ).toBeInTheDocument();
    expect(shown.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    unmount();

    api.post('/api/graphic/coverage', raw);
    await renderScreen(<Graphic />, { language: 'es' });
    await wait(100);
    await coverageSent(2);
    await wait(1_100);
    await untilAtRest(() => screen.queryByTestId('cube-suggestion'));
    expect(screen.getByTestId('cube-suggestion')).toHaveTextContent(
      'Un cubo diario por proveedor y tecnología para velocidad de descarga respondería a esto en milisegundos. ' +
        'Un administrador puede crearlo.',
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
