// `npm run contracts:build`: compiles contracts/EvidenceAnchor.sol with solc-js and writes the artifact
// (ABI and bytecode) the server deploys and calls. A test checks that the committed artifact matches.
import fs from 'node:fs';
import { compileEvidenceAnchor } from '../platform/chain/compile.ts';
import { ARTIFACT_FILE } from '../platform/chain/artifact.ts';

const artifact = compileEvidenceAnchor();
fs.writeFileSync(ARTIFACT_FILE, `${JSON.stringify(artifact, null, 2)}\n`);
console.log(
  `Wrote ${ARTIFACT_FILE} (${artifact.compiler}, ${(artifact.bytecode.length - 2) / 2} bytes of code)`,
);
