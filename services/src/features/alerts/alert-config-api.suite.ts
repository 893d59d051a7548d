import type { ProfileFields } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const programs: ProfileFields['programs'] = [
  { id: 'speedtest', type: 2, program: 'Speed test', groups: [] },
  { id: 'ping', type: 3, program: 'Ping', groups: [] },
  { id: 'web', type: 1, program: 'Web', groups: [] },
];
const setup = { actor: { userId: 'test-setup', profileId: 'test-admin' }, correlationId: 'alerts-setup' };

const slowDownload = { program: 'speedtest', kpi: 'download', operator: 'lt', value: 50 };
const landlineAlert = {
  name: 'Slow fibre',
  type: 'landline',
  conditions: [slowDownload],
  interval: { value: 1, unit: 'hour' },
  eventsCount: 3,
  technologies: [98],
  universes: ['alert-universe'],
  providers: ['alert-provider'],
  grouping: 'probe',
  email: { enabled: true, recipients: ['noc@example.com'] },
  push: { enabled: true },
  notifyOnlyNew: true,
};
const mobileAlert = {
  name: 'Handset latency',
  type: 'mobile',
  conditions: [{ program: 'ping', kpi: 'latency', operator: 'gt', value: 80 }],
  interval: { value: 30, unit: 'minute' },
  technologies: [4],
  campaigns: ['alert-campaign'],
  grouping: 'campaign',
};

