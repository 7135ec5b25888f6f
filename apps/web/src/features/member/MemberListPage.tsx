import { ResourceList } from '../../shared/list/ResourceList';
import { memberResource } from './memberResource';

/** Members (spec 2.2 /account/member). */
export default function MemberListPage() {
  return <ResourceList resource={memberResource} />;
}
