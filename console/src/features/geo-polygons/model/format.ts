// Sizes in decimal units: the polygon size limit is 10,000,000 bytes, which reads "10 MB".
const units = ['kilobyte', 'megabyte'] as const;

export const formatCount = (count: number, language: string) => new Intl.NumberFormat(language).format(count);

export function formatBytes(bytes: number, language: string): string {
  if (bytes < 1000) return `${formatCount(bytes, language)} B`;
  const power = Math.min(units.length, Math.floor(Math.log10(bytes) / 3));
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[power - 1],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(bytes / 1000 ** power);
}

export const formatDegrees = (degrees: number, language: string) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 5 }).format(degrees);

export function formatDistance(metres: number, language: string): string {
  const kilometres = metres >= 1000;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: kilometres ? 'kilometer' : 'meter',
    unitDisplay: 'short',
  }).format(kilometres ? metres / 1000 : metres);
}
