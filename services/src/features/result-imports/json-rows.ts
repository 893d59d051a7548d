/** One result of a file: where it is (its position among the results, the line it starts on) and its value. */
export type JsonRow = { index: number; line: number } & ({ value: unknown } | { unreadable: true });

interface Span {
  start: number;
  end: number;
  line: number;
  /** Where each element of a top-level array starts, and on which line. */
  elements: { start: number; line: number }[];
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\r';

/**
 * The spans of the file's top-level values, found by their brackets and strings (not parsed): a value is whatever
 * runs from a `{`, `[` or `"` to the bracket or quote closing it, anything else the rest of its line. So a line that
 * is not JSON spoils that line alone, and one value per line, values one after the other or one array read alike.
 */
function topLevelSpans(text: string): Span[] {
  const spans: Span[] = [];
  let line = 1;
  let at = 0;
  while (at < text.length) {
    const char = text[at];
    if (isSpace(char)) {
      if (char === '\n') line++;
      at++;
      continue;
    }
    const span: Span = { start: at, end: text.length, line, elements: [] };
    if (char !== '{' && char !== '[' && char !== '"') {
      const newline = text.indexOf('\n', at);
      span.end = newline === -1 ? text.length : newline;
      spans.push(span);
      at = span.end;
      continue;
    }
    let depth = 0;
    let inString = false;
    let expectElement = false;
    for (; at < text.length; at++) {
      const current = text[at]!;
      if (current === '\n') line++;
      if (inString) {
        if (current === '\\') at++;
        else if (current === '"') inString = false;
        if (!inString && depth === 0) {
          span.end = at + 1;
          break;
        }
        continue;
      }
      if (expectElement && !isSpace(current) && current !== ']') {
        span.elements.push({ start: at, line });
        expectElement = false;
      }
      if (current === '"') inString = true;
      else if (current === '{' || current === '[') {
        depth++;
        if (depth === 1 && current === '[') expectElement = true;
      } else if (current === '}' || current === ']') {
        depth--;
        if (depth === 0) {
          span.end = at + 1;
          break;
        }
      } else if (current === ',' && depth === 1 && char === '[') expectElement = true;
    }
    at = span.end;
    spans.push(span);
  }
  return spans;
}

function parse(text: string): { value: unknown } | { unreadable: true } {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { unreadable: true };
  }
}

/**
 * The results of a file: the elements of its one JSON array (the RIPE Atlas results API), or each of its JSON values
 * (one per line as in daily dumps and NDJSON, or pretty-printed one after the other as `iperf3 -J` appends them). A
 * value that is not JSON is a row of its own, refused, and the next ones are still read.
 */
export function jsonRows(file: string): JsonRow[] {
  const text = file.startsWith('\uFEFF') ? file.slice(1) : file;
  const spans = topLevelSpans(text);
  const [only] = spans;
  if (spans.length === 1 && only && text[only.start] === '[') {
    const array = parse(text.slice(only.start, only.end));
    if ('value' in array && Array.isArray(array.value))
      return array.value.map((value, index) => ({ index, line: only.elements[index]?.line ?? only.line, value }));
  }
  return spans.map((span, index) => ({ index, line: span.line, ...parse(text.slice(span.start, span.end)) }));
}
