import { ResourceList } from '../../../shared/list/ResourceList';
import { certificationResource } from './certificationResource';

/** Operator end: the certification audit queue. */
export default function CertificationAuditPage() {
  return <ResourceList resource={certificationResource} />;
}
