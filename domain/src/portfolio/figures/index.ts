/**
 * The portfolio's figures, as pure and exact functions (docs/architecture.md, glossary: portfolio
 * figures): money is bigint micro-USDC, ratios are exact until one rounding for display, percentages
 * are decimal text with `PERCENT_DECIMALS` digits rounded half away from zero, and no JavaScript
 * floating-point number takes part in any computation.
 */
export { portfolioBreakdown, UNCLASSIFIED_GROUP, type Breakdown, type BreakdownEntry, type Holding, type StrategyGroupInput } from './breakdown.js';
export { diversification, diversificationLabel, diversificationScore, type Diversification, type DiversificationLabel, type DiversificationScore } from './diversification.js';
export { DAY_MS, epochMs, HOUR_MS, YEAR_MS, type Instant } from './instant.js';
export { annualisedPercent, APY_MIN_HISTORY_MS, growthPercent, performanceFigures, type Contribution, type PerformanceFigures, type ValuationPoint } from './performance.js';
export { power } from './power.js';
export { decimalText, PERCENT_DECIMALS, percentText, ratio, type Ratio } from './ratio.js';
export { CONSERVATIVE_UP_TO, MODERATE_UP_TO, RISK_SCORE_DECIMALS, riskLevelOfScore, riskProfile, type RiskProfile } from './risk-profile.js';
export { addToSeries, downsampleSeries, HOURLY_HOURS } from './value-series.js';
