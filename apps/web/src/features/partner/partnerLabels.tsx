import {
  PARTNER_INVITE_STATUSES,
  PARTNER_SETTLEMENTS,
  PARTNER_TYPES,
  api,
  type TPartner,
  type TPartnerInviteFailure,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { remoteOptions, type TOption, type TRenderContext } from '../../shared/options';
import { StatusBadge } from '../../shared/StatusBadge';
import { partnerKeys } from './queries';

// How partners' types, settlement and invitations read in the console, and their select options.

export const typeOptions = ({ t }: TRenderContext): TOption[] =>
  PARTNER_TYPES.map((value) => ({ value, label: t(`partner.types.${value}`) }));

export const settlementOptions = ({ t }: TRenderContext): TOption[] =>
  PARTNER_SETTLEMENTS.map((value) => ({ value, label: t(`partner.settlement.${value}`) }));

export const inviteStatusOptions = ({ t }: TRenderContext): TOption[] =>
  PARTNER_INVITE_STATUSES.map((value) => ({ value, label: t(`partner.inviteStatus.${value}`) }));

/** Every tag of the enterprise's partners, for the tag filter. */
export const tagOptions = remoteOptions(
  partnerKeys.tags(),
  () => call(api.partner.tags, {}),
  (tag: string): TOption => ({ value: tag, label: tag }),
);

export const failureText = (reason: TPartnerInviteFailure, { t }: TRenderContext) =>
  t(`partner.inviteFailures.${reason}`);

export function SettlementBadge({
  partner,
  ctx,
}: {
  partner: Pick<TPartner, 'settled'>;
  ctx: TRenderContext;
}) {
  return (
    <StatusBadge colour={partner.settled ? 'green' : 'grey'} testId="partner-settlement">
      {ctx.t(`partner.settlement.${partner.settled ? 'settled' : 'unsettled'}`)}
    </StatusBadge>
  );
}

const INVITE_COLOURS = { none: 'grey', invited: 'blue', failed: 'red' } as const;

/** The last invitation's outcome; a failure names its reason. */
export function InviteBadge({ partner, ctx }: { partner: TPartner; ctx: TRenderContext }) {
  const label = ctx.t(`partner.inviteStatus.${partner.inviteStatus}`);
  return (
    <StatusBadge
      colour={INVITE_COLOURS[partner.inviteStatus]}
      testId={`invite-status-${partner.inviteStatus}`}
    >
      {partner.inviteError
        ? `${label}${ctx.lang === 'zh' ? '：' : ': '}${failureText(partner.inviteError, ctx)}`
        : label}
    </StatusBadge>
  );
}
