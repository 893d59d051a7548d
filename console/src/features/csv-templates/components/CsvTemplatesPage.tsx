import { servicesOfProfile } from '@nq/contracts/identity/profile-technologies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { programText } from '../../../shared/i18n/value-texts.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { ErrorNotice, Notices } from '../../../shared/ui/notices.tsx';
import { MessagePanel, PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { type CsvTemplateView, csvTemplatesApi, type Service, type TemplateScope } from '../api/csv-templates-api.ts';
import { moved } from '../model/move.ts';
import { TemplateForm } from './TemplateForm.tsx';
import { TemplateList } from './TemplateList.tsx';

const codeOf = (fallback: string) => (error: unknown) =>
  isApiError(error) && error.code !== 'generic.error' && error.code !== 'internal.error' ? error.code : fallback;

/** /csv_templates: the profile's CSV templates for an extraction of some of its programs. */
export default function CsvTemplatesPage() {
  const { t } = useTranslation('csvTemplates');
  const profile = useProfile();
  const { params, set: choose } = useAddressState();
  const queryClient = useQueryClient();
  const [position, setPosition] = useState<string>();
  const [editing, setEditing] = useState<CsvTemplateView | 'new'>();
  const [deleting, setDeleting] = useState<CsvTemplateView>();
  const [failure, setFailure] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const [items, setItems] = useState<CsvTemplateView[]>([]);

  const offered = profile?.programs ?? [];
  const services = profile ? servicesOfProfile(profile) : [];
  const asked = services.find((candidate) => candidate === params.get('service'));
  const service: Service = asked ?? profile?.service ?? 'landline';
  const chosen = params.get('programs')?.split(',') ?? [];
  const programs = offered.filter((program) => chosen.length === 0 || chosen.includes(program.id));
  const scope: TemplateScope = { service, programs: programs.map((program) => program.id) };
  const queryKey = ['csvTemplates', scope.service, scope.programs.join(',')];
  const list = useQuery({
    queryKey: [...queryKey, position],
    queryFn: ({ signal }) => csvTemplatesApi.list(scope, signal, position),
    enabled: scope.programs.length > 0,
    meta: { errorCode: 'csvTemplates.fetchFailed' },
  });
  useEffect(() => {
    if (list.data) setItems(list.data.result);
  }, [list.data]);

  const refresh = (next?: string) => {
    if (next) setPosition(next);
    void queryClient.invalidateQueries({ queryKey });
  };
  const favorite = useMutation({
    mutationFn: (template: CsvTemplateView) => csvTemplatesApi.favorite(template.id, !template.favorite),
    onMutate: () => setFailure(undefined),
    onSuccess: () => refresh(),
    onError: (error) => setFailure(codeOf('csvTemplates.updateFailed')(error)),
    meta: { silent: true },
  });
  const order = useMutation({
    mutationFn: (ordered: CsvTemplateView[]) =>
      csvTemplatesApi.order(ordered.filter((template) => !template.builtIn).map((template) => template.id)),
    onSuccess: () => refresh(),
    onError: (error) => {
      setFailure(codeOf('csvTemplates.updateFailed')(error));
      refresh();
    },
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (template: CsvTemplateView) => csvTemplatesApi.remove(scope, template.id),
    onSuccess: (answer) => {
      setDeleting(undefined);
      refresh(answer.position);
    },
    meta: { silent: true },
  });

  if (!profile) return <Spinner label={t('loading')} />;
  if (offered.length === 0) return <MessagePanel title={t('title')} body={t('noPrograms')} />;

  const toggleProgram = (id: string) => {
    const ids = scope.programs.includes(id) ? scope.programs.filter((other) => other !== id) : [...scope.programs, id];
    choose({ programs: ids.length === offered.length ? undefined : ids.join(',') || offered[0]!.id });
  };
  const move = (from: number, to: number) => {
    const target = Math.max(1, Math.min(items.length - 1, to));
    if (from === target || items[from]?.builtIn) return;
    const next = moved(items, from, target);
    setItems(next);
    setAnnouncement(t('movedTo', { name: items[from]!.name, position: target, count: items.length - 1 }));
    setFailure(undefined);
    order.mutate(next);
  };

  return (
    <div className="space-y-4">
      <PageHeader title={t('title')} actions={<Button onClick={() => setEditing('new')}>{t('create')}</Button>}>
        <p className="text-sm text-gray-600">{t('intro')}</p>
      </PageHeader>
      <div className="flex flex-wrap items-end gap-6 rounded-lg border bg-white p-3">
        <div className="w-48">
          <SelectField
            label={t('service')}
            value={service}
            disabled={services.length < 2}
            onChange={(event) => choose({ service: event.target.value })}
            options={services.map((value) => ({ value, label: t(`services.${value}`) }))}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-gray-700">{t('programs')}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {offered.map((program) => (
              <label key={program.id} className="inline-flex items-center gap-1.5 text-sm text-gray-700">
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-gray-300"
                  checked={scope.programs.includes(program.id)}
                  onChange={() => toggleProgram(program.id)}
                />
                {programText(t, program.id, program.program)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <p aria-live="polite" className="sr-only" data-testid="announcement">
        {announcement}
      </p>
      {failure && <ErrorNotice code={failure} />}
      {list.data && <Notices notices={list.data.warnings} />}
      {list.isPending ? (
        <Spinner label={t('loading')} />
      ) : list.isError ? (
        <ErrorNotice code="csvTemplates.fetchFailed" onRetry={() => void list.refetch()} retryLabel={t('retry')} />
      ) : (
        <>
          <TemplateList
            templates={items}
            onMove={move}
            onFavorite={(template) => favorite.mutate(template)}
            onEdit={(template) => setEditing(template)}
            onDelete={(template) => {
              remove.reset();
              setDeleting(template);
            }}
          />
          {items.length === 1 && <p className="text-sm text-gray-500">{t('empty')}</p>}
        </>
      )}
      {editing && (
        <TemplateForm
          scope={scope}
          template={editing === 'new' ? undefined : editing}
          programs={programs}
          profileKpis={profile.kpis.map((kpi) => kpi.id)}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            refresh(saved);
          }}
        />
      )}
      {deleting && (
        <Modal
          open
          title={t('deleteTitle')}
          onClose={() => setDeleting(undefined)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDeleting(undefined)}>
                {t('cancel')}
              </Button>
              <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate(deleting)}>
                {t('delete')}
              </Button>
            </>
          }
        >
          <div className="space-y-3">
            <p className="text-sm">{t('deleteConfirm', { name: deleting.name })}</p>
            {remove.error && <ErrorNotice code={codeOf('csvTemplates.deleteFailed')(remove.error)} />}
          </div>
        </Modal>
      )}
    </div>
  );
}
