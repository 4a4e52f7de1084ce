import { Interface } from 'ethers';

/**
 * Multicall3 has the same address on every EVM chain that deployed it (Avalanche C-Chain included);
 * the local EVM deploys our own contract with the same ABI (workers/chain-src/LocalMulticall3.sol).
 */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** The slice of Multicall3 the portfolio reads through. */
export const multicall3Interface = new Interface([
  'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
  'function getBlockNumber() view returns (uint256 blockNumber)',
]);

/** Chainlink's AggregatorV3Interface, the two reads a price needs. */
export const aggregatorV3Interface = new Interface([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

/** ERC-20 balanceOf. */
export const balanceOfInterface = new Interface(['function balanceOf(address owner) view returns (uint256)']);
