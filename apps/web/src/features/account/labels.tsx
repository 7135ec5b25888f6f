import type { TFunction } from 'i18next';
import { EXAMINE_STATUS, type TRole } from '@tracehub/contract';
import { StatusBadge } from '../../shared/StatusBadge';
import type { TOption, TRenderContext } from '../../shared/options';

type TStatus = 'enabled' | 'disabled';

/** Enabled (green) or disabled (grey), for members and roles. */
export function EnabledBadge({ status, t }: { status: TStatus; t: TFunction }) {
  return (
    <StatusBadge colour={status === 'enabled' ? 'green' : 'grey'} variant="dot" testId="status-badge">
      {t(status === 'enabled' ? 'account.status.enabled' : 'account.status.disabled')}
    </StatusBadge>
  );
}

export const statusOptions = ({ t }: TRenderContext): TOption[] => [
  { value: 'enabled', label: t('account.status.enabled') },
  { value: 'disabled', label: t('account.status.disabled') },
];

/** Data permission (spec 6): all company data, or the data of the member's own account. */
export function dataScopeLabel(scope: TRole['dataScope'], t: TFunction): string {
  return t(scope === 'company' ? 'account.dataScope.company' : 'account.dataScope.account');
}

const EXAMINE_BADGES = {
  [EXAMINE_STATUS.pending]: { colour: 'yellow', label: 'account.audit.status.pending' },
  [EXAMINE_STATUS.approved]: { colour: 'green', label: 'account.audit.status.approved' },
  [EXAMINE_STATUS.rejected]: { colour: 'red', label: 'account.audit.status.rejected' },
} as const;

export function ExamineBadge({ status, t }: { status: number; t: TFunction }) {
  const badge =
    EXAMINE_BADGES[status as keyof typeof EXAMINE_BADGES] ?? EXAMINE_BADGES[EXAMINE_STATUS.pending];
  return (
    <StatusBadge colour={badge.colour} testId="examine-status">
      {t(badge.label)}
    </StatusBadge>
  );
}

export const examineStatusOptions = ({ t }: TRenderContext): TOption[] =>
  (Object.keys(EXAMINE_BADGES) as unknown as (keyof typeof EXAMINE_BADGES)[]).map((value) => ({
    value: Number(value),
    label: t(EXAMINE_BADGES[value].label),
  }));
