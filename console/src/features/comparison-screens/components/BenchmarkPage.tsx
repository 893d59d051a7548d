import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { ComparisonScreen, type ComparisonScreenConfig } from './ComparisonScreen.tsx';

const comparedBy = ['isp', 'provider'] as const;
type ComparedBy = (typeof comparedBy)[number];
const byOf = (params: URLSearchParams): ComparedBy => (params.get('by') === 'provider' ? 'provider' : 'isp');

/** /benchmark: one KPI compared across ISPs or providers (then any further breakdowns), the best first. */
export default function BenchmarkPage() {
  const { t } = useTranslation(['comparisonScreens', 'analysis']);
  const config = useMemo<ComparisonScreenConfig>(
    () => ({
      title: t('comparisonScreens:benchmark.title'),
      path: '/api/benchmark',
      taken: (params) => [byOf(params)],
      options: ['globalAverage', 'median', 'outliers'],
      ordered: true,
      body: (params) => ({ by: byOf(params) }),
      axisTitle: (params) => t(`analysis:breakdowns.${byOf(params)}`),
      fields: (params, setParam) => (
        <SelectField
          label={t('comparisonScreens:benchmark.by')}
          value={byOf(params)}
          onChange={(event) => setParam('by', event.target.value === 'isp' ? '' : event.target.value)}
          options={comparedBy.map((value) => ({ value, label: t(`analysis:breakdowns.${value}`) }))}
        />
      ),
    }),
    [t],
  );
  return <ComparisonScreen config={config} />;
}
