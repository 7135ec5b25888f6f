import { ResourceList } from '../../../shared/list/ResourceList';
import { outboxResource } from './outboxResource';

/** Operator end: the mail outbox. */
export default function OutboxPage() {
  return <ResourceList resource={outboxResource} />;
}
