const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const openBracket = 0x5b;
const closeBrace = 0x7d;
const closeBracket = 0x5d;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, read once without parsing it (brackets inside
 * strings do not count). Parsing and validating recurse once per level: a deep enough body overflows the stack.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === backslash) index += 1;
      else if (char === quote) inString = false;
    } else if (char === quote) inString = true;
    else if (char === openBrace || char === openBracket) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === closeBrace || char === closeBracket) depth -= 1;
  }
  return false;
}
