import type { RiskLevel } from '@concierge/contracts';

/**
 * What the Strategy Manager's form sends: token symbols already split, trimmed, upper-cased and
 * without blanks; a risk level or colour left out follows from the risk weight on the server.
 */
export type StrategyInput = {
  name: string;
  displayName: string;
  description: string;
  color: string | undefined;
  riskLevel: RiskLevel | undefined;
  riskWeight: number;
  tokenSymbols: string[];
};
