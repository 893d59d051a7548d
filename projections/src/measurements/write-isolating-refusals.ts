import type { EnrichedMeasurement } from '@nq/contracts';
import type { WriteFailure } from '@nq/platform/measurements/measurement-store-port';
import { isDataRefusal } from '@nq/platform/sql/sql-errors';

const reasonOf = (error: unknown) => {
  const { code, message } = error as { code?: string; message?: string };
  return code ? `${code}: ${message}` : String(message ?? error);
};

/**
 * Writes a batch in one statement; when the database refuses the data itself (SQLSTATE class 22 or 23), halves it
 * until each measurement it refuses stands alone, refused for good, and the others are written. Any other failure
 * (connection, timeout, lock) is thrown: the whole batch is worth another try.
 */
export async function writeIsolatingRefusals(
  batch: EnrichedMeasurement[],
  write: (batch: EnrichedMeasurement[]) => Promise<void>,
): Promise<WriteFailure[]> {
  try {
    await write(batch);
    return [];
  } catch (error) {
    if (!isDataRefusal(error)) throw error;
    if (batch.length === 1)
      return [{ measurementId: batch[0]!.measurementId, retryable: false, reason: reasonOf(error) }];
    const half = Math.ceil(batch.length / 2);
    return [
      ...(await writeIsolatingRefusals(batch.slice(0, half), write)),
      ...(await writeIsolatingRefusals(batch.slice(half), write)),
    ];
  }
}
