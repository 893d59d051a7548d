export interface LegendEntry {
  label: string;
  colour: string;
  count?: number;
}

/** The colours of a map's layers, drawn by the page (kepler's own legend stays hidden in read-only maps). */
export function Legend({ title, entries }: { title: string; entries: readonly LegendEntry[] }) {
  return (
    <ul aria-label={title} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700">
      {entries.map((entry) => (
        <li key={entry.label} className="inline-flex items-center gap-1.5">
          <span aria-hidden className="inline-block h-3 w-3 rounded-full" style={{ backgroundColor: entry.colour }} />
          {entry.label}
          {entry.count !== undefined && <span className="text-gray-500">({entry.count})</span>}
        </li>
      ))}
    </ul>
  );
}
