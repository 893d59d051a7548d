import { useState } from 'react';
import type { CommandResult, Entity } from '../../../shared/api/entities.ts';
import { changedFields } from '../model/changed-fields.ts';
import type { DraftModel } from '../model/draft-model.ts';
import { useEntitySave } from './useEntitySave.ts';

export interface DraftFormOptions<T extends Entity, Draft> extends DraftModel<T, Draft> {
  basePath: string;
  failureCodes: { create: string; update: string };
  onSaved: (result: CommandResult<Entity>) => void;
}

/**
 * An entity form's state: the draft being edited and its save — a create with the whole body, or an update with only
 * what changed since the form opened, against the version it opened.
 */
export function useDraftForm<T extends Entity, Draft>(entity: T | undefined, options: DraftFormOptions<T, Draft>) {
  const [initial] = useState(() => options.draftOf(entity));
  const [draft, setDraft] = useState<Draft>(initial);
  const { save, saving, fieldError, formError } = useEntitySave(options);
  const change = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const submit = () =>
    void save(
      entity
        ? {
            kind: 'update',
            id: entity.id,
            changes: {
              ...changedFields(options.bodyOf(initial), options.bodyOf(draft)),
              expectedVersion: entity.version,
            },
          }
        : { kind: 'create', fields: options.bodyOf(draft) },
      options.problemsOf(draft),
    );
  return { draft, change, submit, saving, fieldError, formError };
}

export type DraftForm<Draft> = ReturnType<typeof useDraftForm<Entity, Draft>>;
