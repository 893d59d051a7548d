import type { HttpErrorCode } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

const WIFI_SECRET = 'wifi-S3cret-in-clear';
const APN_SECRET = 'apn-S3cret-in-clear';
const VOIP_SECRET = 'voip-S3cret-in-clear';

type Body = Record<string, unknown>;
const valid = (probeId: string, changes: Body = {}): Body => ({
  probeId,
  name: `Probe ${probeId}`,
  family: 'Cube',
  type: 'mobile',
  userId: '612345678',
  phoneNumber: '34612345678',
  latitude: 40.4168,
  longitude: -3.7038,
  device: {
    dns: { primary: '8.8.8.8' },
    ntpServers: [{ address: 'pool.ntp.org', port: '123' }],
    wifi: [{ ssid: 'office', password: WIFI_SECRET }],
    apns: [{ name: 'movistar', apn: 'movistar.es', password: APN_SECRET }],
  },
  connection: { expectedDownload: '600Mb', expectedUpload: '100Mb' },
  credentials: { voip: { name: 'line1', password: VOIP_SECRET }, whatsappDestination: '34699999999' },
  ...changes,
});

/**
 * Probes through the API (docs/product/entities.md#probe and rules.md#probe): every rule answered with its catalogue
 * code and nothing stored, secrets sealed at rest and never shown but to an administrator who asks. `dump` answers the
 * whole database (and read models) as text, to look for secrets in clear.
 */
