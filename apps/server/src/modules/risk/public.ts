import type { TRiskMatch } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { activeRiskSetup } from './repo.ts';
import { matchRisks, type RiskCounterparty } from './match.ts';

export { matchRisks, placeText, type RiskCounterparty } from './match.ts';
export { seedDemoRisk } from './seed.ts';

/**
 * The counterparties the enterprise's enabled risk rules and its risk areas flag (spec 2.3, issue 16): for
 * the troubleshooting and daily-monitoring work. `tx` is a transaction of the enterprise (withTenant) or the
 * platform's own handle; the rules and areas read are that enterprise's only. A counterparty's address is
 * its company's (enterprises.registered_address or operation_address: ISO country code, Chinese province and
 * city names); the caller passes it.
 */
export async function riskMatches(
  tx: Db,
  enterpriseUuid: string,
  counterparties: readonly RiskCounterparty[],
): Promise<TRiskMatch[]> {
  if (counterparties.length === 0) return [];
  const { rules, areas } = await activeRiskSetup(tx, { enterpriseUuid });
  return matchRisks(rules, areas, counterparties);
}

/** The enterprise's enabled rules with their factors and its risk areas: what matchRisks judges by. */
export const riskSetup = (tx: Db, enterpriseUuid: string): ReturnType<typeof activeRiskSetup> =>
  activeRiskSetup(tx, { enterpriseUuid });
