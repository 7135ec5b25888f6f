import { ResourceList } from '../../shared/list/ResourceList';
import { roleResource } from './roleResource';

/** Roles (spec 2.2 /account/role). */
export default function RoleListPage() {
  return <ResourceList resource={roleResource} />;
}
