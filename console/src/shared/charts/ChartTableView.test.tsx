import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../testing/render-screen.tsx';
import { ChartTableView, shownTableRows } from './ChartTableView.tsx';

const tableOf = (count: number) => ({
  columns: ['Minute', 'Movistar'],
  rows: Array.from({ length: count }, (_, index) => ({ key: String(index), cells: [`m${index}`, index] })),
});

describe("a chart's data table", () => {
  it('shows at most its first rows and says how many there are, leaving all of them to the CSV export', async () => {
    await renderScreen(<ChartTableView title="Download" table={tableOf(60_000)} format={String} />);
    const table = screen.getByRole('table', { name: 'Download' });
    expect(within(table).getAllByRole('row')).toHaveLength(shownTableRows + 1);
    expect(screen.getByRole('note')).toHaveTextContent(
      'The first 1,000 of 60,000 rows; export as CSV for all of them.',
    );
  });

  it('shows every row of a table that fits, without a note', async () => {
    await renderScreen(<ChartTableView title="Download" table={tableOf(3)} format={String} />);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
