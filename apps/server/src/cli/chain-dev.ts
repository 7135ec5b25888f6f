// `npm run chain:dev`: a local EVM node (Hardhat's in-process EVM over HTTP JSON-RPC) with the EvidenceAnchor
// contract deployed; prints the settings that switch anchoring on. The chain lives in memory: restart it and
// the server's recorded anchors no longer exist on it (ledger:verify says so). Use a persistent node (Besu,
// FISCO BCOS, geth --dev) for anything longer-lived.
import { startDevChain } from '../platform/chain/dev-chain.ts';

const port = Number(process.env.CHAIN_DEV_PORT ?? 8545);
const chain = await startDevChain(port);
console.log(
  `Local EVM chain ${chain.chainId} at ${chain.rpcUrl}; EvidenceAnchor at ${chain.contractAddress}.`,
);
console.log('Start the server with these settings to anchor every sealed block:\n');
console.log(`  CHAIN_RPC_URL=${chain.rpcUrl}`);
console.log(`  CHAIN_PRIVATE_KEY=${chain.privateKey}`);
console.log(`  CHAIN_CONTRACT_ADDRESS=${chain.contractAddress}`);
console.log(`  CHAIN_ID=${chain.chainId}`);
console.log('\nPress Ctrl-C to stop.');
const stop = () => void chain.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
