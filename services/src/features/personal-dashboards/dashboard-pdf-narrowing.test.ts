import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Language, personalDashboardFieldsSchema, type QueryResult, queryIrSchema } from '@nq/contracts';
import { renderPdf } from '@nq/platform/pdf/pdf-renderer';
import { describe, expect, it } from 'vitest';
import { dashboardPdf } from './dashboard-pdf.ts';

// A dashboard shared with a narrower profile is drawn from that profile's data: its PDF says so under each graphic.

const graphic = (id: string, graphicType: string, y: number) => ({
  id,
  title: `Download ${graphicType}`,
  request: queryIrSchema.parse({ kpi: 'download', graphicType, breakdowns: ['isp'] }),
  layout: { x: 0, y, w: 6, h: 4 },
});
const dashboard = personalDashboardFieldsSchema.parse({
  name: 'Madrid overview',
  categories: [{ name: 'Speed', graphics: [graphic('chart', 'bars', 0), graphic('table', 'table', 4)] }],
});
const narrowedBy = {
  restrictions: [
    { kind: 'isp' as const, values: [{ id: 'movistar', name: 'Movistar' }] },
    {
      kind: 'technology' as const,
      values: [
        { id: 4, name: '4G' },
        { id: 5, name: '5G' },
      ],
    },
  ],
};
const result: QueryResult = {
  kind: 'metric',
  metric: 'avg',
  series: [{ key: { isp: 'movistar' }, labels: { isp: 'Movistar' }, buckets: [{ key: 'all', count: 3, value: 42 }] }],
  warnings: [],
  narrowedBy,
};

async function pdfText(language: Language, answered: QueryResult) {
  const answers = dashboard.categories[0]!.graphics.map((item) => ({
    category: 'Speed',
    graphic: item,
    result: answered,
  }));
  const context = { profile: 'Madrid analyst', language, timeZone: 'Europe/Madrid', generatedAt: new Date() };
  const pdf = await renderPdf(dashboardPdf(dashboard, answers, context).document);
  const path = join(mkdtempSync(join(tmpdir(), 'nq-dashboard-narrowed-')), 'dashboard.pdf');
  writeFileSync(path, pdf);
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
}

describe("a dashboard's PDF drawn from a narrower profile's data", { timeout: 60_000 }, () => {
  it('says under each graphic, chart or table, what the profile narrowed it by, in the reader’s language', async () => {
    const english = await pdfText('en', result);
    expect(english.match(/Computed over your profile: Movistar · 4G, 5G/g)).toHaveLength(2);
    const spanish = await pdfText('es', result);
    expect(spanish.match(/Calculado sobre tu perfil: Movistar · 4G, 5G/g)).toHaveLength(2);
  });

  it('says nothing of the kind for an answer no profile narrowed', async () => {
    const { narrowedBy: _, ...whole } = result;
    expect(await pdfText('en', whole)).not.toContain('Computed over your profile');
  });
});
