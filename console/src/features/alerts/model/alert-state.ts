import type { AlertGroupState } from '@nq/contracts/alerts/alert-history';
import type { AlertHistoryEntry } from '../api/alerts-api.ts';

/** What the screen shows of a group: firing, no data, or ok (resolved, or never fired). */
export const shownStates = ['firing', 'noData', 'ok'] as const;
export type ShownState = (typeof shownStates)[number];

export const shownStateOf = (state: AlertGroupState): ShownState => (state === 'resolved' ? 'ok' : state);

export const stateColours: Record<ShownState, string> = {
  firing: '#dc2626',
  noData: '#d97706',
  ok: '#16a34a',
};

/** An alert's state in the table: the worst latest state of its groups; none before its first evaluation. */
export function worstState(latest: readonly Pick<AlertHistoryEntry, 'state'>[]): ShownState | undefined {
  const shown = new Set(latest.map((entry) => shownStateOf(entry.state)));
  return shownStates.find((state) => shown.has(state));
}
