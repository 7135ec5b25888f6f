import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import { cachedAnchorCheck } from '../../platform/chain/anchorer.ts';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { evidenceDetail } from './evidence-detail.ts';
import {
  block,
  chainRecordsPage,
  consistency,
  credential,
  didDocument,
  getHash,
  latest,
  platformKeyInfo,
  proof,
} from './service.ts';

/** The public ledger API (anyone may verify) and the enterprise's evidence records. */
export function ledgerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const pub = api.publicLedger;
  const key = deps.platformKey;
  registerEndpoint(app, deps, pub.key, async () => platformKeyInfo(key));
  registerEndpoint(app, deps, pub.latest, (_input, { db }) => latest(db));
  const checkAnchor = deps.chain ? cachedAnchorCheck(deps.chain) : undefined;
  registerEndpoint(app, deps, pub.block, (input, { db }) => block(db, input.height, checkAnchor));
  registerEndpoint(app, deps, pub.proof, (input, { db }) => proof(db, key, input, checkAnchor));
  registerEndpoint(app, deps, pub.consistency, (input, { db }) => consistency(db, key, input));
  registerEndpoint(app, deps, pub.did, (input, { db }) => didDocument(db, key, input.did));
  registerEndpoint(app, deps, pub.credential, (input, { db }) => credential(db, key, input.number));

  registerEndpoint(app, deps, api.ledger.getHash, (input, { db, tenant }) => getHash(db, tenant, input.hash));
  registerEndpoint(app, deps, api.ledger.getEvidence, (input, { db, tenant }) =>
    evidenceDetail(db, tenant, input.hash),
  );
  registerEndpoint(app, deps, api.ledger.queryProductChainRecordsPage, (input, { db, tenant }) =>
    chainRecordsPage(db, tenant, input),
  );
}
