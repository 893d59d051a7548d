import {
  type AuditedKind,
  type AuditNames,
  auditedKinds,
  type HistoryEntry,
  isAuditedKind,
  referencedEntities,
} from '@nq/contracts';
import type { Viewer } from '@nq/platform/access/viewer';
import type { Visibility } from '@nq/platform/access/visibility';
import type { EntityService } from '@nq/platform/entities/entity-service';
import type { AccessRule } from '@nq/platform/http/access-rule';
import { authorize } from '../access/authorize.ts';

type Named = { kind: AuditedKind; id: string };

/** A configuration entity as its own routes declare it: who reads it, and which of its entities a profile sees. */
export interface AuditedEntity {
  service: EntityService;
  access: { read: AccessRule };
  visibility: Visibility;
}

/**
 * Names for an audit answer, so that the settings history shows names instead of ids: the entities its fields refer
 * to, named only when the caller may read them (its read rule and visibility, as their own routes would answer), and
 * the users and profiles that made each change (who changed a setting is what an audit is for).
 */
export function auditNamer(entities: readonly AuditedEntity[]) {
  const byKind = new Map(entities.map((entity) => [entity.service.definition.kind, entity]));
  const readable = (viewer: Viewer, entity: AuditedEntity) => {
    try {
      authorize(entity.access.read, viewer);
      return true;
    } catch {
      return false;
    }
  };

  async function nameOf(viewer: Viewer, { kind, id }: Named, checked: boolean): Promise<string | undefined> {
    const entity = byKind.get(kind);
    if (!entity || (checked && !readable(viewer, entity))) return undefined;
    const { events, state } = await entity.service.load(id);
    if (events.length === 0) return undefined;
    if (checked && !entity.visibility.sees(viewer, { ...state.fields, id, owner: state.owner })) return undefined;
    const name = state.fields[auditedKinds[kind]];
    return typeof name === 'string' && name !== '' ? name : undefined;
  }

  return async function namesFor(
    viewer: Viewer,
    kind: string,
    fields: readonly Record<string, unknown>[],
    history: readonly Pick<HistoryEntry, 'actor'>[] = [],
  ): Promise<AuditNames> {
    const references = isAuditedKind(kind) ? referencedEntities(kind, fields) : [];
    const actors = history.flatMap(({ actor }): Named[] => [
      { kind: 'user', id: actor.userId },
      { kind: 'profile', id: actor.profileId },
    ]);
    const wanted = [
      ...references.map((named) => ({ named, checked: true })),
      ...actors.map((named) => ({ named, checked: false })),
    ];
    const names: AuditNames = {};
    const seen = new Set<string>();
    for (const { named, checked } of wanted) {
      const key = `${named.kind}:${named.id}:${checked}`;
      if (seen.has(key) || names[named.kind]?.[named.id]) continue;
      seen.add(key);
      const name = await nameOf(viewer, named, checked);
      if (name !== undefined) names[named.kind] = { ...names[named.kind], [named.id]: name };
    }
    return names;
  };
}
