import {
  MONITOR_REASON_LABELS,
  MONITOR_STATE_LABELS,
  type TDailyReport,
  type TLang,
  type TMonitorState,
} from '@tracehub/contract';
import { StatusBadge, type TBadgeColour } from '../../shared/StatusBadge';

const STATE_COLOURS: Readonly<Record<TMonitorState, TBadgeColour>> = {
  notValidated: 'grey',
  normal: 'green',
  abnormal: 'red',
};

/** The report's state (spec: not validated, normal, abnormal) as a badge. */
export function StateBadge({ report, lang }: { report: TDailyReport; lang: TLang }) {
  return (
    <StatusBadge colour={STATE_COLOURS[report.state]} testId={`monitor-state-${report.date}`}>
      {MONITOR_STATE_LABELS[report.state][lang]}
    </StatusBadge>
  );
}

/** Why a report is not validated, in words; nothing once it is. */
export const reasonText = (report: TDailyReport, lang: TLang): string =>
  report.reason ? MONITOR_REASON_LABELS[report.reason][lang] : '';

/** The package a report ran: id and version. */
export const packageText = (report: TDailyReport): string => `${report.packageId} v${report.packageVersion}`;
