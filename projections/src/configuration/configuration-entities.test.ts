import type { StoredEvent } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { configurationEntityProjection } from './configuration-entities.ts';

const tags = configurationEntityProjection({
  kind: 'tag',
  eventPrefix: 'Tag',
  intentEvents: ['ProfilesGranted'],
  collection: 'tags',
});
let sequence = 0;
const event = (type: string, data: object, streamVersion: number): StoredEvent => ({
  eventId: `00000000-0000-5000-8000-00000000000${++sequence}`,
  streamId: 'tag-t1',
  streamVersion,
  position: `10:${sequence}`,
  type,
  schemaVersion: 1,
  data: data as Record<string, unknown>,
  metadata: { actor: { userId: 'u1', profileId: 'p1' }, commandId: 'c', correlationId: 'c', causationId: 'c' },
  recordedAt: `2026-03-01T10:00:0${sequence}.000Z`,
});

describe('configuration entity list projection', () => {
  it('handles only its own entity events', () => {
    expect(
      ['TagCreated', 'TagUpdated', 'TagProfilesGranted', 'TagDeleted', 'TagsImported', 'ProviderCreated'].filter(
        tags.handles,
      ),
    ).toEqual(['TagCreated', 'TagUpdated', 'TagProfilesGranted', 'TagDeleted']);
  });

  it('keeps the document of the entity: fields, owner, times and version; deletion removes it', () => {
    const created = tags.apply(
      null,
      event('TagCreated', { id: 't1', fields: { name: 'Fibre', profiles: [], note: 'x' }, owner: 'p1' }, 1),
    );
    expect(created).toMatchObject({ id: 't1', name: 'Fibre', owner: 'p1', version: 1 });
    const updated = tags.apply(created, event('TagUpdated', { changes: { name: 'FTTH', note: null } }, 2));
    expect(updated).toEqual({
      id: 't1',
      name: 'FTTH',
      profiles: [],
      owner: 'p1',
      createdAt: created!.createdAt,
      updatedAt: expect.any(String),
      version: 2,
    });
    expect(tags.documentId(event('TagDeleted', {}, 3))).toBe('t1');
    expect(tags.apply(updated, event('TagDeleted', {}, 3))).toBeNull();
  });

  it('folds the changes a command with intent recorded', () => {
    const created = tags.apply(
      null,
      event('TagCreated', { id: 't1', fields: { name: 'Fibre', profiles: [] }, owner: 'p1' }, 1),
    );
    const granted = tags.apply(
      created,
      event('TagProfilesGranted', { changes: { profiles: ['p2'] }, intent: { profileIds: ['p2'] } }, 2),
    );
    expect(granted).toMatchObject({ id: 't1', name: 'Fibre', profiles: ['p2'], version: 2 });
  });
});
