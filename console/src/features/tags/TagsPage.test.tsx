import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, pagedList } from '../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../shared/testing/render-screen.tsx';
import TagsPage from './TagsPage.tsx';

describe('tags screen', () => {
  it('names the profile that created each tag, not its id', async () => {
    const api = fakeApi().get(
      '/tags/',
      pagedList([
        { id: 't1', name: 'Rooftop', owner: '4f1c2d3e-9a8b-4c7d-8e6f-5a4b3c2d1e0f', ownerName: 'Regulator' },
        { id: 't2', name: 'Basement', owner: 'retired-profile' },
      ]),
    );
    signIn(api);
    await renderScreen(<TagsPage />, { path: '/tags_management' });
    const rooftop = (await screen.findByRole('cell', { name: 'Rooftop' })).closest('tr')!;
    expect(rooftop).toHaveTextContent('Regulator');
    expect(rooftop).not.toHaveTextContent('4f1c2d3e');
    // A profile the list cannot name (deleted) keeps its id.
    expect(screen.getByRole('cell', { name: 'Basement' }).closest('tr')).toHaveTextContent('retired-profile');
  });
});
