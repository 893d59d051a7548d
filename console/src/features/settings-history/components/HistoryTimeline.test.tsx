import type { HistoryEntry } from '@nq/contracts/events/audit';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { HistoryTimeline } from './HistoryTimeline.tsx';

const entry = (version: number, type: string, changes: HistoryEntry['changes']): HistoryEntry => ({
  version,
  type,
  recordedAt: `2026-03-0${version}T10:00:00.000Z`,
  position: `10:${version}`,
  actor: { userId: 'user-1', profileId: 'profile-1' },
  commandId: `command-${version}`,
  changes,
});

const history = [
  entry(1, 'ProbeCreated', [{ field: 'cluster', after: 'k1' }]),
  entry(2, 'ProbeMovedBetweenClusters', [{ field: 'cluster', before: 'k1', after: 'k2' }]),
  entry(3, 'ProbeUpdated', [{ field: 'town', before: 'Lugo', after: 'Vigo' }]),
];

describe('settings history timeline', () => {
  beforeEach(() => signIn(fakeApi()));

  it('names a probe moved to another cluster as such, in English and Spanish', async () => {
    for (const [language, shown] of [
      ['en', ['Changed', 'Moved to another cluster', 'Created']],
      ['es', ['Cambio', 'Traslado a otro clúster', 'Creación']],
    ] as const) {
      const { unmount } = await renderScreen(
        <HistoryTimeline kind="probe" history={history} names={{}} onStateAt={() => undefined} />,
        { language },
      );
      // Newest first: each change under the name it has for the auditor.
      const items = await within(screen.getByRole('list')).findAllByRole('listitem');
      expect(items).toHaveLength(3);
      for (const [index, name] of shown.entries()) expect(within(items[index]!).getByText(name)).toBeVisible();
      unmount();
    }
  });
});
