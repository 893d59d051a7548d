import type { FeatureCommand } from '@nq/platform/feature-manifest';

/** One command of `nq` as its usage says it: what follows `nq` on its command line, and what it does. */
export interface UsageLine {
  synopsis: string;
  summary: string;
}

const indent = '  ';
/** Where the summaries start: a synopsis that reaches it puts its summary on the next line. */
const column = 20;
const width = 120;

/** The words of `text` in lines that fit the width after `margin` characters. */
export function wrapped(text: string, margin: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && margin + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/** The commands as one table: each synopsis, its summary in a column beside it (below it when it is longer). */
export function usageTable(lines: readonly UsageLine[]): string {
  const margin = ' '.repeat(column);
  return lines
    .flatMap(({ synopsis, summary }) => {
      const [first = '', ...rest] = wrapped(summary, column);
      const head = `${indent}${synopsis}`;
      const following = rest.map((line) => margin + line);
      return head.length < column ? [head.padEnd(column) + first, ...following] : [head, margin + first, ...following];
    })
    .join('\n');
}

/** A feature command's line, from its usage: `nq <name> …` on its first line, what it does on the next ones. */
export function usageLineOf(command: Pick<FeatureCommand, 'usage'>): UsageLine {
  const [first = '', ...rest] = command.usage.split('\n');
  return { synopsis: first.replace(/^nq\s+/, ''), summary: rest.join(' ') };
}

/** What `nq <command> --help` prints. */
export const commandHelp = ({ synopsis, summary }: UsageLine) =>
  [`Usage: nq ${synopsis}`, '', ...wrapped(summary, indent.length).map((line) => indent + line)].join('\n');
