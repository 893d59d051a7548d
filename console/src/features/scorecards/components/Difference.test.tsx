import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Difference } from './Difference.tsx';

describe('Difference', () => {
  it('names a change by what it means for the user, a change too small to write as none', () => {
    render(
      <ul>
        <li data-testid="latency">
          <Difference before={30} after={27.5} lowerIsBetter unit="ms" />
        </li>
        <li data-testid="download">
          <Difference before={30} after={27.5} unit="Mbps" />
        </li>
        <li data-testid="tiny">
          <Difference before={2.261} after={2.258} />
        </li>
        <li data-testid="missing">
          <Difference before={null} after={2} />
        </li>
      </ul>,
    );
    expect(screen.getByTestId('latency')).toHaveTextContent('▲ -2.5 ms (better)');
    expect(screen.getByTestId('download')).toHaveTextContent('▼ -2.5 Mbps (worse)');
    expect(screen.getByTestId('tiny')).toHaveTextContent('= 0 (unchanged)');
    expect(screen.getByTestId('missing')).toHaveTextContent('–');
  });
});
