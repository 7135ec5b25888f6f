import { ResourceList } from '../../shared/list/ResourceList';
import { messageList } from './messageList';

/** The message list (spec 2.2 /message/list). */
export default function MessageListPage() {
  return <ResourceList resource={messageList} />;
}
