import type { AlertBacktestResult } from '@nq/contracts/alerts/alert-backtest';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi, pagedList } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import AlertsPage from './AlertsPage.tsx';
import { alertOf, analystProfile } from './alerts-fixtures.ts';

const backtestPath = '/api/alert-config/backtest';
const hour = (h: number) => `2026-11-20T${String(h).padStart(2, '0')}:00:00.000Z`;

const firingResult: AlertBacktestResult = {
  from: '2026-11-11T00:00:00.000Z',
  to: '2026-11-25T00:00:00.000Z',
  days: 14,
  groups: [
    {
      group: { kind: 'campaign', id: 'madrid-drive', label: 'Madrid drive test 2026' },
      windows: [
        { start: hour(9), end: hour(10), state: 'firing', measurements: 12, matching: 3, condition: 0, value: 95 },
        { start: hour(10), end: hour(11), state: 'resolved', measurements: 10, matching: 0 },
      ],
    },
    {
      group: { kind: 'campaign', id: 'bilbao-walk' },
      windows: [{ start: hour(4), end: hour(5), state: 'noData', measurements: 0, matching: 0 }],
    },
  ],
  summary: { measurements: 40, groups: 2, windowsFiring: 1, firstFiring: hour(9), lastFiring: hour(9) },
  warnings: [],
};

describe('alert back-test on the form', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = fakeApi();
    signIn(api, analystProfile);
    api.get('/api/alert-config/', pagedList([alertOf('a1', 'Madrid latency')]));
  });

  async function editAlert(language: 'en' | 'es' = 'en') {
    const { user } = await renderScreen(<AlertsPage />, { path: '/alerts', language });
    await user.click(
      await screen.findByRole('button', { name: language === 'en' ? 'Edit Madrid latency' : 'Editar Madrid latency' }),
    );
    return { user, dialog: within(screen.getByRole('dialog')) };
  }
  const problemOf = (element: HTMLElement) =>
    (element.closest('li, div.space-y-1, fieldset') as HTMLElement).querySelector('[role="alert"]')?.textContent;

  it('tries the alert as the form has it over the days chosen and draws each group’s windows, before saving', async () => {
    let release = () => {};
    api.post(backtestPath, () => new Promise((resolve) => (release = () => resolve(firingResult))));
    const { user, dialog } = await editAlert();
    const days = dialog.getByLabelText('Try it over the last');
    expect(
      within(days)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1 day', '7 days', '14 days', '30 days']);
    await user.selectOptions(days, '14');
    await user.click(dialog.getByRole('button', { name: 'Try it' }));
    expect(await dialog.findByText('Evaluating the last 14 days…')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Try it' })).toBeDisabled();
    release();

    const first = formatDateTime(hour(9), 'Etc/UTC');
    expect(
      await dialog.findByText(
        `Over the last 14 days it would have fired. Firing windows: 1; groups: 2; first: ${first}; last: ${first}.`,
      ),
    ).toBeTruthy();
    const rows = within(dialog.getByRole('list', { name: 'Windows per group' }));
    const madrid = rows.getByRole('list', { name: 'Windows of Madrid drive test 2026' });
    expect(
      within(madrid)
        .getAllByRole('listitem')
        .map((window) => window.getAttribute('aria-label')),
    ).toEqual([
      `Firing from ${first} to ${formatDateTime(hour(10), 'Etc/UTC')}: 3 of 12 measurements met a condition`,
      `Resolved from ${formatDateTime(hour(10), 'Etc/UTC')} to ${formatDateTime(hour(11), 'Etc/UTC')}: 0 of 10 measurements met a condition`,
    ]);
    expect(rows.getByRole('list', { name: 'Windows of bilbao-walk' })).toBeTruthy();
    expect(
      within(dialog.getByRole('list', { name: 'Legend' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Firing', 'Resolved', 'No data']);
    expect(api.sent('POST', backtestPath)[0]?.body).toMatchObject({
      name: 'Madrid latency',
      conditions: [{ program: 'ping', kpi: 'latency', operator: 'gt', value: 80 }],
      grouping: 'campaign',
      days: 14,
    });
    expect(api.sent('PUT', '/api/alert-config/a1')).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();

    const stale = 'The alert has changed since it was tried: try it again to see what it would do now.';
    expect(dialog.queryByText(stale)).toBeNull();
    await user.clear(dialog.getByLabelText('Events count'));
    await user.type(dialog.getByLabelText('Events count'), '5');
    expect(dialog.getByText(stale)).toBeTruthy();
  });

  it('says when the alert would not have fired, and tells a cut timeline', async () => {
    api.post(backtestPath, {
      ...firingResult,
      days: 7,
      groups: [],
      summary: { measurements: 0, groups: 0, windowsFiring: 0 },
      warnings: [{ code: 'alerts.backtestGroupsCut', message: '', params: { groups: 250, shown: 200 } }],
    });
    const { user, dialog } = await editAlert();
    await user.click(dialog.getByRole('button', { name: 'Try it' }));
    expect(await dialog.findByText('Over the last 7 days it would not have fired.')).toBeTruthy();
    expect(
      dialog.getByText('The alert would have recorded something for 250 groups; the first 200 are shown.'),
    ).toBeTruthy();
    expect(dialog.queryByRole('list', { name: 'Windows per group' })).toBeNull();
  });

  it("shows the form's problems and the server's refusals under their fields, as a save does", async () => {
    const { user, dialog } = await editAlert();
    await user.clear(dialog.getByLabelText('Name'));
    await user.click(dialog.getByRole('button', { name: 'Try it' }));
    expect(problemOf(dialog.getByLabelText('Name'))).toBe('The alert needs a name.');
    expect(api.sent('POST', backtestPath)).toHaveLength(0);
    await user.type(dialog.getByLabelText('Name'), 'Madrid latency');

    api.post(
      backtestPath,
      answer(422, {
        code: 'alerts.kpiNotInProfile',
        params: { kpi: 'latency' },
        details: { field: 'conditions.0.kpi' },
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Try it' }));
    expect(await dialog.findByText('Your profile does not analyse the KPI latency.')).toBeTruthy();
    expect(problemOf(dialog.getByLabelText('KPI of condition 1'))).toBe(
      'Your profile does not analyse the KPI latency.',
    );

    api.post(
      backtestPath,
      answer(400, {
        code: 'validation.failed',
        details: {
          fields: [
            { field: 'body.days', code: 'alerts.backtestDaysOutOfRange', params: { min: 1, max: 31 }, message: '' },
          ],
        },
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Try it' }));
    expect(await dialog.findByText('A back-test looks at the last 1 to 31 days.')).toBeTruthy();
    expect(problemOf(dialog.getByLabelText('Try it over the last'))).toBe(
      'A back-test looks at the last 1 to 31 days.',
    );

    api.post(backtestPath, answer(500, { code: 'alerts.backtestFailed' }));
    await user.click(dialog.getByRole('button', { name: 'Try it' }));
    expect(await dialog.findByText('Could not evaluate the alert over the stored measurements.')).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    api.post(backtestPath, {
      ...firingResult,
      days: 1,
      groups: [],
      summary: { measurements: 3, groups: 0, windowsFiring: 0 },
    });
    const { user, dialog } = await editAlert('es');
    expect(dialog.getByRole('heading', { name: 'Pruébala antes de guardar' })).toBeTruthy();
    await user.selectOptions(dialog.getByLabelText('Probarla en los últimos'), '1');
    await user.click(dialog.getByRole('button', { name: 'Probar' }));
    expect(await dialog.findByText('En el último día no se habría disparado.')).toBeTruthy();
  });
});
