import type { TagFields } from '@nq/contracts';
import { followedBy, logIn, loginFrom } from './login.ts';
import {
  type Answer,
  type Credentials,
  defaultThresholds,
  type Exchange,
  fieldOf,
  finished,
  profileFrom,
  type Scenario,
  type ScenarioRequest,
} from './scenario.ts';

/** What a command answers (docs/features/configuration-data.md): the entity's id and version, and its log position. */
interface CommandAnswer {
  id: string;
  version: number;
  position: string;
}

const commandOf = (answer: Answer): CommandAnswer => ({
  id: String(fieldOf(answer, 'id')),
  version: Number(fieldOf(answer, 'version')),
  position: String(fieldOf(answer, 'position')),
});

const tagBody = (name: string) => ({ name }) satisfies Partial<TagFields>;

/**
 * An administrator's configuration work on tags, each step with what the previous one answered: create a tag, rename
 * it against the version it was created at (`expectedVersion`: 409 if someone changed it since), read it back once its
 * read model shows the rename (`minPosition`), and delete it against the renamed version.
 */
export function tagLifecycle(admin: Credentials, name: string): Exchange<void> {
  const signed = (request: Omit<ScenarioRequest, 'signedBy'>): ScenarioRequest => ({ ...request, signedBy: admin });
  return (answers) => {
    const [created, renamed, read, deleted] = answers;
    if (!created)
      return signed({ name: 'create tag', method: 'POST', url: '/tags', body: tagBody(name), expected: [201] });
    if (created.status !== 201) return { done: undefined };
    const tag = commandOf(created);
    if (!renamed)
      return signed({
        name: 'rename tag',
        method: 'PUT',
        url: `/tags/${tag.id}`,
        body: { ...tagBody(`${name} renamed`), expectedVersion: tag.version },
        expected: [200],
      });
    const rename = renamed.status === 200 ? commandOf(renamed) : tag;
    if (!read)
      return signed({
        name: 'read tag',
        method: 'GET',
        url: `/tags/${tag.id}?minPosition=${rename.position}`,
        expected: [200],
      });
    if (!deleted)
      return signed({
        name: 'delete tag',
        method: 'DELETE',
        url: `/tags/${tag.id}?expectedVersion=${rename.version}`,
        expected: [200],
      });
    return { done: undefined };
  };
}

export const configurationCommands: Scenario<{ admin: Credentials }> = {
  name: 'configuration_commands',
  description: 'An administrator creating, renaming (expectedVersion), reading back (minPosition) and deleting tags',
  thresholds: defaultThresholds,
  profile: (env) => profileFrom(env, { rate: 5, durationSeconds: 60, maxVUs: 20 }),
  setup: (env) => followedBy(logIn(loginFrom(env, 'admin')), (admin) => finished({ admin })),
  iteration: (context, runtime) => tagLifecycle(context.admin, `k6 ${runtime.uuid().slice(0, 13)}`),
};