/** The alert configuration API as a user meets it; run on the embedded profile and on the distributed one. */
export function describeAlertConfigApi(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`alert configuration API — ${profile}`, { timeout: 60_000 }, () => {
    let api: TestApi;
    let admin: SignedClient;
    let analyst: SignedClient;
    let other: SignedClient;
    let withoutScreen: SignedClient;

    beforeAll(async () => {
      api = await openTestApi(await environment());
      admin = api.app;
      const create = (kind: 'campaign' | 'universe' | 'provider', id: string, fields: Record<string, unknown>) =>
        api
          .service(kind)
          .execute({ type: 'create', id, fields }, { ...setup, commandId: `create-${id}`, now: new Date() });
      await create('campaign', 'alert-campaign', {
        name: 'Alert campaign',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      });
      await create('campaign', 'hidden-campaign', {
        name: 'Hidden campaign',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      });
      await create('universe', 'alert-universe', { name: 'Alert universe' });
      await create('provider', 'alert-provider', {
        name: 'Alert provider',
        label: 'Alert provider',
        country: 'Spain',
        numeric: '21407',
      });
      await create('provider', 'other-provider', {
        name: 'Other provider',
        label: 'Other provider',
        country: 'Spain',
        numeric: '21401',
      });
      const restricted: Partial<ProfileFields> = {
        layers: [
          { id: 'alerts', groups: [] },
          { id: 'settings_history', groups: [] },
        ],
        programs,
        kpis: [
          { id: 'download', fringes: [0, 1, 2], inverse: false },
          { id: 'latency', fringes: [0, 1, 2], inverse: true },
        ],
        technologies: [4, 5, 98],
        isps: [{ id: 'alert-provider' }],
        campaigns: [{ id: 'alert-campaign' }],
      };
      analyst = await api.as('alert-analyst', restricted);
      other = await api.as('alert-other', restricted);
      withoutScreen = await api.as('alert-outsider', { layers: [{ id: 'csv_templates', groups: [] }], programs });
    });
    afterAll(() => admin.close());

    const post = (client: SignedClient, payload: unknown, language = 'en') =>
      client.inject({
        method: 'POST',
        url: '/api/alert-config',
        payload: payload as Record<string, unknown>,
        headers: { 'accept-language': language },
      });
    const list = async (client: SignedClient, query = '') =>
      (await client.inject(`/api/alert-config?pageSize=100${query}`)).json() as {
        list: { id: string; name: string; owner: string; enabled: boolean }[];
        count: number;
      };
    const created = async (client: SignedClient, payload: unknown) => {
      const response = await post(client, payload);
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string; position: string; entity: Record<string, unknown> };
    };

    it('creates an alert with every field, answers it by id and lists it for its owner', async () => {
      const { id, position, entity } = await created(analyst, landlineAlert);
      expect(entity).toMatchObject({
        ...landlineAlert,
        status: 'Active',
        enabled: true,
        campaigns: [],
        owner: 'alert-analyst',
        version: 1,
      });
      expect((await analyst.inject(`/api/alert-config/${id}?minPosition=${position}`)).json()).toMatchObject({
        id,
        name: 'Slow fibre',
        conditions: [slowDownload],
        interval: { value: 1, unit: 'hour' },
      });
      expect((await list(analyst, `&minPosition=${position}`)).list.map((alert) => alert.name)).toContain('Slow fibre');
    });

    it('lists by type, by enabled or disabled and by name', async () => {
      await created(analyst, { ...mobileAlert, name: 'Filtered mobile' });
      const disabled = await created(analyst, { ...landlineAlert, name: 'Filtered disabled', enabled: false });
      // Created last, so the read model holding it holds the other one too.
      const fresh = `&minPosition=${disabled.position}`;
      const names = async (query: string) => (await list(analyst, `${query}${fresh}`)).list.map((alert) => alert.name);
      expect(await names('&type=mobile&q=filtered')).toEqual(['Filtered mobile']);
      expect(await names('&enabled=false&q=filtered')).toEqual(['Filtered disabled']);
      expect(await names('&enabled=true&type=landline&q=filtered')).toEqual([]);
      expect(await names('&q=FILTERED')).toEqual(['Filtered disabled', 'Filtered mobile']);
      const badFilter = await analyst.inject('/api/alert-config?type=satellite');
      expect(badFilter.statusCode).toBe(400);
    });

    const refusals: { rule: string; body: Record<string, unknown>; code: string; en: string; es: string }[] = [
      {
        rule: 'an empty name',
        body: { name: ' ' },
        code: 'alerts.nameRequired',
        en: 'The alert needs a name.',
        es: 'La alerta necesita un nombre.',
      },
      {
        rule: 'a name too long',
        body: { name: 'n'.repeat(65) },
        code: 'alerts.nameTooLong',
        en: 'The alert name can have at most 64 characters.',
        es: 'El nombre de la alerta puede tener como máximo 64 caracteres.',
      },
      {
        rule: 'an interval without a value',
        body: { interval: { unit: 'hour' } },
        code: 'alerts.intervalRequired',
        en: 'The interval needs a value and a unit.',
        es: 'El intervalo necesita un valor y una unidad.',
      },
      {
        rule: 'an interval without a unit',
        body: { interval: { value: 5 } },
        code: 'alerts.intervalRequired',
        en: 'The interval needs a value and a unit.',
        es: 'El intervalo necesita un valor y una unidad.',
      },
      {
        rule: 'e-mail notifications without recipients',
        body: { email: { enabled: true, recipients: [] } },
        code: 'alerts.recipientsRequired',
        en: 'Add at least one e-mail recipient.',
        es: 'Añade al menos un destinatario de correo electrónico.',
      },
      {
        rule: 'an empty recipient',
        body: { email: { enabled: true, recipients: [''] } },
        code: 'alerts.recipientEmpty',
        en: 'An e-mail recipient is empty: write an address or remove it.',
        es: 'Un destinatario de correo electrónico está vacío: escribe una dirección o quítalo.',
      },
      {
        rule: 'an invalid recipient',
        body: { email: { enabled: true, recipients: ['noc@example.com', 'noc at example'] } },
        code: 'alerts.recipientInvalid',
        en: 'The e-mail recipient noc at example is not valid.',
        es: 'El destinatario de correo electrónico noc at example no es válido.',
      },
      {
        rule: 'a landline alert grouped by campaign',
        body: { grouping: 'campaign' },
        code: 'alerts.landlineGrouping',
        en: 'Landline alerts must be grouped by probe or by universe.',
        es: 'Las alertas de red fija deben agruparse por sonda o por universo.',
      },
      {
        rule: 'a mobile alert grouped by universe',
        body: { type: 'mobile', grouping: 'universe' },
        code: 'alerts.mobileGrouping',
        en: 'Mobile alerts must be grouped by probe or by campaign.',
        es: 'Las alertas móviles deben agruparse por sonda o por campaña.',
      },
      {
        rule: 'duplicate conditions',
        body: { conditions: [slowDownload, { ...slowDownload }] },
        code: 'alerts.duplicateCondition',
        en: 'Conditions 1 and 2 of the alert are the same.',
        es: 'Las condiciones 1 y 2 de la alerta son iguales.',
      },
    ];

    it.each(refusals)('refuses $rule with its message, in English and in Spanish', async ({ body, code, en, es }) => {
      const before = (await list(analyst)).count;
      for (const [language, message] of [
        ['en', en],
        ['es', es],
      ] as const) {
        const response = await post(analyst, { ...landlineAlert, name: `Refused ${code}`, ...body }, language);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ code, message });
      }
      expect((await list(analyst)).count).toBe(before);
    });

    it('refuses programs, KPIs, technologies, providers and campaigns that are not the profile’s', async () => {
      const refused = async (body: Record<string, unknown>, language = 'en') => {
        const response = await post(analyst, { ...landlineAlert, name: 'Out of profile', ...body }, language);
        expect(response.statusCode, response.body).toBe(422);
        return response.json();
      };
      expect(await refused({ conditions: [{ ...slowDownload, program: 'youtube' }] })).toMatchObject({
        code: 'alerts.programNotOffered',
        message: 'The program youtube is not among the programs of your profile.',
      });
      expect(await refused({ conditions: [{ ...slowDownload, program: 'ping' }] }, 'es')).toMatchObject({
        code: 'alerts.kpiNotOfProgram',
        message: 'El programa ping no mide el KPI download.',
      });
      expect(await refused({ conditions: [{ ...slowDownload, kpi: 'upload' }] })).toMatchObject({
        code: 'alerts.kpiNotInProfile',
        message: 'Your profile does not analyse the KPI upload.',
      });
      expect(await refused({ technologies: [98, 3] })).toMatchObject({
        code: 'alerts.technologyNotInProfile',
        params: { technology: 3 },
      });
      expect(await refused({ providers: ['other-provider'] })).toMatchObject({
        code: 'alerts.providerNotInProfile',
        params: { provider: 'other-provider' },
      });
      expect(await refused({ ...mobileAlert, campaigns: ['hidden-campaign'] })).toMatchObject({
        code: 'alerts.campaignNotInProfile',
        message: 'The campaign hidden-campaign is not among the campaigns of your profile.',
      });
      // An update is held to the same checks.
      const { id } = await created(analyst, { ...mobileAlert, name: 'Checked on update' });
      const update = await analyst.inject({
        method: 'PUT',
        url: `/api/alert-config/${id}`,
        payload: { campaigns: ['hidden-campaign'] },
      });
      expect(update.json()).toMatchObject({ code: 'alerts.campaignNotInProfile' });
    });

    it('refuses universes, campaigns and providers that do not exist, even to isGod profiles', async () => {
      const response = await post(admin, { ...landlineAlert, name: 'Ghost universe', universes: ['no-such-universe'] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation.invalidOption' });
      const godAlert = await post(admin, { ...mobileAlert, name: 'Any campaign', campaigns: ['hidden-campaign'] });
      expect(godAlert.statusCode, godAlert.body).toBe(201);
    });

    it('shows an alert only to its owner profile and to isGod profiles', async () => {
      const { id, position } = await created(analyst, { ...landlineAlert, name: 'Private alert' });
      const fresh = `minPosition=${position}`;
      expect((await analyst.inject(`/api/alert-config/${id}?${fresh}`)).statusCode).toBe(200);
      for (const [method, url, payload] of [
        ['GET', `/api/alert-config/${id}?${fresh}`, undefined],
        ['PUT', `/api/alert-config/${id}`, { name: 'Taken over' }],
        ['PUT', `/api/alert-config/${id}/disable`, undefined],
        ['DELETE', `/api/alert-config/${id}`, undefined],
        ['GET', `/api/audit/alert/${id}/history`, undefined],
      ] as const) {
        const response = await other.inject({ method, url, ...(payload ? { payload } : {}) });
        expect(`${method} ${url} ${response.statusCode}`).toBe(`${method} ${url} 404`);
      }
      expect((await list(other, `&minPosition=${position}`)).list.map((alert) => alert.id)).not.toContain(id);
      const seenByGod = await list(admin, `&minPosition=${position}`);
      expect(seenByGod.list.find((alert) => alert.id === id)).toMatchObject({ owner: 'alert-analyst' });
      expect((await admin.inject(`/api/alert-config/${id}?${fresh}`)).json()).toMatchObject({ name: 'Private alert' });
      expect((await withoutScreen.inject('/api/alert-config')).statusCode).toBe(403);
    });

    it('disables and enables an alert, each kept in its history', async () => {
      const { id } = await created(analyst, { ...mobileAlert, name: 'Switched' });
      const disabled = await analyst.inject({ method: 'PUT', url: `/api/alert-config/${id}/disable` });
      expect(disabled.statusCode, disabled.body).toBe(200);
      expect(disabled.json()).toMatchObject({ id, version: 2, entity: { enabled: false } });
      const { position } = disabled.json();
      expect((await list(analyst, `&enabled=false&minPosition=${position}`)).list.map((a) => a.id)).toContain(id);
      // Disabling a disabled alert changes nothing.
      expect((await analyst.inject({ method: 'PUT', url: `/api/alert-config/${id}/disable` })).json()).toMatchObject({
        version: 2,
      });
      const enabled = await analyst.inject({ method: 'PUT', url: `/api/alert-config/${id}/enable` });
      expect(enabled.json()).toMatchObject({ version: 3, entity: { enabled: true } });
      const history = (await analyst.inject(`/api/audit/alert/${id}/history`)).json();
      expect(history.history.map((entry: { type: string }) => entry.type)).toEqual([
        'AlertCreated',
        'AlertDisabled',
        'AlertEnabled',
      ]);
      expect(history.history[1].changes).toEqual([{ field: 'enabled', before: true, after: false }]);
      const missing = await analyst.inject({ method: 'PUT', url: '/api/alert-config/no-such-alert/enable' });
      expect(missing.statusCode).toBe(404);
    });

    it('answers an alert as it was at an instant, from its history, and deletes it', async () => {
      const { id } = await created(analyst, { ...landlineAlert, name: 'Before' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const beforeChange = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const updated = await analyst.inject({
        method: 'PUT',
        url: `/api/alert-config/${id}`,
        payload: { name: 'After', interval: { value: 2, unit: 'day' } },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect((await analyst.inject(`/api/alert-config/${id}?asOf=${beforeChange}`)).json()).toMatchObject({
        name: 'Before',
        interval: { value: 1, unit: 'hour' },
      });
      const history = (await analyst.inject(`/api/audit/alert/${id}/history`)).json();
      expect(history.history.map((entry: { type: string }) => entry.type)).toEqual(['AlertCreated', 'AlertUpdated']);
      const removed = await analyst.inject({ method: 'DELETE', url: `/api/alert-config/${id}` });
      expect(removed.statusCode).toBe(200);
      const afterRemoval = await analyst.inject(`/api/alert-config/${id}?minPosition=${removed.json().position}`);
      expect(afterRemoval.statusCode).toBe(404);
      expect((await analyst.inject(`/api/alert-config/${id}?asOf=${beforeChange}`)).json()).toMatchObject({
        name: 'Before',
      });
    });
  });
}
