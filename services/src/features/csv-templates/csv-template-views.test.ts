import type { Profile } from '@nq/contracts';
import { profileFieldsSchema } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import {
  csvTemplateViews,
  defaultCsvTemplate,
  offeredCsvTemplates,
  type StoredCsvTemplate,
} from './csv-template-views.ts';

const profile: Profile = {
  ...profileFieldsSchema.parse({
    name: 'Analyst',
    service: 'mobile',
    kpis: [{ id: 'download' }, { id: 'latency' }],
    programs: [
      { id: 'speedtest', type: 2, program: 'Speed' },
      { id: 'ping', type: 3, program: 'Ping' },
    ],
  }),
  id: 'p1',
};
const builtIn = defaultCsvTemplate(profile, 'mobile', ['speedtest', 'ping'], 'es');
const template = (id: string, name: string): StoredCsvTemplate => ({
  id,
  name,
  service: 'mobile',
  active: true,
  columns: [{ field: 'probeId', operation: 'value' }],
});

describe('the offered CSV templates', () => {
  it("builds the default template of the programs' KPIs the profile analyses, named in the caller's language", () => {
    expect(builtIn.name).toBe('Plantilla predeterminada');
    expect(builtIn.columns.filter((column) => column.key).map((column) => `${column.program} ${column.key}`)).toEqual([
      'speedtest download',
      'speedtest latency',
      'ping latency',
    ]);
  });

  it('puts the default first, then the ordered ones, then the rest by name', () => {
    const views = csvTemplateViews(builtIn, [template('a', 'Zeta'), template('b', 'Alpha'), template('c', 'Mid')], {
      favorites: ['c'],
      order: ['a', 'gone'],
    });
    expect(views.map((view) => [view.id, view.order, view.favorite])).toEqual([
      ['default', 0, false],
      ['a', 1, false],
      ['b', 2, false],
      ['c', 3, true],
    ]);
  });

  it('shows the default as favourite when none of the favourites is offered', () => {
    const [first] = csvTemplateViews(builtIn, [template('a', 'A')], { favorites: ['elsewhere'], order: [] });
    expect(first).toMatchObject({ id: 'default', favorite: true });
  });

  it('offers only the default template, with the warning, when the templates cannot be loaded', async () => {
    const failures: unknown[] = [];
    const offered = await offeredCsvTemplates(
      builtIn,
      () => Promise.reject(new Error('read model down')),
      (error) => failures.push(error),
    );
    expect(offered.result.map((view) => [view.id, view.favorite])).toEqual([['default', true]]);
    expect(offered.warnings).toEqual([{ code: 'csvExtractor.defaultTemplateOnly' }]);
    expect(failures).toHaveLength(1);
  });
});
