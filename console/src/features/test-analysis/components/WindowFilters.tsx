import {
  type NetworkLayer,
  networkLayers,
  type ResultStatus,
  resultStatuses,
} from '@nq/contracts/measurements/test-analysis';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { DateRangeFields } from '../../../shared/ui/DateRangeFields.tsx';
import { SelectField } from '../../../shared/ui/fields.tsx';
import type { TestAnalysisView } from '../api/analysis-params.ts';

type Filters = Pick<TestAnalysisView, 'from' | 'to' | 'status' | 'layer'>;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysBack = (days: number) => isoDay(new Date(Date.now() - days * 86_400_000));
/** Quick windows, in days back from today (0: today only); none: every result. */
const presets = [0, 6, 29] as const;

/** The results' window (days) and their status and network-layer filters; each change applies at once. */
export function WindowFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const { t } = useTranslation('testAnalysis');
  const set = (changes: Partial<Filters>) => {
    const next = { ...filters, ...changes };
    onChange(
      Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined && value !== '')) as Filters,
    );
  };
  const endError =
    filters.from && filters.to && filters.to < filters.from ? errorMessage('validation.endBeforeStart') : undefined;
  return (
    <fieldset className="grid grid-cols-1 items-end gap-3 md:grid-cols-4">
      <legend className="sr-only">{t('window')}</legend>
      <DateRangeFields
        start={filters.from?.slice(0, 10) ?? ''}
        end={filters.to?.slice(0, 10) ?? ''}
        onStart={(from) => set({ from })}
        onEnd={(to) => set({ to })}
        endError={endError}
      />
      <SelectField
        label={t('status')}
        value={filters.status ?? ''}
        onChange={(event) => set({ status: (event.target.value || undefined) as ResultStatus | undefined })}
        placeholder={t('allStatuses')}
        options={resultStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
      />
      <SelectField
        label={t('layer')}
        value={filters.layer ?? ''}
        onChange={(event) => set({ layer: (event.target.value || undefined) as NetworkLayer | undefined })}
        placeholder={t('allLayers')}
        options={networkLayers.map((layer) => ({ value: layer, label: t(`layers.${layer}`) }))}
      />
      <div className="flex flex-wrap gap-2 md:col-span-4">
        {presets.map((days) => (
          <Button key={days} variant="secondary" onClick={() => set({ from: daysBack(days), to: undefined })}>
            {t(`presets.${days}`)}
          </Button>
        ))}
        <Button variant="ghost" onClick={() => set({ from: undefined, to: undefined })}>
          {t('presets.all')}
        </Button>
      </div>
    </fieldset>
  );
}
