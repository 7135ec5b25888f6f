import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TEndpoint } from '@tracehub/contract';
import { call } from '../../api/client';
import { DetailCard } from '../DetailCard';
import type { TListItem, TResource } from './types';
import { useResourceActions } from './useResourceActions';
import '../form/form.css';

/**
 * The detail page of a resource: the record named by the route's id in a 2-column detail card, with the
 * row actions the session may use (the same declarations as the list), and room for more cards below.
 */
export function ResourceDetail<E extends TEndpoint>({
  resource,
  children,
}: {
  resource: TResource<E>;
  /** Further cards about the record (a role's permissions). */
  children?: (record: TListItem<E>) => ReactNode;
}) {
  type TRow = TListItem<E>;
  const { t } = useTranslation();
  const detail = resource.detail;
  const id = Number(useParams()[detail?.param ?? 'id']);
  const valid = Number.isInteger(id) && id > 0 && detail !== undefined;
  const actions = useResourceActions(resource);
  const query = useQuery({
    queryKey: resource.keys.detail?.(id) ?? [...resource.keys.all, 'detail', id],
    queryFn: () => call(detail?.endpoint as TEndpoint, { id }) as Promise<TRow>,
    enabled: valid,
  });
  if (!detail) return null;
  const record = query.data;
  return (
    <div className="page-stack" data-testid={`detail-${resource.name}`}>
      <DetailCard
        title={t(detail.title)}
        record={record}
        fields={detail.fields}
        loading={query.isPending && valid}
        extra={record ? actions.renderRowActions(record, { inDetail: true }) : null}
      />
      {record && children?.(record)}
      {actions.dialogElement}
    </div>
  );
}
