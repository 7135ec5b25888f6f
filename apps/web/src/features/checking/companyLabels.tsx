import {
  COMPANY_TASK_RESULT_LABELS,
  COMPANY_TASK_STATE_LABELS,
  type TCompanyTaskResult,
  type TCompanyTaskState,
  type TLang,
} from '@tracehub/contract';
import { StatusBadge, type TBadgeColour } from '../../shared/StatusBadge';

const STATE_COLOURS: Readonly<Record<TCompanyTaskState, TBadgeColour>> = {
  pending: 'yellow',
  troubleshooting: 'blue',
  processing: 'blue',
  resolved: 'green',
  rejected: 'red',
  closed: 'grey',
};

/** A company task's state as a badge (spec 4's six states). */
export function CompanyTaskStateBadge({ state, lang }: { state: TCompanyTaskState; lang: TLang }) {
  return (
    <StatusBadge colour={STATE_COLOURS[state]} testId={`company-task-state-${state}`}>
      {COMPANY_TASK_STATE_LABELS[state][lang]}
    </StatusBadge>
  );
}

export const resultText = (result: TCompanyTaskResult | null, lang: TLang): string | null =>
  result ? COMPANY_TASK_RESULT_LABELS[result][lang] : null;

/** A company's name in the reader's language (the Chinese one where it has no English name). */
export const nameIn = (c: { name: string; nameEn: string }, lang: TLang): string =>
  lang === 'en' && c.nameEn ? c.nameEn : c.name;
