import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../paths.ts';

/** The compiled EvidenceAnchor contract as committed in contracts/EvidenceAnchor.json. */
export interface AnchorArtifact {
  contractName: 'EvidenceAnchor';
  compiler: string;
  settings: { optimizer: { enabled: boolean; runs: number }; evmVersion: string };
  abi: unknown[];
  bytecode: string;
}

export const ARTIFACT_FILE = path.join(REPO_ROOT, 'contracts', 'EvidenceAnchor.json');

let cached: AnchorArtifact | null = null;

export function loadAnchorArtifact(): AnchorArtifact {
  cached ??= JSON.parse(fs.readFileSync(ARTIFACT_FILE, 'utf8')) as AnchorArtifact;
  return cached;
}
