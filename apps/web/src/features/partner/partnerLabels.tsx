import { api, partnerRecord, type TPartner, type TPartnerInviteFailure } from '@tracehub/contract';
import { call } from '../../api/client';
import { optionLabel } from '../../shared/list/recordResource';
import { remoteOptions, type TOption, type TRenderContext } from '../../shared/options';
import { StatusBadge } from '../../shared/StatusBadge';
import { partnerKeys } from './queries';

// How partners' settlement and invitations read in the console: the declaration's options as badges.

const { settled, inviteStatus, inviteError } = partnerRecord.fields;

/** Every tag of the enterprise's partners, for the tag filter. */
export const tagOptions = remoteOptions(
  partnerKeys.tags(),
  () => call(api.partner.tags, {}),
  (tag: string): TOption => ({ value: tag, label: tag }),
);

export const failureText = (reason: TPartnerInviteFailure, { lang }: Pick<TRenderContext, 'lang'>) =>
  optionLabel(inviteError, reason, lang) ?? reason;

export function SettlementBadge({
  partner,
  ctx,
}: {
  partner: Pick<TPartner, 'settled'>;
  ctx: TRenderContext;
}) {
  return (
    <StatusBadge colour={partner.settled ? 'green' : 'grey'} testId="partner-settlement">
      {optionLabel(settled, partner.settled, ctx.lang)}
    </StatusBadge>
  );
}

const INVITE_COLOURS = { none: 'grey', invited: 'blue', failed: 'red' } as const;

/** The last invitation's outcome; a failure names its reason. */
export function InviteBadge({ partner, ctx }: { partner: TPartner; ctx: TRenderContext }) {
  // A settled partner is on the platform already: there is nothing to invite it to.
  if (partner.settled && partner.inviteStatus === 'none') {
    return (
      <StatusBadge colour="green" testId="invite-status-settled">
        {ctx.t('partner.invite.notNeeded')}
      </StatusBadge>
    );
  }
  const label = optionLabel(inviteStatus, partner.inviteStatus, ctx.lang);
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
