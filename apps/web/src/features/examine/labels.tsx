import type { TFunction } from 'i18next';
import { EXAMINE_STATUS } from '@tracehub/contract';
import { StatusBadge } from '../../shared/StatusBadge';
import type { TOption, TRenderContext } from '../../shared/options';

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
