import type { MeasurementFailure } from '@nq/contracts/measurements/measurement';
import type { TFunction } from 'i18next';

/** The result sections that say a test gave no usable result. */
const failedSections = new Set<string>(['Error', 'Invalid', 'Cancelled']);

/**
 * Why a result gave no usable value: the reason its probe told (with the probe's own words), else what its section
 * means; nothing for a result that did not fail.
 */
export function failureText(t: TFunction, result: { status: string; failure?: MeasurementFailure | undefined }) {
  const { failure } = result;
  if (failure) {
    const reason = t(`analysis:failureReasons.${failure.reason}`);
    return failure.detail
      ? t('analysis:failureWithDetail', { reason, detail: failure.detail })
      : t('analysis:failure', { reason });
  }
  return failedSections.has(result.status) ? t(`analysis:failures.${result.status}`) : '';
}
