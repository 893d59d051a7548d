// Text the platform accepts from outside (JSON bodies, query strings, path parameters, CSV cells, probe results)
// never holds NUL, which PostgreSQL text and jsonb cannot store, nor a UTF-16 surrogate without its pair, which has
// no UTF-8 form. Such text is refused where it enters, with `validation.invalidCharacters` naming the field.

/** Whether a text holds NUL or a lone surrogate. */
export const hasForbiddenCharacters = (text: string): boolean => text.includes('\u0000') || !text.isWellFormed();

/**
 * Whether the value a JSON text decodes to may hold forbidden characters: JSON refuses a raw NUL, so they can come only
 * from a `\u` escape or, raw, from a text that is not well formed. A text with neither needs no walk of its value
 * (the walk costs as much as parsing; this look, a fiftieth of it).
 */
export const jsonTextMayHoldForbidden = (text: string): boolean => text.includes('\\u') || !text.isWellFormed();

type Path = (string | number)[];
/** A value met in the walk, with the way back to the root (paths are built only for the one reported). */
type Step = { value: unknown; key?: string | number; parent?: Step };

const pathTo = (step: Step, key?: string): Path => {
  const path: Path = key === undefined ? [] : [key];
  for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
};

/** Texts and what may hold them; numbers, booleans and nulls need no look. */
const isWalked = (value: unknown) => typeof value === 'string' || (typeof value === 'object' && value !== null);

/**
 * The path of a text in a decoded value (a string, or an object's key, as its object is reached) that holds
 * forbidden characters, the first in the document's order; undefined when none does. Walks arrays and objects
 * without recursion: a value may nest deeper than the stack.
 */
export function pathOfForbiddenText(value: unknown): Path | undefined {
  const pending: Step[] = [{ value }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    const { value: next } = step;
    if (typeof next === 'string') {
      if (hasForbiddenCharacters(next)) return pathTo(step);
      continue;
    }
    // Bytes (a body kept as a Buffer) are no text; any other object is walked by its own keys.
    if (typeof next !== 'object' || next === null || ArrayBuffer.isView(next)) continue;
    // Last pushed, first walked: pushed from the end, the walk follows the document's order.
    if (Array.isArray(next)) {
      for (let index = next.length - 1; index >= 0; index -= 1)
        if (isWalked(next[index])) pending.push({ value: next[index], key: index, parent: step });
      continue;
    }
    const entries = Object.entries(next);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index]!;
      if (hasForbiddenCharacters(key)) return pathTo(step, key);
      if (isWalked(item)) pending.push({ value: item, key, parent: step });
    }
  }
  return undefined;
}

/** `pathOfForbiddenText` of a value decoded from a JSON text, walked only when the text may hold such characters. */
export const pathOfForbiddenTextInJson = (text: string, value: unknown): Path | undefined =>
  jsonTextMayHoldForbidden(text) ? pathOfForbiddenText(value) : undefined;
