import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi, pagedList } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import type { AlertView } from '../api/alerts-api.ts';
import AlertsPage from './AlertsPage.tsx';
import { alertOf, analystProfile } from './alerts-fixtures.ts';

describe('alert form', () => {
  let api: FakeApi;
  let alerts: AlertView[];
  beforeEach(() => {
    api = fakeApi();
    signIn(api, analystProfile);
    alerts = [alertOf('a1', 'Madrid latency')];
    api.get('/api/alert-config/', pagedList(alerts));
  });

  async function openNewAlert(language: 'en' | 'es' = 'en') {
    const { user } = await renderScreen(<AlertsPage />, { path: '/alerts', language });
    await screen.findByRole('cell', { name: 'Madrid latency' });
    await user.click(screen.getByRole('button', { name: language === 'en' ? 'New alert' : 'Nueva alerta' }));
    return { user, dialog: within(screen.getByRole('dialog')) };
  }
  const problemOf = (element: HTMLElement) =>
    (element.closest('li, div.space-y-1, fieldset') as HTMLElement).querySelector('[role="alert"]')?.textContent;

  it('shows every rule under its field and sends nothing until they hold', async () => {
    const { user, dialog } = await openNewAlert();
    await user.clear(dialog.getByLabelText('Interval value'));
    await user.click(dialog.getByRole('checkbox', { name: 'Send e-mails' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(problemOf(dialog.getByLabelText('Name'))).toBe('The alert needs a name.');
    expect(problemOf(dialog.getByLabelText('Program of condition 1'))).toBe('This field is required.');
    expect(problemOf(dialog.getByLabelText('Interval value'))).toBe('The interval needs a value and a unit.');
    expect(dialog.getByText('Add at least one e-mail recipient.')).toBeTruthy();
    expect(api.sent('POST', '/api/alert-config/')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Name'), 'x'.repeat(65));
    expect(problemOf(dialog.getByLabelText('Name'))).toBe('The alert name can have at most 64 characters.');
    await user.click(dialog.getByRole('button', { name: 'Add recipient' }));
    await user.type(dialog.getByLabelText('Recipient 1'), 'not-an-address');
    expect(problemOf(dialog.getByLabelText('Recipient 1'))).toBe('The e-mail recipient not-an-address is not valid.');
  });

  it('offers only the KPIs a program measures and refuses the same condition twice', async () => {
    const { user, dialog } = await openNewAlert();
    await user.selectOptions(dialog.getByLabelText('Program of condition 1'), 'ping');
    const kpis = within(dialog.getByLabelText('KPI of condition 1')).getAllByRole('option');
    expect(kpis.map((option) => option.textContent)).toEqual(['Choose a KPI', 'Latency']);
    await user.type(dialog.getByLabelText('Value of condition 1'), '80');
    await user.click(dialog.getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(dialog.getByLabelText('Program of condition 2'), 'ping');
    await user.type(dialog.getByLabelText('Value of condition 2'), '80');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(problemOf(dialog.getByLabelText('Value of condition 2'))).toBe(
      'Conditions 1 and 2 of the alert are the same.',
    );
    await user.click(dialog.getByRole('button', { name: 'Remove condition 2' }));
    expect(dialog.queryByText('Conditions 1 and 2 of the alert are the same.')).toBeNull();
  });

  it('offers the groupings of the type and says why another is refused', async () => {
    const { user, dialog } = await openNewAlert();
    const grouping = dialog.getByLabelText('Grouped by');
    const choices = () =>
      within(grouping)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(choices()).toEqual(['Probe', 'Campaign']);
    await user.selectOptions(grouping, 'campaign');
    await user.selectOptions(dialog.getByLabelText('Type'), 'landline');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(problemOf(grouping)).toBe('Landline alerts must be grouped by probe or by universe.');
    await user.selectOptions(grouping, 'universe');
    expect(choices()).toEqual(['Probe', 'Universe']);
    expect(problemOf(grouping)).toBeUndefined();
  });

  it("creates an alert, and shows the server's refusal under the field it names", async () => {
    api.post('/api/alert-config/', (request) => {
      const body = request.body as { conditions: { kpi: string }[] };
      if (body.conditions[0]?.kpi === 'latency')
        return answer(422, {
          code: 'alerts.kpiNotInProfile',
          params: { kpi: 'latency' },
          details: { field: 'conditions.0.kpi' },
        });
      alerts.push(alertOf('a2', 'Slow downloads'));
      return { id: 'a2', version: 1, entity: alerts[1], warnings: [] };
    });
    const { user, dialog } = await openNewAlert();
    await user.type(dialog.getByLabelText('Name'), 'Slow downloads');
    await user.selectOptions(dialog.getByLabelText('Program of condition 1'), 'ping');
    await user.selectOptions(dialog.getByLabelText('Operator of condition 1'), 'lt');
    await user.type(dialog.getByLabelText('Value of condition 1'), '50');
    await user.click(dialog.getByRole('checkbox', { name: '4G' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Your profile does not analyse the KPI latency.')).toBeTruthy();
    expect(problemOf(dialog.getByLabelText('KPI of condition 1'))).toBe(
      'Your profile does not analyse the KPI latency.',
    );

    await user.selectOptions(dialog.getByLabelText('Program of condition 1'), 'speedtest');
    await user.selectOptions(dialog.getByLabelText('KPI of condition 1'), 'download');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', '/api/alert-config/').at(-1)?.body).toEqual({
      name: 'Slow downloads',
      type: 'mobile',
      status: 'Active',
      conditions: [{ program: 'speedtest', kpi: 'download', operator: 'lt', value: 50 }],
      interval: { value: 1, unit: 'hour' },
      eventsCount: 1,
      technologies: [4],
      campaigns: [],
      universes: [],
      providers: [],
      grouping: 'probe',
      email: { enabled: false, recipients: [] },
      push: { enabled: false },
      notifyOnlyNew: false,
      enabled: true,
    });
    expect(await screen.findByRole('cell', { name: 'Slow downloads' })).toBeTruthy();
  });

  it('edits an alert from what it holds, and places a field problem of the schema the server answered', async () => {
    api.put(
      '/api/alert-config/a1',
      answer(400, {
        code: 'validation.failed',
        details: {
          fields: [
            {
              field: 'body.email.recipients.0',
              code: 'alerts.recipientInvalid',
              params: { recipient: 'ops@x' },
              message: '',
            },
          ],
        },
      }),
    );
    const { user } = await renderScreen(<AlertsPage />, { path: '/alerts' });
    await user.click(await screen.findByRole('button', { name: 'Edit Madrid latency' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByLabelText('Name')).toHaveValue('Madrid latency');
    expect(dialog.getByLabelText('Value of condition 1')).toHaveValue(80);
    expect(dialog.getByLabelText('Grouped by')).toHaveValue('campaign');
    expect(dialog.getByRole('checkbox', { name: 'Movistar' })).toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Add recipient' }));
    await user.type(dialog.getByLabelText('Recipient 1'), 'ops@x');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('The e-mail recipient ops@x is not valid.')).toBeTruthy();
  });

  it('says its rules in Spanish', async () => {
    const { user, dialog } = await openNewAlert('es');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(problemOf(dialog.getByLabelText('Nombre'))).toBe('La alerta necesita un nombre.');
    expect(dialog.getByLabelText('Programa de la condición 1')).toBeTruthy();
    expect(
      within(dialog.getByLabelText('Agrupada por'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sonda', 'Campaña']);
  });
});
