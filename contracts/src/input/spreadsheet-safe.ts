/** What a spreadsheet takes for the start of a formula (OWASP "CSV injection": = + - @, tab and carriage return). */
const formulaStart = /^[=+\-@\t\r]/;
/** A plain number written as text (`-3.7`, `+34`) is data, not a formula: left as it is. */
const plainNumber = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A CSV cell's text that a spreadsheet shows as text, never runs: prefixed by `'` when it would start a formula.
 * Every CSV the platform writes, on the server and in the console, goes through it.
 */
export const spreadsheetSafe = (value: string) =>
  formulaStart.test(value) && !plainNumber.test(value) ? `'${value}` : value;
