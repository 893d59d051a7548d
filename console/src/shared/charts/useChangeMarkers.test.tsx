import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../testing/fake-api.ts';
import { renderScreen, signIn } from '../testing/render-screen.tsx';
import type { ChangeMarker, ChartData } from './chart-model.ts';
import { changeMarkersPeriod, useChangeMarkers } from './useChangeMarkers.ts';

const path = '/api/graphic/change-markers';
const moved: ChangeMarker = {
  at: '2026-03-04T09:30:00.000Z',
  kind: 'probe',
  entityId: 'probe101',
  entityName: 'Madrid drive-test handset',
  event: 'ProbeUpdated',
  fields: ['campaign'],
};
const overTime: ChartData = {
  axis: { kind: 'time', values: [Date.parse('2026-03-02T23:00:00Z'), Date.parse('2026-03-01T23:00:00Z')] },
  series: [{ id: 'download', name: 'Download', values: [80, 90] }],
};
const overWeekdays: ChartData = {
  axis: { kind: 'category', values: ['Monday', 'Tuesday'] },
  series: [{ id: 'download', name: 'Download', values: [80, 90] }],
};

/** A time chart's change markers, as a screen would hand them to its chart. */
function MarkedChart({ data, asked }: { data: ChartData; asked?: { tsStart?: string; tsEnd?: string } }) {
  const markers = useChangeMarkers(changeMarkersPeriod(data, asked));
  return (
    <ul aria-label="Changes">
      {markers.map((marker) => (
        <li key={marker.at}>{`${marker.entityName}: ${marker.fields.join(', ')}`}</li>
      ))}
    </ul>
  );
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().post(path, { list: [moved], count: 1, capped: false });
  signIn(api);
});

describe('useChangeMarkers', () => {
  it("shows the changes of the chart's period, from its first bucket up to now when no dates were asked", async () => {
    await renderScreen(<MarkedChart data={overTime} />);
    expect(await screen.findByText('Madrid drive-test handset: campaign')).toBeVisible();
    expect(api.sent('POST', path).map((request) => request.body)).toEqual([{ tsStart: '2026-03-01T23:00:00.000Z' }]);
  });

  it('asks for the dates the screen asked, when it asked some', async () => {
    await renderScreen(<MarkedChart data={overTime} asked={{ tsStart: '2026-02-01', tsEnd: '2026-02-28' }} />);
    await screen.findByText('Madrid drive-test handset: campaign');
    expect(api.sent('POST', path)[0]!.body).toEqual({ tsStart: '2026-02-01', tsEnd: '2026-02-28' });
  });

  it('asks nothing for a chart over categories, where a change has no place', async () => {
    await renderScreen(<MarkedChart data={overWeekdays} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(api.sent('POST', path)).toEqual([]);
  });

  it('leaves the chart without markers, and says nothing, when they cannot be loaded', async () => {
    api.post(path, answer(500, { code: 'internal.error', message: 'boom' }));
    await renderScreen(<MarkedChart data={overTime} />);
    await waitFor(() => expect(api.sent('POST', path)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
