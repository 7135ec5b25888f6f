import { ResourceList } from '../../shared/list/ResourceList';
import { logList } from './logList';

/** System log (spec 2.2 /log/list). */
export default function LogListPage() {
  return <ResourceList resource={logList} />;
}
