import { ResourceList } from '../../shared/list/ResourceList';
import { gatewayKeyResource } from './gatewayKeyResource';

/** Gateway keys (spec 2.2 /secretkey/perkey). */
export default function GatewayKeyListPage() {
  return <ResourceList resource={gatewayKeyResource} />;
}
