import { ResourceList } from '../../../shared/list/ResourceList';
import { enterpriseResource } from './enterpriseResource';

/** Operator end: the enterprises on the platform. */
export default function EnterprisesPage() {
  return <ResourceList resource={enterpriseResource} />;
}
