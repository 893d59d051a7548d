import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, testProfile } from '../../../shared/testing/render-screen.tsx';
import { Sidebar } from './Sidebar.tsx';

describe('the sidebar', () => {
  it('opens a screen layer in the console and a linked layer (regulatory format…) in a new tab', async () => {
    const { layers } = testProfile({
      layers: [
        { id: 'evolution' },
        { id: 'regulatory_format', url: 'https://reports.example.org/format' },
        { id: 'maps', url: 'https://legacy.example.org/maps' },
      ],
    });
    await renderScreen(<Sidebar layers={layers} />);

    expect(screen.getByRole('link', { name: 'Evolution' })).toHaveAttribute('href', '/evolution');
    const regulatory = screen.getByRole('link', { name: /Regulatory format/ });
    expect(regulatory).toHaveAttribute('href', 'https://reports.example.org/format');
    expect(regulatory).toHaveAttribute('target', '_blank');
    expect(regulatory).toHaveAttribute('rel', 'noopener noreferrer');
    expect(regulatory).toHaveAccessibleName(/opens in a new tab/);
    expect(within(screen.getByTestId('sidebar-internal_tools')).getByRole('link')).toBe(regulatory);
    expect(screen.getByRole('link', { name: /Maps/ })).toHaveAttribute('href', 'https://legacy.example.org/maps');
  });

  it('shows no entry for a menu item the profile has no layer for', async () => {
    await renderScreen(<Sidebar layers={testProfile({ layers: [{ id: 'evolution' }] }).layers} />);
    expect(screen.queryByRole('link', { name: /Trains|Database|Regulatory|Cubes/ })).toBeNull();
  });
});
