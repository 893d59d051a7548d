import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { Card, PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { type AuditedKind, isAuditedKind, useHistory } from '../api/audit.ts';
import { EntityPicker } from './EntityPicker.tsx';
import { HistoryTimeline } from './HistoryTimeline.tsx';
import { StateAsOf } from './StateAsOf.tsx';

/**
 * Settings history (docs/product/screens.md#settings_history): a configuration entity's changes as field diffs (who,
 * when, before → after) and its state as of a chosen instant. The choice lives in the query string (kind, id, asOf).
 */
export default function SettingsHistoryPage() {
  const { t } = useTranslation('settingsHistory');
  const { params, update } = useAddressState();
  const setParams = (values: Record<string, string>) => update(() => new URLSearchParams(values), { history: 'push' });
  const kindParam = params.get('kind');
  const kind: AuditedKind = isAuditedKind(kindParam) ? kindParam : 'tag';
  const id = params.get('id') ?? '';
  const asOf = params.get('asOf') ?? undefined;
  const history = useHistory(kind, id);
  const choose = (next: { kind?: AuditedKind; id?: string; asOf?: string }) => {
    const values = { kind, id, ...(asOf ? { asOf } : {}), ...next };
    setParams(Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as Record<string, string>);
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('title')} />
      <Card>
        <EntityPicker
          key={kind}
          kind={kind}
          id={id}
          onKind={(next) => setParams({ kind: next })}
          onPick={(next) => choose({ id: next, asOf: '' })}
        />
      </Card>
      {id && (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card>
            <h2 className="mb-3 text-base font-semibold text-gray-800">{t('changes')}</h2>
            {history.isPending && <Spinner label={t('common:loading')} />}
            {history.isError && (
              <ErrorNotice
                code={
                  isApiError(history.error) && history.error.code !== 'generic.error'
                    ? history.error.code
                    : 'generic.fetchFailed'
                }
              />
            )}
            {history.data && (
              <HistoryTimeline
                kind={kind}
                history={history.data.history}
                names={history.data.names}
                onStateAt={(instant) => choose({ asOf: instant })}
              />
            )}
          </Card>
          <Card>
            <h2 className="mb-3 text-base font-semibold text-gray-800">{t('state')}</h2>
            <StateAsOf kind={kind} id={id} asOf={asOf} onAsOf={(instant) => choose({ asOf: instant })} />
          </Card>
        </div>
      )}
    </div>
  );
}
