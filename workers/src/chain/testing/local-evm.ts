// A real EVM for integration tests: Hardhat 2's in-process network (EDR) served over JSON-RPC on
// 127.0.0.1 with an ephemeral port, so code under test talks to it exactly as it would to a node:
// through an RPC URL. No hardhat.config file, no compiler download, ~1 s to start.
import { fileURLToPath } from 'node:url';
import {
  Contract,
  ContractFactory,
  HDNodeWallet,
  JsonRpcProvider,
  Network,
  type BaseContract,
} from 'ethers';
// Hardhat 2 has no public API for a network without a project, so we use the same internals
// its `node` task uses. Hardhat's package has no export map; pinned exactly in package.json.
import { resolveConfig } from 'hardhat/internal/core/config/config-resolution.js';
import { createProvider } from 'hardhat/internal/core/providers/construction.js';
import { JsonRpcServer } from 'hardhat/internal/hardhat-network/jsonrpc/server.js';
import { contractArtifact, type LocalContractName } from './artifacts.js';

export const LOCAL_CHAIN_ID = 31337;
/** Hardhat's well-known development mnemonic: never holds real funds anywhere. */
export const LOCAL_MNEMONIC = 'test test test test test test test test test test test junk';
const ACCOUNT_PATH = "m/44'/60'/0'/0";
const ACCOUNT_COUNT = 10;
/** 10,000 ETH each, in wei. */
const ACCOUNT_BALANCE = 10_000n * 10n ** 18n;

export interface TestTokenSpec {
  readonly name: string;
  readonly symbol: string;
  /** 0 to 36, e.g. 6 for a USDC, 8 for a WBTC, 18 for most tokens. */
  readonly decimals: number;
}

export interface MockAggregatorSpec {
  /** Decimals of the answer, 8 for Chainlink's USD pairs. */
  readonly decimals: number;
  /** e.g. 'ETH / USD'. */
  readonly description: string;
  /** The first answer, in units of 10^-decimals. */
  readonly answer: bigint;
}

export interface LocalEvm {
  /** HTTP JSON-RPC endpoint, e.g. for a job's `rpcUrl` setting. */
  readonly rpcUrl: string;
  readonly chainId: number;
  /** ethers provider tuned for a local chain (see STACK-NOTES.md). */
  readonly provider: JsonRpcProvider;
  /** Funded accounts that sign locally, like a production hot wallet. `wallets[0]` deploys. */
  readonly wallets: readonly HDNodeWallet[];
  /** Deploys a fresh Test USDC (6 decimals); `deployer` is the only account that can mint. */
  deployTestUsdc(deployer?: HDNodeWallet): Promise<Contract>;
  /** Deploys a mintable ERC-20 with the given decimals (workers/chain-src/TestToken.sol); `deployer` mints and burns. */
  deployTestToken(token: TestTokenSpec, deployer?: HDNodeWallet): Promise<Contract>;
  /** Deploys a Chainlink-style price feed (workers/chain-src/MockAggregator.sol) answering `answer` from now on. */
  deployMockAggregator(feed: MockAggregatorSpec, deployer?: HDNodeWallet): Promise<Contract>;
  /** Deploys our Multicall3 stand-in (workers/chain-src/LocalMulticall3.sol): `aggregate3` and `getBlockNumber`. */
  deployMulticall3(deployer?: HDNodeWallet): Promise<Contract>;
  /** Moves the chain's clock forward and mines a block stamped with the new time. */
  increaseTime(seconds: number): Promise<void>;
  /** Mines `count` empty blocks at once, e.g. to reach a confirmation depth. */
  mineBlocks(count: number): Promise<void>;
  stop(): Promise<void>;
}

/** An ethers provider with the settings a local chain needs: no stale caches, quick polling. */
export function localProvider(rpcUrl: string, chainId: number): JsonRpcProvider {
  const network = Network.from(chainId);
  return new JsonRpcProvider(rpcUrl, network, {
    staticNetwork: network,
    cacheTimeout: -1,
    batchMaxCount: 1,
    pollingInterval: 20,
  });
}

