import type { TokenRegistry } from './schema.js';

/**
 * Avalanche C-Chain (chainId 43114): the strategy groups' tokens as members hold them there.
 * `name` is a display name; `tokenSymbol` is what the contract reports.
 *
 * Where each value was taken from (checked 2026-11-24):
 * - Token contracts and decimals: Aave's address book (bgd-labs/aave-address-book,
 *   AaveV3AvalancheAssets: USDC, USDt, DAI.e, WETH.e, WBTC.e, WAVAX, LINK.e, AAVE.e), which Aave
 *   generates from its deployed pools; USDC also from Circle's USDC contract addresses list
 *   (developers.circle.com/stablecoins/usdc-contract-addresses). UNI.e is not an Aave asset: its
 *   address and 18 decimals are Pangolin's SDK token list (UNIe) and Sushi's UNI_ADDRESS for Avalanche.
 * - Price feeds: Chainlink's Avalanche Mainnet data feeds (docs.chain.link/data-feeds/price-feeds/
 *   addresses?network=avalanche and data.chain.link): proxy address and heartbeat (AVAX / USD
 *   updates at least every 120 s, the others every 24 h). Each proxy also matches Aave's oracle for
 *   that asset, except WBTC.e, which Aave prices with BTC / USD. All quote USD with 8 decimals; the
 *   adapters read `decimals()` from the feed instead of trusting a file.
 *
 * Group symbol -> token: WETH is WETH.e, WBTC is WBTC.e, DAI is DAI.e, LINK is LINK.e, UNI is UNI.e
 * and AAVE is AAVE.e (Ethereum's tokens bridged by the Avalanche Bridge); USDC and USDT are the
 * issuers' native tokens on Avalanche (not the older bridged USDC.e / USDT.e); WAVAX is wrapped AVAX.
 * WETH.e is priced with ETH / USD, WBTC.e with WBTC / USD.
 */
export const AVALANCHE_REGISTRY: TokenRegistry = {
  chainId: 43114,
  network: 'Avalanche C-Chain',
  tokens: [
    {
      symbol: 'USDC',
      tokenSymbol: 'USDC',
      name: 'USD Coin',
      decimals: 6,
      address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
      priceFeed: { pair: 'USDC / USD', address: '0xF096872672F44d6EBA71458D74fe67F9a77a23B9', heartbeatSeconds: 86_400 },
    },
    {
      symbol: 'USDT',
      tokenSymbol: 'USDt',
      name: 'Tether USD',
      decimals: 6,
      address: '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7',
      priceFeed: { pair: 'USDT / USD', address: '0xEBE676ee90Fe1112671f19b6B7459bC678B67e8a', heartbeatSeconds: 86_400 },
    },
    {
      symbol: 'DAI',
      tokenSymbol: 'DAI.e',
      name: 'Dai Stablecoin',
      decimals: 18,
      address: '0xd586E7F844cEa2F87f50152665BCbc2C279D8d70',
      priceFeed: { pair: 'DAI / USD', address: '0x51D7180edA2260cc4F6e4EebB82FEF5c3c2B8300', heartbeatSeconds: 86_400 },
    },
    {
      symbol: 'WETH',
      tokenSymbol: 'WETH.e',
      name: 'Wrapped Ether',
      decimals: 18,
      address: '0x49D5c2BdFfac6CE2BFdB6640F4F80f226bc10bAB',
      priceFeed: { pair: 'ETH / USD', address: '0x976B3D034E162d8bD72D6b9C989d545b839003b0', heartbeatSeconds: 86_400 },
    },
    {
      symbol: 'WBTC',
      tokenSymbol: 'WBTC.e',
      name: 'Wrapped BTC',
      decimals: 8,
      address: '0x50b7545627a5162F82A992c33b87aDc75187B218',
      priceFeed: { pair: 'WBTC / USD', address: '0x86442E3a98558357d46E6182F4b262f76c4fa26F', heartbeatSeconds: 86_400 },
    },
    {
      symbol: 'WAVAX',
      tokenSymbol: 'WAVAX',
      name: 'Wrapped AVAX',
      decimals: 18,
      address: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7',
      priceFeed: { pair: 'AVAX / USD', address: '0x0A77230d17318075983913bC2145DB16C7366156', heartbeatSeconds: 120 },
    },
    {
      symbol: 'LINK',
      tokenSymbol: 'LINK.e',
      name: 'Chainlink Token',
      decimals: 18,
      address: '0x5947BB275c521040051D82396192181b413227A3',
      priceFeed: { pair: 'LINK / USD', address: '0x49ccd9ca821EfEab2b98c60dC60F518E765EDe9a', heartbeatSeconds: 86_400 },
    },
    {
      symbol: 'UNI',
      tokenSymbol: 'UNI.e',
      name: 'Uniswap',
      decimals: 18,
      address: '0x8eBAf22B6F053dFFeaf46f4Dd9eFA95D89ba8580',
      priceFeed: { pair: 'UNI / USD', address: '0x9a1372f9b1B71B3A5a72E092AE67E172dBd7Daaa', heartbeatSeconds: 86_400 },
    },
    {
      symbol: 'AAVE',
      tokenSymbol: 'AAVE.e',
      name: 'Aave Token',
      decimals: 18,
      address: '0x63a72806098Bd3D9520cC43356dD78afe5D386D9',
      priceFeed: { pair: 'AAVE / USD', address: '0x3CA13391E9fb38a75330fb28f8cc2eB3D9ceceED', heartbeatSeconds: 86_400 },
    },
  ],
  omitted: [],
};
