// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { performanceFigures } from '../../../testing/fixtures';
import { badgesIn } from '../../../testing/read-page';
import { PortfolioSummary, SIMULATED_MARKET_LABEL } from './portfolio-summary';

describe('Portfolio summary', () => {
  afterEach(cleanup);

  it("labels a valuation on the development chain as the simulated market's", () => {
    render(<PortfolioSummary figures={performanceFigures({ source: 'chain', chainId: 31337 })} />);
    expect(badgesIn(screen.getByRole('region', { name: 'Summary' }))).toEqual([SIMULATED_MARKET_LABEL]);
    expect(SIMULATED_MARKET_LABEL).toBe('Simulated market (development chain)');
  });

  it('has no such label on a real chain or the ledger', () => {
    const { unmount } = render(<PortfolioSummary figures={performanceFigures({ source: 'chain', chainId: 43114 })} />);
    expect(screen.queryByText(SIMULATED_MARKET_LABEL)).toBeNull();
    unmount();
    render(<PortfolioSummary figures={performanceFigures()} />);
    expect(screen.queryByText(SIMULATED_MARKET_LABEL)).toBeNull();
  });
});
