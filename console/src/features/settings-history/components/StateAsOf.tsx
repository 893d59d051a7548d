import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { TextField } from '../../../shared/ui/fields.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { Spinner } from '../../../shared/ui/screens.tsx';
import { type AuditedKind, useStateAsOf } from '../api/audit.ts';
import { fromZonedInput, toZonedInput } from '../model/zoned-input.ts';
import { useAuditTexts, useTimeZone } from './useAuditTexts.ts';
import { ValueLines } from './ValueLines.tsx';

const noNames = {};

/** The entity as it was at a chosen instant (typed and shown in the profile's time zone), with its form's labels. */
export function StateAsOf({
  kind,
  id,
  asOf,
  onAsOf,
}: {
  kind: AuditedKind;
  id: string;
  asOf: string | undefined;
  onAsOf: (instant: string) => void;
}) {
  const { t } = useTranslation('settingsHistory');
  const timeZone = useTimeZone();
  const [typed, setTyped] = useState(toZonedInput(asOf ?? new Date().toISOString(), timeZone));
  const [shownFor, setShownFor] = useState(asOf);
  if (asOf !== shownFor) {
    setShownFor(asOf);
    if (asOf) setTyped(toZonedInput(asOf, timeZone));
  }
  const state = useStateAsOf(kind, id, asOf);
  const texts = useAuditTexts(kind, state.data?.names ?? noNames);
  return (
    <div className="space-y-3">
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const instant = fromZonedInput(typed, timeZone);
          if (instant) onAsOf(instant);
        }}
      >
        <TextField
          label={t('asOf', { timeZone })}
          type="datetime-local"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('showState')}
        </Button>
      </form>
      {state.isFetching && !state.data && <Spinner label={t('common:loading')} />}
      {state.isError && (
        <ErrorNotice
          code={
            isApiError(state.error) && state.error.code !== 'generic.error' ? state.error.code : 'generic.fetchFailed'
          }
        />
      )}
      {state.data && (
        <div data-testid="state-as-of" className="space-y-2">
          <p className="text-sm text-gray-700">
            {t('stateSummary', {
              when: formatDateTime(state.data.asOf, timeZone),
              status: t(`statuses.${state.data.status}`),
              version: state.data.version,
            })}
          </p>
          {state.data.status !== 'absent' && (
            <dl className="divide-y divide-gray-100 rounded-md border border-gray-200 bg-white text-sm">
              {Object.entries(state.data.fields).map(([field, value]) => (
                <div key={field} className="grid grid-cols-3 gap-2 px-3 py-1.5">
                  <dt className="font-medium text-gray-600">{texts.label(field)}</dt>
                  <dd className="col-span-2 text-gray-900">
                    <ValueLines lines={texts.lines(field, value)} />
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      )}
    </div>
  );
}
