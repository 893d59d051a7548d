import { useTranslation } from 'react-i18next';
import { Notices } from '../../../shared/ui/notices.tsx';
import type { Calculation } from '../api/scorecards-api.ts';
import { kpiInfo } from '../model/kpis.ts';

const windowTexts: Record<string, string> = { live: 'liveWindow', comparison: 'comparisonWindow' };

/** The calculation's warnings (no data, KPIs it cannot score) in place: KPIs by their label, the window by its name. */
export function CalculationNotices({ warnings }: { warnings: Calculation['warnings'] }) {
  const { t } = useTranslation('scorecards');
  return (
    <Notices
      notices={warnings.map(({ code, params }) => {
        const window = params?.window === undefined ? undefined : windowTexts[String(params.window)];
        return {
          code,
          ...(params
            ? { params: { ...params, ...(params.kpi ? { kpi: kpiInfo(String(params.kpi)).label } : {}) } }
            : {}),
          ...(window ? { detail: `(${t(window)})` } : {}),
        };
      })}
    />
  );
}
