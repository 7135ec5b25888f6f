// The public face of the checking module: what other modules may use of it (docs/structure.md). Daily
// monitoring (modules/monitor) runs its days as automatic troubleshooting tasks and reads their results.
export { checkById, kindOf } from './checks/index.ts';
export { RULE_PACKAGES, isMandatory, rulePackage, type RulePackage } from './packages.ts';
export {
  checkingTaskRow,
  findingsPage,
  findingsWhere,
  latestCompletedTask,
  ownEnterprise,
  resultsByCheck,
  type CheckingTaskRow,
} from './repo.ts';
export { createTask, toFinding } from './service.ts';
