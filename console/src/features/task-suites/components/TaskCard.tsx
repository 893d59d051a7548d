import { useTranslation } from 'react-i18next';
import { type FieldNotes, SchemaFields, type SchemaTexts } from '../../../shared/schema-form/SchemaFields.tsx';
import { Button } from '../../../shared/ui/Button.tsx';
import { type Option, SelectField } from '../../../shared/ui/fields.tsx';
import { retypedTask, type TaskDraft, type TaskType, taskInputSchemas } from '../api/task-suite-schema.ts';

export interface TaskCardProps {
  task: TaskDraft;
  index: number;
  count: number;
  notes: FieldNotes;
  texts: SchemaTexts;
  typeOptions: readonly Option[];
  onChange: (task: TaskDraft) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
}

/** One task: its test type and that type's arguments, with the server's problems and warnings under each. */
export function TaskCard({ task, index, count, notes, texts, typeOptions, onChange, onRemove, onMove }: TaskCardProps) {
  const { t } = useTranslation('taskSuites');
  const typeLabel = t(`fleet:taskTypes.${task.type}`);
  const heading = t('taskHeading', { number: index + 1, name: task.name || typeLabel });
  const own = notes.errors[`tasks.${index}`];
  return (
    <section
      aria-label={heading}
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
      data-testid="task-card"
    >
      <header className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-gray-900">
          {heading} <span className="font-normal text-gray-500">· {typeLabel}</span>
        </h3>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={`${t('moveUp')}: ${heading}`}
          >
            ↑
          </Button>
          <Button
            variant="ghost"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={`${t('moveDown')}: ${heading}`}
          >
            ↓
          </Button>
          <Button variant="ghost" className="text-rose-700" onClick={onRemove}>
            {t('removeTask')}
          </Button>
        </div>
      </header>
      {own && (
        <p role="alert" className="mb-2 text-xs text-rose-600">
          {own}
        </p>
      )}
      <div className="mb-3 w-64">
        <SelectField
          label={t('testType')}
          options={typeOptions}
          value={task.type}
          error={notes.errors[`tasks.${index}.type`]}
          onChange={(event) => onChange(retypedTask(task, event.target.value as TaskType))}
        />
      </div>
      <SchemaFields
        schema={taskInputSchemas[task.type]}
        value={task}
        path={['tasks', index]}
        omit={['type']}
        notes={notes}
        texts={texts}
        onChange={(next) => onChange({ ...next, type: task.type } as TaskDraft)}
      />
    </section>
  );
}
