import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type TImportRecord } from '@tracehub/contract';
import { call } from '../../api/client';
import { InviteFailures } from './InviteFailures';
import { partnerKeys } from './queries';

/** Under a finished partner import: the partners it was asked to invite whose invitation failed. */
export function ImportInviteFailures({ record }: { record: TImportRecord }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: partnerKeys.importFailures(record.id),
    queryFn: ({ signal }) => call(api.partner.importInviteFailures, { importId: record.id }, { signal }),
    enabled: record.successNum > 0,
  });
  const failed = query.data ?? [];
  if (failed.length === 0) return null;
  return (
    <InviteFailures title={t('partner.invite.importFailedTitle', { count: failed.length })} failed={failed} />
  );
}
