import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '@tracehub/contract';
import { call } from '../../api/client';
import { roleKeys } from './queries';
import { permissionNodes } from './permissionTree';

/** The configurable function-permission tree (modules, pages, operations) from api.role.menuTree. */
export function usePermissionNodes() {
  const query = useQuery({ queryKey: roleKeys.menuTree(), queryFn: () => call(api.role.menuTree, {}) });
  const nodes = useMemo(() => permissionNodes(query.data ?? []), [query.data]);
  return { nodes, isPending: query.isPending };
}
