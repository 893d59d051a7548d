import type { LayerId } from '@nq/contracts/identity/layers';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../shared/api/query-client.ts';
import { sessionStore } from '../shared/api/session-store.ts';
import { fakeApi } from '../shared/testing/fake-api.ts';
import { signIn, testProfile } from '../shared/testing/render-screen.tsx';
import { onlyWhenTheScreenChanges, screenGuard } from './guards.ts';

function Filters() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ kpi: String(Number(params.get('kpi') ?? 0) + 1) })}>
      filter {params.get('kpi') ?? 0}
    </button>
  );
}

describe('a profile-guarded screen', () => {
  it('reloads the profile when it opens, not each time its filters change the address', async () => {
    const api = fakeApi();
    signIn(api, testProfile({ layers: [{ id: 'benchmark' }, { id: 'evolution' }] }));
    const guarded = (path: LayerId) => ({
      path,
      loader: screenGuard({ layer: path, profileGuard: true }),
      shouldRevalidate: onlyWhenTheScreenChanges,
      element: <Filters />,
    });
    const router = createMemoryRouter([guarded('benchmark'), guarded('evolution')], { initialEntries: ['/benchmark'] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const profileLoads = () => api.sent('GET', '/profile').length;

    await screen.findByRole('button', { name: 'filter 0' });
    expect(profileLoads()).toBe(1);
    for (const next of ['filter 1', 'filter 2', 'filter 3']) {
      screen.getByRole('button').click();
      await screen.findByRole('button', { name: next });
    }
    expect(profileLoads()).toBe(1);

    await router.navigate('/evolution');
    await screen.findByRole('button', { name: 'filter 0' });
    expect(profileLoads()).toBe(2);
  });
});

describe('a visitor without a session', () => {
  it('is sent to sign in with the address they opened, to come back to it (an e-mailed link)', async () => {
    sessionStore.clear();
    const router = createMemoryRouter(
      [
        {
          path: 'files_management',
          loader: screenGuard({ layer: 'files_management' }),
          element: <p>files</p>,
        },
        { path: 'login', element: <p>login</p> },
      ],
      { initialEntries: ['/files_management?download=file-ready-0001'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText('login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/files_management?download=file-ready-0001',
    );
  });
});
