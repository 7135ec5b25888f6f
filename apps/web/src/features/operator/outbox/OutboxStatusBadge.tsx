import { useTranslation } from 'react-i18next';
import { StatusBadge, type TBadgeColour } from '../../../shared/StatusBadge';

const COLOURS = { stored: 'blue', sent: 'green', failed: 'red' } as const satisfies Record<
  string,
  TBadgeColour
>;

export function OutboxStatusBadge({ status }: { status: keyof typeof COLOURS }) {
  const { t } = useTranslation();
  return (
    <StatusBadge colour={COLOURS[status]} variant="dot">
      {t(`operator.outbox.status.${status}`)}
    </StatusBadge>
  );
}
