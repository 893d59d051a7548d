import { translate } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

type Body = Record<string, unknown>;

const programs = [
  { id: 'speedtest', type: 2, program: 'Speed test' },
  { id: 'ping', type: 3, program: 'Ping' },
];
/** A profile whose every restriction restricts: campaigns (no clusters in use), programs with their destinations. */
const complete: Body = {
  service: 'mobile',
  layers: [{ id: 'evolution' }],
  campaigns: [{ id: 'campaign-1' }],
  programs,
  serverDestinations: [{ name: 'Madrid', ip: 'speed.example.net' }],
  defaultDestinations: [{ name: 'Google DNS', ip: '8.8.8.8' }],
};

describe('profile warnings', { timeout: 60_000 }, () => {
  let api: TestApi;
  let serial = 0;
  beforeAll(async () => {
    api = await openTestApi();
  });
  afterAll(() => api?.raw.close());

  const create = async (changes: Body, language = 'en') => {
    const name = `Profile ${++serial}`;
    const response = await api.app.inject({
      method: 'POST',
      url: '/profiles',
      payload: { ...complete, name, ...changes },
      headers: { 'accept-language': language },
    });
    expect(response.statusCode).toBe(201);
    return { name, answer: response.json() as { id: string; warnings: Body[] } };
  };

  it('saves a profile whose every restriction restricts without a warning', async () => {
    expect((await create({})).answer.warnings).toEqual([]);
  });

  it('warns, in the caller’s language, that clusters restrict nothing while “Uses clusters” is off', async () => {
    const { name, answer } = await create({ clusters: ['cluster-1'] }, 'es');
    expect(answer.warnings).toEqual([
      {
        code: 'profiles.clustersUnused',
        message: translate('profiles.clustersUnused', 'es', { name }),
        params: { name },
      },
    ]);
  });

  it('warns that campaigns restrict nothing while “Uses clusters” is on', async () => {
    const { name, answer } = await create({ useClusters: true, clusters: ['cluster-1'] });
    expect(answer.warnings).toEqual([expect.objectContaining({ code: 'profiles.campaignsUnused', params: { name } })]);
  });

  it('warns that a profile without programs has none to analyse or extract, on create and on update', async () => {
    const { name, answer } = await create({ programs: [] });
    expect(answer.warnings).toEqual([
      expect.objectContaining({
        code: 'profiles.noPrograms',
        message: translate('profiles.noPrograms', 'en', { name }),
      }),
    ]);
    const renamed = await api.app.inject({
      method: 'PUT',
      url: `/profiles/${answer.id}`,
      payload: { name: `${name} renamed` },
    });
    expect(renamed.json().warnings).toEqual([
      expect.objectContaining({ code: 'profiles.noPrograms', params: { name: `${name} renamed` } }),
    ]);
  });

  it('warns which programs have no destinations of their type, but not for isGod profiles, which skip them', async () => {
    const { name, answer } = await create({ serverDestinations: [] });
    expect(answer.warnings).toEqual([
      expect.objectContaining({
        code: 'profiles.programsWithoutDestinations',
        params: { name, programs: 'Speed test' },
        message: translate('profiles.programsWithoutDestinations', 'en', { name, programs: 'Speed test' }),
      }),
    ]);
    expect((await create({ serverDestinations: [], isGod: true })).answer.warnings).toEqual([]);
  });
});
