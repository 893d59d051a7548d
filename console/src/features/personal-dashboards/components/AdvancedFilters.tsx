import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { DateRangeFields } from '../../../shared/ui/DateRangeFields.tsx';
import type { DateWindow } from '../model/date-window.ts';

/** The advanced filters: a date window applied over every graphic of the dashboard that can take it. */
export function AdvancedFilters({ window, onApply }: { window: DateWindow; onApply: (window: DateWindow) => void }) {
  const { t } = useTranslation('personalDashboards');
  const [start, setStart] = useState(window.tsStart ?? '');
  const [end, setEnd] = useState(window.tsEnd ?? '');
  useEffect(() => {
    setStart(window.tsStart ?? '');
    setEnd(window.tsEnd ?? '');
  }, [window.tsStart, window.tsEnd]);
  const endBeforeStart = Boolean(start && end && end < start);
  return (
    <section
      aria-label={t('advancedFilters')}
      className="rounded-lg border border-gray-200 bg-white p-3"
      data-testid="advanced-filters"
    >
      <p className="mb-2 text-xs text-gray-600">{t('advancedFiltersHint')}</p>
      <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <DateRangeFields
          start={start}
          end={end}
          onStart={setStart}
          onEnd={setEnd}
          endError={endBeforeStart ? errorMessage('validation.endBeforeStart') : undefined}
        />
        <div className="flex gap-2">
          <Button
            disabled={endBeforeStart}
            onClick={() => onApply({ ...(start ? { tsStart: start } : {}), ...(end ? { tsEnd: end } : {}) })}
          >
            {t('applyFilters')}
          </Button>
          <Button variant="secondary" onClick={() => onApply({})}>
            {t('clearFilters')}
          </Button>
        </div>
      </div>
    </section>
  );
}
