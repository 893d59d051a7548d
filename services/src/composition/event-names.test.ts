import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { entityEventKindOf } from '@nq/contracts';
import { intentEventsOf } from '@nq/platform/entities/entity-definition';
import { describe, expect, it } from 'vitest';
import { configurationEntities } from './platform-runs.ts';

/** What the settings history calls each event, after its entity's prefix. */
const eventTexts = (language: 'en' | 'es') =>
  (
    JSON.parse(
      readFileSync(join(import.meta.dirname, `../../../console/src/locales/${language}/settingsHistory.json`), 'utf8'),
    ) as { events: Record<string, string> }
  ).events;

const named = configurationEntities.flatMap(({ definition }) =>
  intentEventsOf(definition).map((event) => ({ prefix: definition.eventPrefix, event })),
);

describe('the events configuration entities record', () => {
  it('each have words in the settings history, in English and Spanish', () => {
    const events = new Set(['Created', 'Updated', 'Deleted', ...named.map(({ event }) => event)]);
    for (const language of ['en', 'es'] as const)
      expect(
        [...events].filter((event) => !eventTexts(language)[event]),
        language,
      ).toEqual([]);
  });

  it('fold as changes of the entity when named by an intent', () => {
    const data = { changes: {}, intent: {} };
    expect(
      named.filter(({ prefix, event }) => entityEventKindOf({ type: `${prefix}${event}`, data }) !== 'updated'),
    ).toEqual([]);
  });
});
