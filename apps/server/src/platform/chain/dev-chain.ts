// A local EVM chain for development and tests: Hardhat's in-process EVM (EDR), served over HTTP JSON-RPC so
// the server talks to it exactly as to any Ethereum node, with the EvidenceAnchor contract deployed.
// Hardhat is a development dependency: only `npm run chain:dev` and tests import this module.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BrowserProvider, Wallet, type Eip1193Provider } from 'ethers';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import { deployEvidenceAnchor } from './anchor-chain.ts';

/** Account #0 of Hardhat's well-known development mnemonic ("test test ... junk"): never use it elsewhere. */
export const DEV_CHAIN_PRIVATE_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

export interface DevChain {
  rpcUrl: string;
  chainId: number;
  privateKey: string;
  contractAddress: string;
  /** The node's EIP-1193 provider, for tests that act on the chain directly. */
  provider: Eip1193Provider;
  close(): Promise<void>;
}

interface RpcRequest {
  jsonrpc?: string;
  id?: number | string | null;
  method: string;
  params?: unknown[];
}

async function answer(provider: Eip1193Provider, req: RpcRequest) {
  try {
    const result: unknown = await provider.request({ method: req.method, params: req.params ?? [] });
    return { jsonrpc: '2.0', id: req.id ?? null, result };
  } catch (err) {
    const e = err as { code?: number; message?: string; data?: unknown };
    return {
      jsonrpc: '2.0',
      id: req.id ?? null,
      error: { code: e.code ?? -32603, message: e.message ?? 'internal error', data: e.data },
    };
  }
}

/** Starts the node on 127.0.0.1:`port` (0: any free port) and deploys the contract. */
export async function startDevChain(port = 0): Promise<DevChain> {
  const hre = await createHardhatRuntimeEnvironment({});
  const connection = await hre.network.connect();
  const provider = connection.provider as unknown as Eip1193Provider;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      void (async () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = null;
        }
        const reply = Array.isArray(body)
          ? await Promise.all(body.map((r) => answer(provider, r as RpcRequest)))
          : body && typeof body === 'object'
            ? await answer(provider, body as RpcRequest)
            : { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;

  const ethersProvider = new BrowserProvider(provider);
  const deployer = new Wallet(DEV_CHAIN_PRIVATE_KEY, ethersProvider);
  const contractAddress = await deployEvidenceAnchor(deployer);
  const chainId = Number((await ethersProvider.getNetwork()).chainId);

  return {
    rpcUrl: `http://127.0.0.1:${bound}`,
    chainId,
    privateKey: DEV_CHAIN_PRIVATE_KEY,
    contractAddress,
    provider,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await connection.close();
    },
  };
}
