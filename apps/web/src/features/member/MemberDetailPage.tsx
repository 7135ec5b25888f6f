import { ResourceDetail } from '../../shared/list/ResourceDetail';
import { memberResource } from './memberResource';

/** One member (spec 2.2 /account/member/memberDetail/:id). */
export default function MemberDetailPage() {
  return <ResourceDetail resource={memberResource} />;
}
