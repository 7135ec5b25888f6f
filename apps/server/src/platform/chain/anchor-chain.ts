import { Contract, ContractFactory, JsonRpcProvider, Wallet, type Provider, type Signer } from 'ethers';
import { loadAnchorArtifact } from './artifact.ts';

/** What the contract holds for one height. */
export interface OnChainAnchor {
  rootHash: string;
  treeSize: number;
  blockHash: string;
  /** Chain block time of the anchoring, epoch ms. */
  anchoredAt: number;
}

/** An Anchored event found in a transaction's receipt. */
export interface AnchoredLog extends Omit<OnChainAnchor, 'anchoredAt'> {
  height: number;
}

export interface AnchorTx {
  txHash: string;
  blockNumber: number | null;
}

/** The EVM chain the ledger anchors its blocks to (ARCHITECTURE 3.3), through the EvidenceAnchor contract. */
export interface AnchorChain {
  chainId: number;
  contractAddress: string;
  /** The contract's anchor of a height, or null when the height is not anchored. */
  anchorOf(height: number): Promise<OnChainAnchor | null>;
  /** Sends one anchor transaction and waits for its receipt. */
  anchor(block: { height: number; rootHash: string; treeSize: number; blockHash: string }): Promise<AnchorTx>;
  /** The transaction that anchored a height, from the contract's event log. */
  findAnchorTx(height: number): Promise<AnchorTx | null>;
  /** The Anchored events of a transaction of this contract (empty when it has none or does not exist). */
  anchoredLogs(txHash: string): Promise<AnchoredLog[]>;
  close(): void;
}

const strip0x = (h: string) => h.replace(/^0x/, '').toLowerCase();

/** Connects to the deployed contract with the anchoring key; checks that code exists at the address. */
export async function connectAnchorChain(opts: {
  rpcUrl: string;
  privateKey: string;
  contractAddress: string;
}): Promise<AnchorChain> {
  // One request per call: no batching, so any JSON-RPC node (Besu, FISCO BCOS web3, a dev node) works.
  const provider = new JsonRpcProvider(opts.rpcUrl, undefined, { batchMaxCount: 1, staticNetwork: true });
  try {
    const network = await provider.getNetwork();
    const code = await provider.getCode(opts.contractAddress);
    if (code === '0x') throw new Error(`no contract at ${opts.contractAddress} on chain ${network.chainId}`);
    // A plain wallet asks the node for the nonce of each transaction: anchoring sends one at a time, and
    // the key keeps working when another tool has used it meanwhile.
    const signer = new Wallet(opts.privateKey, provider);
    return anchorChainOf(provider, signer, opts.contractAddress, Number(network.chainId));
  } catch (err) {
    provider.destroy();
    throw err;
  }
}

function anchorChainOf(
  provider: JsonRpcProvider,
  signer: Signer,
  contractAddress: string,
  chainId: number,
): AnchorChain {
  const { abi } = loadAnchorArtifact();
  const contract = new Contract(contractAddress, abi as never, signer);
  return {
    chainId,
    contractAddress,
    async anchorOf(height) {
      const [rootHash, treeSize, blockHash, anchoredAt] = (await contract.getFunction('anchorOf')(
        height,
      )) as [string, bigint, string, bigint];
      if (/^0x0+$/.test(rootHash)) return null;
      return {
        rootHash: strip0x(rootHash),
        treeSize: Number(treeSize),
        blockHash: strip0x(blockHash),
        anchoredAt: Number(anchoredAt) * 1000,
      };
    },
    async anchor(block) {
      // The nonce is asked of the node directly: ethers' provider answers a repeated identical query from
      // a 250 ms cache, which would give two quick transactions the same nonce.
      const nonce = Number(
        await provider.send('eth_getTransactionCount', [await signer.getAddress(), 'pending']),
      );
      const tx = await contract.getFunction('anchor')(
        block.height,
        `0x${block.rootHash}`,
        block.treeSize,
        `0x${block.blockHash}`,
        { nonce },
      );
      const receipt = await (
        tx as { wait(): Promise<{ hash: string; blockNumber: number; status: number | null } | null> }
      ).wait();
      if (!receipt || receipt.status !== 1)
        throw new Error(`anchor transaction of block ${block.height} failed`);
      return { txHash: strip0x(receipt.hash), blockNumber: receipt.blockNumber };
    },
    async findAnchorTx(height) {
      const events = await contract.queryFilter(contract.filters.Anchored!(height), 0, 'latest');
      const first = events[0];
      return first ? { txHash: strip0x(first.transactionHash), blockNumber: first.blockNumber } : null;
    },
    async anchoredLogs(txHash) {
      const receipt = await provider.getTransactionReceipt(`0x${strip0x(txHash)}`);
      if (!receipt || receipt.status !== 1) return [];
      const logs: AnchoredLog[] = [];
      for (const log of receipt.logs) {
        if (log.address.toLowerCase() !== contractAddress.toLowerCase()) continue;
        const parsed = contract.interface.parseLog(log);
        if (parsed?.name !== 'Anchored') continue;
        const [height, rootHash, treeSize, blockHash] = parsed.args as unknown as [
          bigint,
          string,
          bigint,
          string,
        ];
        logs.push({
          height: Number(height),
          rootHash: strip0x(rootHash),
          treeSize: Number(treeSize),
          blockHash: strip0x(blockHash),
        });
      }
      return logs;
    },
    close() {
      provider.destroy();
    },
  };
}

/** Deploys a new EvidenceAnchor owned by the signer (chain:dev, tests); returns its address. */
export async function deployEvidenceAnchor(signer: Signer): Promise<string> {
  const { abi, bytecode } = loadAnchorArtifact();
  const factory = new ContractFactory(abi as never, bytecode, signer);
  const contract = await factory.deploy();
  await contract.waitForDeployment();
  return contract.getAddress();
}

export type { Provider };
