import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldNotes, SchemaTexts } from '../../../shared/schema-form/SchemaFields.tsx';
import { Button } from '../../../shared/ui/Button.tsx';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { newTask, type TaskDraft, type TaskType, taskTypes } from '../api/task-suite-schema.ts';
import { TaskCard } from './TaskCard.tsx';

export interface TaskListProps {
  tasks: readonly TaskDraft[];
  notes: FieldNotes;
  texts: SchemaTexts;
  onChange: (tasks: TaskDraft[]) => void;
}

/** The tasks of the suite, in the order the probe runs them: each in its own editor; add, remove, reorder. */
export function TaskList({ tasks, notes, texts, onChange }: TaskListProps) {
  const { t } = useTranslation('taskSuites');
  const [adding, setAdding] = useState<TaskType>(taskTypes[0] ?? 'http-download');
  const typeOptions = taskTypes.map((type) => ({ value: type, label: t(`fleet:taskTypes.${type}`) }));

  const move = (index: number, by: -1 | 1) => {
    const next = [...tasks];
    const [task] = next.splice(index, 1);
    if (task) next.splice(index + by, 0, task);
    onChange(next);
  };

  return (
    <section aria-labelledby="tasks-heading" className="space-y-3">
      <h2 id="tasks-heading" className="text-base font-semibold text-gray-900">
        {t('tasks', { count: tasks.length })}
      </h2>
      {notes.errors.tasks && (
        <p role="alert" className="text-xs text-rose-600">
          {notes.errors.tasks}
        </p>
      )}
      {tasks.length === 0 && <p className="text-sm text-gray-500">{t('noTasks')}</p>}
      {tasks.map((task, index) => (
        <TaskCard
          // Tasks are named by their place in the list (the API's `tasks.<index>`); their ids are being edited.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          task={task}
          index={index}
          count={tasks.length}
          notes={notes}
          texts={texts}
          typeOptions={typeOptions}
          onChange={(changed) => onChange(tasks.map((other, at) => (at === index ? changed : other)))}
          onRemove={() => onChange(tasks.filter((_, at) => at !== index))}
          onMove={(by) => move(index, by)}
        />
      ))}
      <div className="flex items-end gap-2 rounded-lg border border-dashed border-gray-300 bg-white p-3">
        <div className="w-64">
          <SelectField
            label={t('testType')}
            options={typeOptions}
            value={adding}
            onChange={(event) => setAdding(event.target.value as TaskType)}
          />
        </div>
        <Button
          variant="secondary"
          onClick={() => onChange([...tasks, newTask(adding, tasks, t(`fleet:taskTypes.${adding}`))])}
        >
          {t('addTask')}
        </Button>
      </div>
    </section>
  );
}