export function describeProbesApi(
  profile: string,
  environment: () => Promise<NodeJS.ProcessEnv>,
  dump: (api: TestApi) => Promise<string>,
) {
  describe(`probes API — ${profile}`, { timeout: 60_000 }, () => {
    let api: TestApi;
    let app: SignedClient;
    let serial = 0;
    const nextId = () => `probe${Date.now().toString(36)}${++serial}`;

    beforeAll(async () => {
      api = await openTestApi(await environment());
      app = api.app;
    }, 120_000);
    afterAll(() => api?.raw.close());

    const create = (body: Body, client = app) => client.inject({ method: 'POST', url: '/probes', payload: body });

    it('creates a probe under its own id; its secrets are only ever shown as set', async () => {
      const probeId = nextId();
      const created = await create(valid(probeId));
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ id: probeId, entity: { probeId, status: 'Not ready' } });
      const stored = (await app.inject(`/probes/${probeId}?minPosition=${created.json().position}`)).json();
      expect(stored.device.wifi[0]).toEqual({ ssid: 'office', password: { sealed: true } });
      expect(stored.credentials.voip.password).toEqual({ sealed: true });
      expect(JSON.stringify(stored)).not.toContain('S3cret');
      const listed = (
        await app.inject(`/probes?ids=${probeId}&fields=device&minPosition=${created.json().position}`)
      ).json();
      expect(JSON.stringify(listed)).not.toContain('S3cret');
    });

    it('reveals secrets to an administrator who asks, and to nobody else', async () => {
      const probeId = nextId();
      await create(valid(probeId));
      const revealed = (await app.inject(`/probes/${probeId}?asOf=${new Date().toISOString()}&reveal=secrets`)).json();
      expect(revealed.device.wifi[0].password).toBe(WIFI_SECRET);
      expect(revealed.device.apns[0].password).toBe(APN_SECRET);
      const analyst = await api.as(`probe-analyst-${serial}`, { rol: 'user' });
      const refused = await analyst.inject(`/probes/${probeId}?reveal=secrets`);
      expect({ status: refused.statusCode, code: refused.json().code }).toEqual({
        status: 403,
        code: 'auth.adminOnly',
      });
    });

    it('keeps a stored secret when an edit leaves it out, and seals a new one', async () => {
      const probeId = nextId();
      await create(valid(probeId));
      const edited = await app.inject({
        method: 'PUT',
        url: `/probes/${probeId}`,
        payload: { device: { wifi: [{ ssid: 'office' }, { ssid: 'lab', password: 'lab-pass' }] } },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const revealed = (await app.inject(`/probes/${probeId}?asOf=${new Date().toISOString()}&reveal=secrets`)).json();
      expect(revealed.device.wifi).toEqual([
        { ssid: 'office', password: WIFI_SECRET },
        { ssid: 'lab', password: 'lab-pass' },
      ]);
    });

    const rules: [string, (id: string) => Body, number, HttpErrorCode][] = [
      ['an id with capitals', () => valid('Probe1'), 400, 'probes.idInvalidFormat'],
      ['an id with a space', () => valid('probe 1'), 400, 'probes.idInvalidFormat'],
      ['a user id of 8 digits', (id) => valid(id, { userId: '12345678' }), 400, 'probes.userIdInvalid'],
      ['a user id of 13 digits', (id) => valid(id, { userId: '1234567890123' }), 400, 'probes.userIdInvalid'],
      [
        'an expected speed over 8 characters',
        (id) => valid(id, { connection: { expectedDownload: '1000 Mbps' } }),
        400,
        'probes.expectedSpeedTooLong',
      ],
      [
        'a DNS that is not IPv4',
        (id) => valid(id, { device: { dns: { primary: '2001:db8::1' } } }),
        400,
        'probes.dnsInvalid',
      ],
      [
        'a WhatsApp destination with letters',
        (id) => valid(id, { credentials: { whatsappDestination: '34abc' } }),
        400,
        'probes.whatsappInvalid',
      ],
      [
        'a WhatsApp destination equal to the device number',
        (id) => valid(id, { credentials: { whatsappDestination: '34612345678' } }),
        400,
        'probes.whatsappSameAsDevice',
      ],
      ['a latitude that is not a number', (id) => valid(id, { latitude: 'north' }), 400, 'probes.latitudeInvalid'],
      ['a latitude over 90', (id) => valid(id, { latitude: 91 }), 400, 'probes.latitudeInvalid'],
      ['a longitude under -180', (id) => valid(id, { longitude: -181 }), 400, 'probes.longitudeInvalid'],
      [
        'a port with letters',
        (id) => valid(id, { device: { ntpServers: [{ address: 'ntp', port: '12a' }] } }),
        400,
        'probes.portInvalid',
      ],
      ['an unknown family', (id) => valid(id, { family: 'Toaster' }), 400, 'validation.invalidOption'],
      ['a task suite that does not exist', (id) => valid(id, { taskSuite: 'nope' }), 404, 'resource.notFound'],
    ];
    for (const [name, body, status, code] of rules) {
      it(`refuses ${name}: ${status} ${code}, storing nothing`, async () => {
        const id = nextId();
        const response = await create(body(id));
        expect({ status: response.statusCode, code: response.json().code }, response.body).toEqual({ status, code });
        expect((await app.inject(`/probes/${id}?asOf=${new Date().toISOString()}`)).statusCode).toBe(404);
      });
    }

    it('refuses an id that exists (exactly one of concurrent creations wins) and a change of id', async () => {
      const probeId = nextId();
      const results = await Promise.all(Array.from({ length: 4 }, () => create(valid(probeId))));
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('probes.idExists');
      const renamed = await app.inject({ method: 'PUT', url: `/probes/${probeId}`, payload: { probeId: 'other1' } });
      expect(renamed.json().code).toBe('probes.idImmutable');
    });

    it('finds probes by text, listing the ids it could not add', async () => {
      const [a, b] = [nextId(), nextId()];
      const positions = [];
      for (const id of [a, b]) positions.push((await create(valid(id))).json().position);
      await app.inject(`/probes?minPosition=${positions[1]}`);
      const response = await app.inject({
        method: 'POST',
        url: '/probes/by-text',
        payload: { text: `${a}, ${b} Bad-Id  missing1` },
      });
      expect(response.json()).toMatchObject({ count: 2, invalid: ['Bad-Id', 'missing1'] });
      expect(response.json().warnings[0]).toMatchObject({ code: 'probes.invalidIdsIgnored' });
      expect(response.json().warnings[0].message).toContain('Bad-Id, missing1');
    });

    it('exports the probes as CSV without their credentials, their campaign by name', async () => {
      const probeId = nextId();
      const campaign = await app.inject({
        method: 'POST',
        url: '/api/campaigns-management',
        payload: { name: `Export drive ${probeId}`, startDate: '2026-01-01', endDate: '2026-12-31' },
      });
      expect(campaign.statusCode, campaign.body).toBe(201);
      const { position } = (await create({ ...valid(probeId), campaign: campaign.json().id })).json();
      // The export waits for the campaigns' read model too: each projection keeps its own pace.
      const csv = await api.readCaughtUp(`/probes/export.csv?minPosition=${position}`);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body.split('\n')[0]).toContain('"probeId","name","family"');
      expect(csv.body).toContain(`"${probeId}"`);
      expect(csv.body).toContain(`"Export drive ${probeId}"`);
      expect(csv.body).not.toContain(campaign.json().id);
      expect(csv.body).not.toContain('S3cret');
    });

    it('keeps no probe secret in clear anywhere in the database or the read models', async () => {
      const probeId = nextId();
      const { position } = (await create(valid(probeId))).json();
      await app.inject(`/probes?minPosition=${position}`);
      const everything = await dump(api);
      expect(everything).toContain(probeId);
      for (const secret of [WIFI_SECRET, APN_SECRET, VOIP_SECRET]) expect(everything).not.toContain(secret);
    });
  });
}
