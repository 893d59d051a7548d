import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Language, NarrowedBy, ScorecardCalculation } from '@nq/contracts';
import { renderPdf } from '@nq/platform/pdf/pdf-renderer';
import { describe, expect, it } from 'vitest';
import { scorecardReport } from './scorecard-report.ts';

// A restricted analyst's scorecard report scores fewer providers, over fewer technologies, than the administrator's:
// it says so above the scores and the drilldown, in the report's language.

const window = { from: '2026-10-01T00:00:00.000Z', to: '2026-10-31T23:59:59.999Z', timeZone: 'Europe/Madrid' };
const calculation: ScorecardCalculation = {
  scorecard: {
    id: 'quality',
    name: 'Quality 2026',
    status: 'Active',
    weight: 100,
    maxScore: 10,
    kpis: [{ kpi: 'download', weight: 100, fringes: [] }],
    mosEntries: [],
  },
  comparedBy: 'provider',
  configuration: { scorecardId: 'quality', version: 1, position: '1:1' },
  live: {
    window,
    entities: [
      {
        entity: 'p-movistar',
        rank: 1,
        score: 7.37,
        coverage: 100,
        kpis: [
          { kpi: 'download', weight: 100, score: 7.37, fringes: [{ fringe: null, value: 80, count: 4, score: 7.37 }] },
        ],
      },
    ],
  },
  warnings: [],
};
const narrowedBy: NarrowedBy = {
  restrictions: [
    { kind: 'isp', values: [{ id: 'p-movistar', name: 'Movistar' }] },
    {
      kind: 'technology',
      values: [
        { id: 4, name: '4G' },
        { id: 5, name: '5G' },
      ],
    },
  ],
};

async function reportText(language: Language, narrowed?: NarrowedBy) {
  const { document } = scorecardReport({
    calculation: { ...calculation, ...(narrowed ? { narrowedBy: narrowed } : {}) },
    drilldowns: [{ kpi: 'download', series: [] }],
    names: new Map([['p-movistar', 'Movistar']]),
    colours: new Map(),
    profileName: 'Madrid analyst',
    language,
    generatedAt: new Date('2026-11-01T09:00:00Z'),
  });
  const path = join(mkdtempSync(join(tmpdir(), 'nq-scorecard-narrowed-')), 'report.pdf');
  writeFileSync(path, await renderPdf(document));
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
}

describe("the scorecard report of a narrower profile's scores", { timeout: 60_000 }, () => {
  it('says what the profile narrowed them by above the scores and the drilldown, in English and in Spanish', async () => {
    expect((await reportText('en', narrowedBy)).match(/Computed over your profile: Movistar · 4G, 5G/g)).toHaveLength(
      2,
    );
    expect((await reportText('es', narrowedBy)).match(/Calculado sobre tu perfil: Movistar · 4G, 5G/g)).toHaveLength(2);
  });

  it('says nothing of the kind when no profile narrowed them', async () => {
    expect(await reportText('en')).not.toContain('Computed over your profile');
  });
});
