import { ResourceList } from '../../shared/list/ResourceList';
import { evidenceTaskResource } from './evidenceTaskResource';

/** /task/taskList (named target TaskManagement): the evidence-package export tasks. */
export default function EvidenceTaskListPage() {
  return <ResourceList resource={evidenceTaskResource} />;
}