export interface LocalEvmOptions {
  /** Where the JSON-RPC server listens; by default a free one (tests), a fixed one for `npm run demo`. */
  readonly port?: number;
  /** The genesis block's time (default now): a chain started in the past can be walked forward to build history. */
  readonly initialDate?: Date;
}

export async function startLocalEvm(options: LocalEvmOptions = {}): Promise<LocalEvm> {
  // resolveConfig only needs an existing path to derive project paths; nothing is read or written
  // there because the network neither forks nor compiles.
  const config = resolveConfig(fileURLToPath(import.meta.url), {
    networks: {
      hardhat: {
        chainId: LOCAL_CHAIN_ID,
        accounts: {
          mnemonic: LOCAL_MNEMONIC,
          path: ACCOUNT_PATH,
          count: ACCOUNT_COUNT,
          accountsBalance: ACCOUNT_BALANCE.toString(),
        },
        ...(options.initialDate ? { initialDate: options.initialDate.toISOString() } : {}),
      },
    },
  });
  const network = await createProvider(config, 'hardhat');
  const server = new JsonRpcServer({ hostname: '127.0.0.1', port: options.port ?? 0, provider: network });
  const { address, port } = await server.listen();
  const rpcUrl = `http://${address}:${port}`;
  const provider = localProvider(rpcUrl, LOCAL_CHAIN_ID);

  const wallets = Array.from({ length: ACCOUNT_COUNT }, (_, index) =>
    HDNodeWallet.fromPhrase(LOCAL_MNEMONIC, undefined, `${ACCOUNT_PATH}/${index}`).connect(provider),
  );
  await assertFundedAccounts(provider, wallets);

  return {
    rpcUrl,
    chainId: LOCAL_CHAIN_ID,
    provider,
    wallets,
    deployTestUsdc: (deployer = firstWallet(wallets)) => deploy('TestUsdc', deployer, []),
    deployTestToken: (token, deployer = firstWallet(wallets)) => deploy('TestToken', deployer, [token.name, token.symbol, token.decimals]),
    deployMockAggregator: (feed, deployer = firstWallet(wallets)) =>
      deploy('MockAggregator', deployer, [feed.decimals, feed.description, feed.answer]),
    deployMulticall3: (deployer = firstWallet(wallets)) => deploy('LocalMulticall3', deployer, []),
    async increaseTime(seconds) {
      if (!Number.isInteger(seconds) || seconds < 0) throw new RangeError(`increaseTime takes whole seconds >= 0, not ${seconds}`);
      await provider.send('evm_increaseTime', [seconds]);
      await provider.send('evm_mine', []);
    },
    async mineBlocks(count) {
      await provider.send('hardhat_mine', [`0x${count.toString(16)}`]);
    },
    async stop() {
      provider.destroy();
      await server.close();
    },
  };
}

async function deploy(name: LocalContractName, deployer: HDNodeWallet, args: readonly unknown[]): Promise<Contract> {
  const { abi, bytecode } = contractArtifact(name);
  const deployed: BaseContract = await new ContractFactory(abi, bytecode, deployer).deploy(...args);
  await deployed.waitForDeployment();
  return new Contract(await deployed.getAddress(), abi, deployer);
}

function firstWallet(wallets: readonly HDNodeWallet[]): HDNodeWallet {
  const [first] = wallets;
  if (!first) throw new Error('local EVM has no accounts');
  return first;
}

// Guards against the derivation path drifting from Hardhat's: a mismatch would show up later
// as "insufficient funds" far from its cause.
async function assertFundedAccounts(provider: JsonRpcProvider, wallets: readonly HDNodeWallet[]) {
  const first = firstWallet(wallets);
  const balance = await provider.getBalance(first.address);
  if (balance !== ACCOUNT_BALANCE) {
    throw new Error(`local EVM account ${first.address} holds ${balance} wei, expected ${ACCOUNT_BALANCE}`);
  }
}
