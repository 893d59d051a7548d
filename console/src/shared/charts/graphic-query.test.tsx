import type { QueryIrInput } from '@nq/contracts/analytics/query-ir';
import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi, type SentRequest } from '../testing/fake-api.ts';
import { renderScreen, signIn } from '../testing/render-screen.tsx';
import { type GraphicPin, paramsWithPin, pinFromParams, useGraphicQuery } from './graphic-query.ts';

const request: QueryIrInput = { kpi: 'download', metric: 'count' };
const pin: GraphicPin = { asOf: '812:3', receivedUntil: '2026-12-07T14:41:30.250Z' };
const answer = (sent: SentRequest): GraphicResponse => ({
  kind: 'metric',
  metric: 'count',
  warnings: [],
  series: [],
  reproduce: {
    asOf: sent.query.get('asOf') ?? '900:1',
    receivedUntil: (sent.body as QueryIrInput).receivedUntil ?? new Date().toISOString(),
    query: sent.body as Record<string, unknown>,
  },
});

/** A graphic following a fast refresh interval, pinned or not; it says which answer it shows. */
function Refreshed({ name, pinned }: { name: string; pinned?: GraphicPin }) {
  const graphic = useGraphicQuery(['graphic-query-test', name, request], request, { pin: pinned, refetchInterval: 40 });
  return <p data-testid={name}>{graphic.data?.reproduce?.asOf ?? 'asking'}</p>;
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().post('/api/graphic', answer);
  signIn(api);
});

describe('the graphic query', () => {
  it('asks the latest numbers at the refresh interval, but a pinned graphic once: same query, same answer', async () => {
    await renderScreen(
      <>
        <Refreshed name="live" />
        <Refreshed name="pinned" pinned={pin} />
      </>,
    );
    expect(await screen.findByText('812:3')).toHaveAttribute('data-testid', 'pinned');
    const asks = () => api.sent('POST', '/api/graphic');
    const pinnedAsks = () => asks().filter((sent) => sent.query.get('asOf') !== null);
    // Several refreshes of the latest numbers go by…
    await waitFor(() => expect(asks().length - pinnedAsks().length).toBeGreaterThanOrEqual(4));
    // …and the pinned graphic was asked once, with its position and its instant in the filter set.
    expect(pinnedAsks()).toHaveLength(1);
    expect(pinnedAsks()[0]?.query.get('asOf')).toBe('812:3');
    expect(pinnedAsks()[0]?.body).toEqual({ ...request, receivedUntil: pin.receivedUntil });
    expect(asks().filter((sent) => sent.query.get('asOf') === null)[0]?.body).toEqual(request);
  });

  it('reads a pin from the address only when both its parts are there and well formed', () => {
    const address = paramsWithPin(new URLSearchParams('kpi=download'), pin);
    expect(address.toString()).toBe('kpi=download&asOf=812%3A3&receivedUntil=2026-12-07T14%3A41%3A30.250Z');
    expect(pinFromParams(address)).toEqual(pin);
    expect(paramsWithPin(address, undefined).toString()).toBe('kpi=download');
    expect(pinFromParams(new URLSearchParams('asOf=812:3'))).toBeUndefined();
    expect(pinFromParams(new URLSearchParams('asOf=latest&receivedUntil=2026-12-07T14:41:30Z'))).toBeUndefined();
    expect(pinFromParams(new URLSearchParams('asOf=812:3&receivedUntil=yesterday'))).toBeUndefined();
  });
});
