import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TDocumentEndpoints } from '@tracehub/contract';
import { ResourceList } from '../../shared/list/ResourceList';
import type { TResource } from '../../shared/list/types';
import { returnListQuery } from './returnTarget';

/**
 * The purchase return list as the named target PurchaseReturn: a query naming the target is turned into
 * the list's own search fields first (replacing the address), then the list shows them filled in.
 */
export function PurchaseReturnList({ resource }: { resource: TResource<TDocumentEndpoints['page']> }) {
  const [params, setParams] = useSearchParams();
  const mapped = useMemo(() => returnListQuery(params), [params]);
  useEffect(() => {
    if (mapped) setParams(mapped, { replace: true });
  }, [mapped, setParams]);
  return mapped ? null : <ResourceList resource={resource} />;
}
