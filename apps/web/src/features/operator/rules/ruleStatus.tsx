import type { TRenderContext } from '../../../shared/options';
import { StatusBadge, type TBadgeColour } from '../../../shared/StatusBadge';

export const RULE_STATUS = ['default', 'inUse', 'unused'] as const;
export type TRuleStatus = (typeof RULE_STATUS)[number];

const COLOURS: Record<TRuleStatus, TBadgeColour> = { default: 'primary', inUse: 'green', unused: 'grey' };

/** Default, in use (some enterprise follows it) or unused (spec 4 "ID rule"). */
export function RuleStatusBadge({ status, ctx }: { status: TRuleStatus; ctx: TRenderContext }) {
  return (
    <StatusBadge colour={COLOURS[status]} testId="rule-status">
      {ctx.t(`operator.idRule.status.${status}`)}
    </StatusBadge>
  );
}

export const ruleStatusOptions = ({ t }: TRenderContext) =>
  RULE_STATUS.map((value) => ({ value, label: t(`operator.idRule.status.${value}`) }));
