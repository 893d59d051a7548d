import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button.tsx';
import { ConfirmDialog } from '../../../shared/ui/Modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { dashboardKeys, dashboardsApi, type PersonalDashboard } from '../api/dashboards-api.ts';
import { useDashboardWrite } from '../api/useDashboards.ts';
import { nameProblemOf } from './DashboardList.tsx';
import { NameDialog } from './NameDialog.tsx';

type Naming = { kind: 'add' } | { kind: 'rename'; from: string };

export interface CategoriesPanelProps {
  dashboard: PersonalDashboard;
  selected: string | undefined;
  editable: boolean;
  onSelect: (category: string | undefined) => void;
}

/** The dashboard's categories: pick the one shown; the owner adds, renames and removes them (names unique). */
export function CategoriesPanel({ dashboard, selected, editable, onSelect }: CategoriesPanelProps) {
  const { t } = useTranslation('personalDashboards');
  const queryClient = useQueryClient();
  const [naming, setNaming] = useState<Naming>();
  const [removing, setRemoving] = useState<string>();
  const change = useDashboardWrite((categories: { name: string; from?: string }[]) =>
    dashboardsApi.changeCategories(dashboard.id, categories),
  );
  const current = dashboard.categories.map((category) => ({ name: category.name }));

  const apply = (categories: { name: string; from?: string }[], then: () => void) =>
    change.mutate(categories, {
      onSuccess: (answer) => {
        queryClient.setQueryData(dashboardKeys.one(dashboard.id), answer.result);
        then();
      },
      onError: (error) => !nameProblemOf(error) && toast.error(error, 'dashboards.categoryUpdateFailed'),
    });
  const closeNaming = () => {
    setNaming(undefined);
    change.reset();
  };
  const submitName = (name: string) => {
    if (naming?.kind === 'add')
      apply([...current, { name }], () => {
        closeNaming();
        onSelect(name);
      });
    else if (naming?.kind === 'rename')
      apply(
        current.map((category) => (category.name === naming.from ? { name, from: naming.from } : category)),
        () => {
          if (selected === naming.from) onSelect(name);
          closeNaming();
        },
      );
  };

  return (
    <nav aria-label={t('categories')} className="w-full shrink-0 space-y-2 md:w-56" data-testid="categories-panel">
      <h2 className="text-sm font-semibold text-gray-700">{t('categories')}</h2>
      {dashboard.categories.length === 0 && <p className="text-sm text-gray-500">{t('noCategories')}</p>}
      <ul className="space-y-1">
        {dashboard.categories.map((category) => (
          <li key={category.name} className="group flex items-center gap-1">
            <button
              type="button"
              aria-current={category.name === selected ? 'true' : undefined}
              onClick={() => onSelect(category.name)}
              className={`flex min-w-0 flex-1 items-center justify-between rounded-md px-2 py-1.5 text-left text-sm ${
                category.name === selected ? 'bg-blue-50 font-medium text-blue-800' : 'text-gray-700 hover:bg-gray-100'
              }`}
            >
              <span className="truncate">{category.name}</span>
              <span className="ml-2 text-xs text-gray-500 tabular-nums">{category.graphics.length}</span>
            </button>
            {editable && (
              <>
                <button
                  type="button"
                  aria-label={t('renameCategory', { name: category.name })}
                  className="rounded px-1 text-xs text-gray-500 hover:bg-gray-100"
                  onClick={() => setNaming({ kind: 'rename', from: category.name })}
                >
                  ✎
                </button>
                <button
                  type="button"
                  aria-label={t('removeCategory', { name: category.name })}
                  className="rounded px-1 text-xs text-gray-500 hover:bg-rose-50 hover:text-rose-700"
                  onClick={() => setRemoving(category.name)}
                >
                  ✕
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {editable && (
        <Button variant="secondary" className="w-full" onClick={() => setNaming({ kind: 'add' })}>
          {t('addCategory')}
        </Button>
      )}
      <NameDialog
        open={naming !== undefined}
        title={naming?.kind === 'rename' ? t('renameCategoryTitle', { name: naming.from }) : t('addCategoryTitle')}
        action={t('save')}
        initialName={naming?.kind === 'rename' ? naming.from : ''}
        busy={change.isPending}
        errorCode={nameProblemOf(change.error)}
        onSubmit={submitName}
        onCancel={closeNaming}
      />
      <ConfirmDialog
        open={removing !== undefined}
        title={t('removeCategoryTitle')}
        message={t('removeCategoryMessage', { name: removing ?? '' })}
        confirmLabel={t('delete')}
        danger
        busy={change.isPending}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() =>
          removing &&
          apply(
            current.filter((category) => category.name !== removing),
            () => {
              if (selected === removing) onSelect(undefined);
              setRemoving(undefined);
            },
          )
        }
      />
    </nav>
  );
}
