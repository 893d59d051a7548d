import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Entity } from '../../../shared/api/entities.ts';
import { EntityManagementScreen } from '../../../shared/entity-screen/EntityManagementScreen.tsx';
import type { FieldSpec } from '../../../shared/entity-screen/field-spec.ts';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { ghostLink, primaryLink } from '../../fleet/link-styles.ts';
import { suitesPath, suitesScreen } from '../api/task-suites-api.ts';

type TaskSuiteRow = Entity & { name: string; family: string; tasks?: unknown[]; updatedAt?: string };

/** A clone needs only its new name. */
const cloneFields: FieldSpec[] = [{ name: 'name', label: 'name', kind: 'text', required: true }];
const editorPath = (id: string) => `${suitesScreen}/${encodeURIComponent(id)}`;

/**
 * Task suite configuration (docs/product/screens.md#task_suites_configuration): the suites, searchable; each opens in
 * its editor; clone and delete here.
 */
export default function TaskSuitesPage() {
  const { t } = useTranslation('taskSuites');
  const dates = useDateFormat();
  return (
    <EntityManagementScreen<TaskSuiteRow>
      namespace="taskSuites"
      basePath={suitesPath}
      sort="name"
      canCreate={false}
      canEdit={false}
      canClone
      fields={cloneFields}
      errorCodes={{
        fetch: 'generic.fetchFailed',
        create: 'taskSuites.createFailed',
        update: 'taskSuites.updateFailed',
        delete: 'taskSuites.deleteFailed',
      }}
      columns={[
        {
          key: 'name',
          header: t('name'),
          render: (suite) => (
            <Link className="font-medium text-blue-700 hover:underline" to={editorPath(suite.id)}>
              {suite.name}
            </Link>
          ),
        },
        { key: 'family', header: t('fleet:fields.family') },
        { key: 'tasks', header: t('taskCount'), render: (suite) => suite.tasks?.length ?? 0 },
        {
          key: 'updatedAt',
          header: t('updated'),
          render: (suite) => dates.dateTime(suite.updatedAt),
        },
      ]}
      rowActions={(suite) => (
        <Link className={ghostLink} to={editorPath(suite.id)} aria-label={`${t('common:edit')} ${suite.name}`}>
          {t('common:edit')}
        </Link>
      )}
    >
      <div className="mb-3 flex justify-end">
        <Link className={primaryLink} to={`${suitesScreen}/new`}>
          {t('newSuite')}
        </Link>
      </div>
    </EntityManagementScreen>
  );
}
