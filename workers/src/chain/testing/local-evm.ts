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
import { testUsdcArtifact } from './test-usdc-artifact.js';

export const LOCAL_CHAIN_ID = 31337;
/** Hardhat's well-known development mnemonic: never holds real funds anywhere. */
export const LOCAL_MNEMONIC = 'test test test test test test test test test test test junk';
const ACCOUNT_PATH = "m/44'/60'/0'/0";
const ACCOUNT_COUNT = 10;
/** 10,000 ETH each, in wei. */
const ACCOUNT_BALANCE = 10_000n * 10n ** 18n;

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

export async function startLocalEvm(): Promise<LocalEvm> {
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
      },
    },
  });
  const network = await createProvider(config, 'hardhat');
  const server = new JsonRpcServer({ hostname: '127.0.0.1', port: 0, provider: network });
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
    async deployTestUsdc(deployer = firstWallet(wallets)) {
      const { abi, bytecode } = testUsdcArtifact();
      const deployed: BaseContract = await new ContractFactory(abi, bytecode, deployer).deploy();
      await deployed.waitForDeployment();
      return new Contract(await deployed.getAddress(), abi, deployer);
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
