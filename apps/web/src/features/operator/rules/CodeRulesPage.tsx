import { ResourceList } from '../../../shared/list/ResourceList';
import { codeRuleResource } from './codeRuleResource';

/** Operator end: code rules. */
export default function CodeRulesPage() {
  return <ResourceList resource={codeRuleResource} />;
}
