import { ResourceList } from '../../../shared/list/ResourceList';
import { idRuleResource } from './idRuleResource';

/** Operator end: ID rules. */
export default function IdRulesPage() {
  return <ResourceList resource={idRuleResource} />;
}
