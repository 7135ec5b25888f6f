import { ResourceList } from '../../../shared/list/ResourceList';
import { operatorTicketResource } from './operatorTicketResource';

/** Operator end: the work-order queue of every enterprise. */
export default function OperatorTicketsPage() {
  return <ResourceList resource={operatorTicketResource} />;
}
