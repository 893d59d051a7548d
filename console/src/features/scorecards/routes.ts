import type { ScreenRoute } from '../../app/screen-route.ts';

const live = { layer: 'scorecard_live', profileGuard: true } as const;
const comparison = { layer: 'scorecard_comparison', profileGuard: true } as const;

export const screenRoutes: ScreenRoute[] = [
  { path: 'scorecard_live', ...live, load: () => import('./components/LiveScorecardsPage.tsx') },
  { path: 'scorecard_live/:id', ...live, load: () => import('./components/ScorecardLivePage.tsx') },
  { path: 'scorecard_live/:id/drilldown', ...live, load: () => import('./components/ScorecardDrilldownPage.tsx') },
  { path: 'scorecard_comparison', ...comparison, load: () => import('./components/ComparableScorecardsPage.tsx') },
  { path: 'scorecard_comparison/:id', ...comparison, load: () => import('./components/ScorecardComparisonPage.tsx') },
];
