import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import { useEffect, useRef } from 'react';
import { toast } from '../ui/toasts.ts';

/**
 * A graphic answer's warnings (a sampled scatterplot, access narrowed since the numbers reproduced were computed…)
 * toasted once per answer; "no data" is not, the chart's place says it.
 */
export function useAnswerWarnings(answer: Pick<GraphicResponse, 'warnings'> | undefined) {
  const warned = useRef<Pick<GraphicResponse, 'warnings'>>(undefined);
  useEffect(() => {
    if (!answer || warned.current === answer) return;
    warned.current = answer;
    for (const warning of answer.warnings)
      if (warning.code !== 'graphics.noData') toast.warning(warning.code, warning.params);
  }, [answer]);
}
