import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, testProfile } from '../../../shared/testing/render-screen.tsx';
import { Sidebar } from './Sidebar.tsx';

describe('the sidebar', () => {
  it('opens a screen layer in the console and a linked layer (trains…) in a new tab', async () => {
    const { layers } = testProfile({
      layers: [
        { id: 'evolution' },
        { id: 'trains', url: 'https://trains.example.org/' },
        { id: 'maps', url: 'https://legacy.example.org/maps' },
      ],
    });
    await renderScreen(<Sidebar layers={layers} />);

    expect(screen.getByRole('link', { name: 'Evolution' })).toHaveAttribute('href', '/evolution');
    const trains = screen.getByRole('link', { name: /Trains/ });
    expect(trains).toHaveAttribute('href', 'https://trains.example.org/');
    expect(trains).toHaveAttribute('target', '_blank');
    expect(trains).toHaveAttribute('rel', 'noopener noreferrer');
    expect(trains).toHaveAccessibleName(/opens in a new tab/);
    expect(within(screen.getByTestId('sidebar-tools')).getByRole('link')).toBe(trains);
    expect(screen.getByRole('link', { name: /Maps/ })).toHaveAttribute('href', 'https://legacy.example.org/maps');
  });

  it('shows no entry for a menu item the profile has no layer for', async () => {
    await renderScreen(<Sidebar layers={testProfile({ layers: [{ id: 'evolution' }] }).layers} />);
    expect(screen.queryByRole('link', { name: /Trains|Database|Regulatory|Cubes/ })).toBeNull();
  });
});
