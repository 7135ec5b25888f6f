import { ResourceList } from '../../shared/list/ResourceList';
import { auditResource } from './auditResource';

/** Member audit (spec 2.2 /account/audit). */
export default function AuditListPage() {
  return <ResourceList resource={auditResource} />;
}
