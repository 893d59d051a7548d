import type { QueryIrInput } from '@nq/contracts/analytics/query-ir';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { SelectField, TextField } from '../../../shared/ui/fields.tsx';
import { DialogActions, Modal } from '../../../shared/ui/Modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { dashboardsQueryKey, type SaveTarget, saveGraphic, useOwnDashboards } from '../api/dashboards.ts';

/** The select's value standing for "a new one, named below". */
const newOne = '__new__';
const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * "Save to dashboard": one of the user's personal dashboards (or a new one by name), one of its categories (or a new
 * one), and a title. Duplicate names answer the catalogue's dashboard messages beside their field.
 */
export function SaveToDashboardDialog({
  open,
  request,
  defaultTitle,
  onClose,
}: {
  open: boolean;
  request: QueryIrInput;
  defaultTitle: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['graphicGenerator', 'common']);
  const profile = useProfile();
  const queryClient = useQueryClient();
  const dashboards = useOwnDashboards(profile?.id, open);
  const [dashboardId, setDashboardId] = useState('');
  const [dashboardName, setDashboardName] = useState('');
  const [category, setCategory] = useState('');
  const [categoryName, setCategoryName] = useState('');
  const [title, setTitle] = useState(defaultTitle);
  const [problems, setProblems] = useState<Record<string, string>>({});

  const list = dashboards.data ?? [];
  const chosenId = dashboardId || list[0]?.id || newOne;
  const chosen = list.find((dashboard) => dashboard.id === chosenId);
  const categories = chosen?.categories.map((item) => item.name) ?? [];
  const chosenCategory =
    category && (category === newOne || categories.includes(category)) ? category : (categories[0] ?? newOne);

  const save = useMutation({
    mutationFn: (target: SaveTarget) => saveGraphic(target, request),
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dashboardsQueryKey });
      toast.success(t('graphicGenerator:save.saved'));
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'dashboards.duplicateName')
        setProblems({ dashboardName: error.localized });
      else if (isApiError(error) && error.code === 'dashboards.categoryExists')
        setProblems({ categoryName: error.localized });
      toast.error(error, 'dashboards.saveFailed');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const newDashboard = chosenId === newOne;
    const newCategory = chosenCategory === newOne;
    const categoryText = newCategory ? categoryName.trim() : chosenCategory;
    if (newDashboard && !dashboardName.trim()) found.dashboardName = errorMessage('validation.required');
    if (newDashboard && list.some((dashboard) => sameName(dashboard.name, dashboardName)))
      found.dashboardName = errorMessage('dashboards.duplicateName');
    if (!categoryText) found.categoryName = errorMessage('validation.required');
    if (newCategory && categories.some((name) => sameName(name, categoryText)))
      found.categoryName = errorMessage('dashboards.categoryExists');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({
      dashboard: newDashboard || !chosen ? { newName: dashboardName.trim() } : { id: chosen.id, categories },
      category: categoryText,
      newCategory,
      title: title.trim(),
    });
  };

  return (
    <Modal
      open={open}
      title={t('graphicGenerator:save.title')}
      onClose={onClose}
      footer={
        <DialogActions onCancel={onClose}>
          <Button type="submit" form="save-graphic" busy={save.isPending}>
            {t('graphicGenerator:save.submit')}
          </Button>
        </DialogActions>
      }
    >
      <form id="save-graphic" className="space-y-3" onSubmit={submit} noValidate>
        <SelectField
          label={t('graphicGenerator:save.dashboard')}
          value={chosenId}
          disabled={dashboards.isPending && dashboards.fetchStatus !== 'idle'}
          onChange={(event) => {
            setDashboardId(event.target.value);
            setCategory('');
          }}
          options={[
            ...list.map((dashboard) => ({ value: dashboard.id, label: dashboard.name })),
            { value: newOne, label: t('graphicGenerator:save.newDashboard') },
          ]}
        />
        {chosenId === newOne && (
          <TextField
            label={t('graphicGenerator:save.dashboardName')}
            value={dashboardName}
            maxLength={64}
            error={problems.dashboardName}
            onChange={(event) => setDashboardName(event.target.value)}
          />
        )}
        <SelectField
          label={t('graphicGenerator:save.category')}
          value={chosenCategory}
          onChange={(event) => setCategory(event.target.value)}
          options={[
            ...categories.map((name) => ({ value: name, label: name })),
            { value: newOne, label: t('graphicGenerator:save.newCategory') },
          ]}
        />
        {chosenCategory === newOne && (
          <TextField
            label={t('graphicGenerator:save.categoryName')}
            value={categoryName}
            maxLength={64}
            error={problems.categoryName}
            onChange={(event) => setCategoryName(event.target.value)}
          />
        )}
        <TextField
          label={t('graphicGenerator:save.graphicTitle')}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
        />
      </form>
    </Modal>
  );
}
