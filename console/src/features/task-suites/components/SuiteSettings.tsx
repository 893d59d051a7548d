import type { JsonSchema } from '../../../shared/schema-form/json-schema.ts';
import { type FieldNotes, SchemaFields, type SchemaTexts } from '../../../shared/schema-form/SchemaFields.tsx';
import { backendInfoInputSchema, type SuiteDraft, taskRulesInputSchema } from '../api/task-suite-schema.ts';

/** The suite's backend info and task rules, each a folding section (open when the server pointed at it). */
const settingsSchema: JsonSchema = {
  type: 'object',
  properties: { backendInfo: backendInfoInputSchema, taskRules: taskRulesInputSchema },
};

export function SuiteSettings(props: {
  draft: SuiteDraft;
  notes: FieldNotes;
  texts: SchemaTexts;
  onChange: (settings: Pick<SuiteDraft, 'backendInfo' | 'taskRules'>) => void;
}) {
  const { draft } = props;
  return (
    <SchemaFields
      schema={settingsSchema}
      value={{ backendInfo: draft.backendInfo, taskRules: draft.taskRules }}
      notes={props.notes}
      texts={props.texts}
      foldGroups
      onChange={(next) =>
        props.onChange({
          backendInfo: (next.backendInfo as SuiteDraft['backendInfo'] | undefined) ?? {},
          taskRules: (next.taskRules as SuiteDraft['taskRules'] | undefined) ?? {},
        })
      }
    />
  );
}
