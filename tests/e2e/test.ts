import { test as base, expect } from '@playwright/test';
import { parse } from 'csv-parse/sync';

// Every spec imports `test` from here: Playwright's, with the checks every browser test makes of what it was shown.
export * from '@playwright/test';

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * Watches the page, from its first script to the end of the test, for a UUID written as text a person reads: an
 * entity shown by its id instead of its name. Text a screen marks as an identifier (`data-identifier`, `<code>`: a
 * token's id, a measurement id) is what it is and is left alone. Each find is reported to the test, with its page.
 */
function watchForIdsShown() {
  const pattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
  const exempt = '[data-identifier], code, script, style, noscript, title, template';
  const report = (window as unknown as { nqIdShown?: (where: string) => void }).nqIdShown;
  const seen = new Set<string>();
  const check = (text: string, element: Element | null) => {
    const found = pattern.exec(text);
    if (!found || !element || element.closest(exempt)) return;
    const where = `${location.pathname}: <${element.tagName.toLowerCase()}> "${text.trim().slice(0, 120)}"`;
    if (seen.has(where)) return;
    seen.add(where);
    report?.(where);
  };
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) return check((node as Text).data, node.parentElement);
    if (node.nodeType !== Node.ELEMENT_NODE || !pattern.test(node.textContent ?? '')) return;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) check((text as Text).data, text.parentElement);
  };
  new MutationObserver((records) => {
    for (const record of records)
      if (record.type === 'characterData') visit(record.target);
      else record.addedNodes.forEach(visit);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

export const test = base.extend<{ noIdsShown: void }>({
  noIdsShown: [
    async ({ page }, use, testInfo) => {
      const shown: string[] = [];
      await page.exposeFunction('nqIdShown', (where: string) => shown.push(where));
      await page.addInitScript(watchForIdsShown);
      await use();
      if (testInfo.status !== testInfo.expectedStatus) return;
      expect(shown, 'ids shown to a person where a name belongs (or an identifier not marked data-identifier)').toEqual(
        [],
      );
    },
    { auto: true },
  ],
});

/**
 * A CSV a person opens holds names, not ids: a UUID may only be in a column named as an id (`probeId`, `ispId`,
 * `measurementId`…).
 */
export function expectNoIdsInCsv(text: string) {
  const [header = [], ...rows] = parse(text, { relax_column_count: true }) as string[][];
  const idColumn = (name: string) => /id$/i.test(name.trim());
  const found = rows.flatMap((row, line) =>
    row.flatMap((cell, column) =>
      uuid.test(cell) && !idColumn(header[column] ?? '') ? [`line ${line + 2}, ${header[column]}: ${cell}`] : [],
    ),
  );
  expect(found, 'ids in a CSV column not named as an id').toEqual([]);
}
