import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type ErrorCode, errorCodes, placeholdersOf } from './index.ts';

// Every place that raises a catalogue code whose message has placeholders must supply them. Raisers are found in the
// source: a code with placeholders may only appear where its params are given (or, not written out there, passed on).

const root = join(import.meta.dirname, '../../..');
const sourceFolders = ['contracts/src', 'services/src', 'projections/src', 'console/src'];
const isSource = (path: string) =>
  /\.tsx?$/.test(path) &&
  !/\.(test|suite|spec|fixtures)\.tsx?$/.test(path) &&
  !path.includes('/testing/') &&
  !path.endsWith('errors/catalogue.ts');

const needs = new Map(
  errorCodes.map((code) => [code, placeholdersOf(code)] as const).filter(([, names]) => names.length > 0),
);

/** zod checks whose issue carries a bound the message can name (`.max(64, 'validation.tooLong')`). */
const boundOfCheck: Record<string, string> = { min: 'min', gte: 'min', gt: 'min', max: 'max', lte: 'max', lt: 'max' };
/** Raisers taking a code (first, unless `code` says) and its params: the argument they are, or are a `params` of. */
const raisers: Record<string, { code?: number; argument: number; inOptions?: true }> = {
  DomainError: { argument: 1, inOptions: true },
  errorBody: { argument: 2, inOptions: true },
  fieldProblem: { code: 1, argument: 2, inOptions: true },
  translate: { argument: 2 },
  warning: { argument: 1 },
  catalogueError: { argument: 1 },
  errorMessage: { argument: 1 },
};
const toastMethods = new Set(['success', 'error', 'warning', 'info']);

/** The names an object literal gives, or undefined when it is not written out (a spread, a variable, a call). */
function literalKeys(expression: ts.Expression | undefined): string[] | undefined {
  if (expression === undefined) return [];
  if (!ts.isObjectLiteralExpression(expression)) return undefined;
  if (expression.properties.some(ts.isSpreadAssignment)) return undefined;
  return expression.properties.flatMap((property) => (property.name ? [property.name.getText()] : []));
}

const propertyOf = (object: ts.Expression | undefined, name: string): ts.Expression | undefined | null => {
  if (object === undefined) return undefined;
  if (!ts.isObjectLiteralExpression(object) || object.properties.some(ts.isSpreadAssignment)) return null;
  const property = object.properties.find((candidate) => candidate.name?.getText() === name);
  if (property === undefined) return undefined;
  return ts.isPropertyAssignment(property)
    ? property.initializer
    : ts.isShorthandPropertyAssignment(property)
      ? property.name
      : null;
};

/** The expression a code literal stands in for: through parentheses, `as const`, and the branches of `?:` / `??`. */
function siteOf(node: ts.Node): ts.Node {
  let site = node;
  for (;;) {
    const parent = site.parent;
    if (
      ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isSatisfiesExpression(parent) ||
      (ts.isConditionalExpression(parent) && parent.condition !== site) ||
      (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    )
      site = parent;
    else return site;
  }
}

/** The class a node is in extends DomainError (its constructor's `super(code, options)` raises). */
const inDomainErrorClass = (node: ts.Node): boolean => {
  for (let at = node.parent; at; at = at.parent)
    if (ts.isClassLike(at))
      return !!at.heritageClauses?.some((clause) =>
        clause.types.some((type) => type.expression.getText() === 'DomainError'),
      );
  return false;
};

const calleeName = (call: ts.CallExpression | ts.NewExpression) =>
  ts.isIdentifier(call.expression)
    ? call.expression.text
    : ts.isPropertyAccessExpression(call.expression)
      ? call.expression.name.text
      : call.expression.kind === ts.SyntaxKind.SuperKeyword && inDomainErrorClass(call)
        ? 'DomainError'
        : '';

type Use = { supplied: string[] | undefined } | { ignored: true } | { unknown: string };

/** What a use of a code gives its placeholders: names, undefined when not written out here, or why it is no raiser. */
function useOf(site: ts.Node): Use {
  const parent = site.parent;
  if (ts.isPropertyAssignment(parent) && parent.name === site) return { ignored: true };
  if (ts.isBinaryExpression(parent) || ts.isCaseClause(parent) || ts.isLiteralTypeNode(parent))
    return { ignored: true };
  if (
    (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
    parent.arguments?.includes(site as ts.Expression)
  ) {
    const name = calleeName(parent);
    const index = parent.arguments.indexOf(site as ts.Expression);
    const args = parent.arguments;
    if (name === 'literal' || name === 'includes' || name === 'has') return { ignored: true };
    if (index === 1 && boundOfCheck[name] && ts.isPropertyAccessExpression(parent.expression))
      return { supplied: [boundOfCheck[name]] };
    const raiser = raisers[name];
    if (raiser && index === (raiser.code ?? 0)) {
      const given = args[raiser.argument];
      if (!raiser.inOptions) return { supplied: literalKeys(given) };
      const params = propertyOf(given, 'params');
      return { supplied: params === null ? undefined : literalKeys(params) };
    }
    if (index === 0 && toastMethods.has(name) && ts.isPropertyAccessExpression(parent.expression))
      return { supplied: literalKeys(args[1]) };
    return { unknown: `argument ${index} of ${name || parent.expression.getText()}()` };
  }
  if (ts.isPropertyAssignment(parent) && ['code', 'message'].includes(parent.name.getText())) {
    const params = propertyOf(parent.parent, 'params');
    return { supplied: params === null ? undefined : literalKeys(params) };
  }
  return { unknown: ts.SyntaxKind[parent.kind] };
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter(isSource);
}

/** Each use of a code with placeholders in the source, and what it gives them. */
function usesOfCodes() {
  const uses: { at: string; code: ErrorCode; use: Use }[] = [];
  for (const path of sourceFolders.flatMap(sourceFiles)) {
    const text = readFileSync(join(root, path), 'utf8');
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && needs.has(node.text as ErrorCode)) {
        const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        uses.push({ at: `${path}:${line}`, code: node.text as ErrorCode, use: useOf(siteOf(node)) });
      }
      node.forEachChild(visit);
    };
    visit(file);
  }
  return uses;
}

describe('catalogue placeholders', () => {
  const uses = usesOfCodes();

  it('finds the raisers of the codes whose messages have placeholders', () => {
    expect(uses.filter(({ code }) => code === 'validation.tooLong').length).toBeGreaterThan(5);
    expect(uses.some(({ code }) => code === 'csvImport.tooManyRows')).toBe(true);
  });

  it('knows every use of such a code: each raises it, or only reads it', () => {
    const unknown = uses.flatMap(({ at, code, use }) => ('unknown' in use ? [`${at} ${code}: ${use.unknown}`] : []));
    expect(unknown).toEqual([]);
  });

  it('has every raiser supply the params its message names, where they are written out', () => {
    const missing = uses.flatMap(({ at, code, use }) => {
      if (!('supplied' in use) || use.supplied === undefined) return [];
      const absent = needs.get(code)!.filter((name) => !use.supplied!.includes(name));
      return absent.length > 0 ? [`${at} ${code} needs {${absent.join(', ')}}`] : [];
    });
    expect(missing).toEqual([]);
  });
});
