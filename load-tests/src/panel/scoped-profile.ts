import { type Credentials, expectStatus, panelClient } from './panel-http.ts';
import { logIn } from './panel-platform.ts';
import type { PanelRun } from './panel-run.ts';

const layers = ['probes-map', 'tools/probes_status', 'probes_configuration', 'measurementAnalysis', 'storyboard'];

/**
 * A session under a profile restricted to the probes of the 10,000-probe sample (a regulator's analyst of one panel):
 * the administrator is given the profile and a second session of theirs switches to it, as the console's profile
 * menu does. Answers the client and how long creating the profile took.
 */
export async function scopedProfileSession({ panel, address, admin, session }: PanelRun) {
  const probes = panel.clusters.large.members;
  const name = `Panel scope ${probes.length}`;
  const created = await admin('POST', '/profiles/', {
    json: { name, rol: 'user', layers: layers.map((id) => ({ id, groups: [] })), probes },
  });
  // A kept run has it already: found by name.
  const id =
    created.status === 201
      ? (created.body as { id: string }).id
      : expectStatus<{ list: { id: string; name: string }[] }>(
          await admin('GET', `/profiles/?q=${encodeURIComponent(name)}`),
          200,
          'profiles by name',
        ).list.find((profile) => profile.name === name)?.id;
  if (!id) throw new Error(`profile ${name}: ${created.status} ${JSON.stringify(created.body)?.slice(0, 500)}`);
  const added = await admin('PUT', `/users/${session.userId}/profiles/add`, { json: { profileIds: [id] } });
  expectStatus(added, 200, 'the profile given to the administrator');
  const second = await logIn(address);
  const switched = await panelClient(address, second.credentials)('PUT', '/user/profile/change', {
    json: { idProfile: id },
  });
  const { data } = expectStatus<{ data: Credentials }>(switched, 200, 'the switch to the scoped profile');
  return {
    probes: probes.length,
    createMs: created.status === 201 ? created.ms : undefined,
    client: panelClient(address, { clientId: data.clientId, clientSecret: data.clientSecret }),
  };
}
