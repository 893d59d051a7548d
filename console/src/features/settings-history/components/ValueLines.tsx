import type { ValueLine } from '../model/audit-texts.ts';

/** A formatted field value: one line per list item or `label: value`, nested ones indented. */
export function ValueLines({ lines, className = '' }: { lines: readonly ValueLine[]; className?: string }) {
  return (
    <div className={`space-y-0.5 rounded px-1.5 py-0.5 text-xs break-words ${className}`}>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one value never move.
        <div key={index} style={{ paddingLeft: `${line.depth}rem` }}>
          {line.text}
        </div>
      ))}
    </div>
  );
}
