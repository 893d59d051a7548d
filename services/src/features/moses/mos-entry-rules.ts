import { DomainError, type HttpErrorCode, type MosEntry } from '@nq/contracts';

/** Weights are percentages with decimals: their total is compared with this tolerance. */
const weightTolerance = 1e-6;

/** Each MOS entry (of a MOS configuration or a scorecard) is ordered: min ≤ max, lower ≤ upper ≤ absoluteUpper. */
export function checkMosEntries(entries: readonly MosEntry[], field: string): void {
  entries.forEach((entry, index) => {
    const at = `${field}.${index}`;
    if (entry.min > entry.max) throw new DomainError('moses.minAboveMax', { details: { field: `${at}.max` } });
    const { lower, upper, absoluteUpper } = entry.limits;
    if (lower > upper) throw new DomainError('moses.limitsOutOfOrder', { details: { field: `${at}.limits.upper` } });
    if (upper > absoluteUpper)
      throw new DomainError('moses.limitsOutOfOrder', { details: { field: `${at}.limits.absoluteUpper` } });
  });
}

/** The weights (%) of the items add up to 100. */
export function checkWeightsTotal(items: readonly { weight: number }[], field: string, code: HttpErrorCode): void {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  if (Math.abs(total - 100) > weightTolerance) throw new DomainError(code, { details: { field, total } });
}
