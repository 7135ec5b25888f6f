import fs from 'node:fs';
import path from 'node:path';
import solc from 'solc';
import { REPO_ROOT } from '../../paths.ts';
import type { AnchorArtifact } from './artifact.ts';

export const CONTRACT_SOURCE = path.join(REPO_ROOT, 'contracts', 'EvidenceAnchor.sol');

/**
 * Compiles contracts/EvidenceAnchor.sol with solc-js (a development dependency: the server itself only
 * reads the committed artifact). The target EVM is 'paris' (no PUSH0), which private chains such as
 * Hyperledger Besu and FISCO BCOS run as well as public ones.
 */
export function compileEvidenceAnchor(): AnchorArtifact {
  const input = {
    language: 'Solidity',
    sources: { 'EvidenceAnchor.sol': { content: fs.readFileSync(CONTRACT_SOURCE, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'paris',
      // No metadata hash: the bytecode then depends only on the source and settings, so a fresh compile
      // can be compared byte for byte with the committed artifact.
      metadata: { bytecodeHash: 'none' },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const compiled = output.contracts['EvidenceAnchor.sol']?.EvidenceAnchor;
  if (!compiled) throw new Error('solc produced no EvidenceAnchor contract');
  return {
    contractName: 'EvidenceAnchor',
    compiler: `solc ${solc.version()}`,
    settings: { optimizer: input.settings.optimizer, evmVersion: input.settings.evmVersion },
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}`,
  };
}
