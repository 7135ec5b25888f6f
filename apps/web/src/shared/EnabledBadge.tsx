import type { TFunction } from 'i18next';
import { StatusBadge } from './StatusBadge';
import type { TOption, TRenderContext } from './options';

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
