// A provider's measurements grouped by probe, prepared once for the cluster bootstrap: a resample draws probes, not
// measurements, since the measurements of one probe (one line, one home) are not independent of each other.

/** Values sorted in ascending order, each with the index of the probe it belongs to (its owner). */
export interface OwnedSortedValues {
  values: Float64Array;
  owners: Int32Array;
}

/** How much data a figure rests on: measurements, and the probes (with at least one measurement) they came from. */
export interface SampleSize {
  measurements: number;
  probes: number;
}

export interface ProbePanel extends SampleSize {
  /** Each probe's measurements, sorted; probes without measurements are left out, and a probe's index is its place here. */
  sortedValuesOfProbe: Float64Array[];
  /** Every measurement, sorted, with its probe. */
  pooled: OwnedSortedValues;
  /** Each probe's number of measurements, and their sum. */
  counts: Float64Array;
  sums: Float64Array;
}

/** Sorts values together with their owners (owners[i] is the owner of values[i]). */
export function sortedWithOwners(values: Float64Array, owners: Int32Array): OwnedSortedValues {
  const order = new Uint32Array(values.length);
  for (let position = 0; position < order.length; position++) order[position] = position;
  order.sort((a, b) => values[a]! - values[b]!);
  return {
    values: Float64Array.from(order, (position) => values[position]!),
    owners: Int32Array.from(order, (position) => owners[position]!),
  };
}

export function probePanel(valuesByProbe: readonly (readonly number[])[]): ProbePanel {
  const sortedValuesOfProbe = valuesByProbe
    .filter((values) => values.length > 0)
    .map((values) => Float64Array.from(values).sort());
  const probes = sortedValuesOfProbe.length;
  const measurements = sortedValuesOfProbe.reduce((total, values) => total + values.length, 0);
  const pooledValues = new Float64Array(measurements);
  const pooledOwners = new Int32Array(measurements);
  const counts = new Float64Array(probes);
  const sums = new Float64Array(probes);
  let position = 0;
  sortedValuesOfProbe.forEach((values, probe) => {
    let sum = 0;
    for (const value of values) {
      // NaN would sort anywhere, and an infinity would make every interpolation across it infinite or NaN.
      if (!Number.isFinite(value)) throw new RangeError(`A measured value is a finite number, not ${value}`);
      sum += value;
      pooledValues[position] = value;
      pooledOwners[position++] = probe;
    }
    counts[probe] = values.length;
    sums[probe] = sum;
  });
  return {
    measurements,
    probes,
    sortedValuesOfProbe,
    pooled: sortedWithOwners(pooledValues, pooledOwners),
    counts,
    sums,
  };
}
