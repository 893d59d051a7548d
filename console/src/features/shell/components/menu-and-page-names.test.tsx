import type { LayerId } from '@nq/contracts/identity/layers';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, pagedList } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import CubesPage from '../../cubes/components/CubesPage.tsx';
import RegulatoryReportsPage from '../../regulatory-reports/components/RegulatoryReportsPage.tsx';
import ScoreManagementPage from '../../score-management/components/ScoreManagementPage.tsx';
import ComparableScorecardsPage from '../../scorecards/components/ComparableScorecardsPage.tsx';
import LiveScorecardsPage from '../../scorecards/components/LiveScorecardsPage.tsx';
import { Sidebar } from './Sidebar.tsx';

// Each menu entry opens a page headed with the entry's own words; the product names some entries ("Profile management",
// "Universe comparison", "Cubes configuration"), and their pages take those names.
const pages: { layer: LayerId; page: ReactNode; names: { en: string; es: string } }[] = [
  {
    layer: 'scoreManagement',
    page: <ScoreManagementPage />,
    names: { en: 'Profile management', es: 'Gestión de perfiles' },
  },
  {
    layer: 'scorecard_comparison',
    page: <ComparableScorecardsPage />,
    names: { en: 'Universe comparison', es: 'Comparación de universos' },
  },
  {
    layer: 'scorecard_live',
    page: <LiveScorecardsPage />,
    names: { en: 'Scorecard live', es: 'Cuadro de mando en vivo' },
  },
  {
    layer: 'cubes_configuration',
    page: <CubesPage />,
    names: { en: 'Cubes configuration', es: 'Configuración de cubos' },
  },
  {
    layer: 'regulatory_format',
    page: <RegulatoryReportsPage />,
    names: { en: 'Regulatory format', es: 'Formato regulatorio' },
  },
];

beforeEach(() => {
  const api = fakeApi()
    .get('/scorecards/', pagedList([]))
    .get('/scorecards/active', { list: [], count: 0 })
    .get('/api/cubes/', pagedList([]))
    .get('/api/cubes/status', { cubes: [], rawQueries: 0 })
    .get('/regulatory-reports/', pagedList([]));
  signIn(api, testProfile({ rol: 'admin', layers: pages.map(({ layer }) => ({ id: layer })) }));
});

describe('Menu entries and the pages they open', () => {
  for (const language of ['en', 'es'] as const)
    for (const { layer, page, names } of pages)
      it(`${layer}: the menu and the page say “${names[language]}” (${language})`, async () => {
        await renderScreen(
          <>
            <Sidebar layers={testProfile({ layers: [{ id: layer }] }).layers} />
            <main>{page}</main>
          </>,
          { path: `/${layer}`, language },
        );
        expect(screen.getByRole('link', { name: names[language] })).toHaveAttribute('href', `/${layer}`);
        expect(await screen.findByRole('heading', { level: 1, name: names[language] })).toBeInTheDocument();
      });
});
