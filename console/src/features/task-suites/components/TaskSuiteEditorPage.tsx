import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useEntity } from '../../../shared/api/entities.ts';
import { Spinner } from '../../../shared/ui/screens.tsx';
import type { SuiteDraft } from '../api/task-suite-schema.ts';
import { suitesPath, suitesScreen, type TaskSuite } from '../api/task-suites-api.ts';
import type { StoredSuite, SuiteWarning } from '../machines/family-change.machine.ts';
import { SuiteEditor } from './SuiteEditor.tsx';

const draftOf = (suite: TaskSuite): SuiteDraft => ({
  name: suite.name,
  family: suite.family,
  backendInfo: suite.backendInfo ?? {},
  tasks: suite.tasks ?? [],
  taskRules: suite.taskRules ?? {},
});
const storedOf = (suite: TaskSuite): StoredSuite => ({
  id: suite.id,
  version: suite.version,
  family: suite.family,
  taskCount: suite.tasks?.length ?? 0,
});

/** `task_suites_configuration/:id` (`new` creates one): the suite's general fields, backend info, rules and tasks. */
export default function TaskSuiteEditorPage() {
  const { id = 'new' } = useParams();
  const creating = id === 'new';
  const navigate = useNavigate();
  const { t } = useTranslation('taskSuites');
  // Warnings of the create that led here (the editor of a new suite hands over to the suite's own address).
  const handedOver = (useLocation().state as { warnings?: SuiteWarning[] } | null)?.warnings;
  const suite = useEntity<TaskSuite>(suitesPath, creating ? undefined : id, 'generic.fetchFailed');
  useEffect(() => {
    if (isApiError(suite.error) && suite.error.status === 404) void navigate(suitesScreen, { replace: true });
  }, [suite.error, navigate]);

  if (!creating && !suite.data) return <Spinner label={t('common:loading')} />;
  return (
    <SuiteEditor
      key={id}
      draft={suite.data ? draftOf(suite.data) : undefined}
      stored={suite.data ? storedOf(suite.data) : undefined}
      warnings={handedOver}
      onCreated={(created, warnings) =>
        navigate(`${suitesScreen}/${encodeURIComponent(created)}`, { replace: true, state: { warnings } })
      }
    />
  );
}
