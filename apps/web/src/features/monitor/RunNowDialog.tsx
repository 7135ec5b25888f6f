import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api, type TDailyReport } from '@tracehub/contract';
import { call } from '../../api/client';
import { FormDialog } from '../../shared/form/FormDialog';
import type { TFormValues } from '../../shared/form/types';
import type { TResourceDialogProps } from '../../shared/list/types';
import { MONITOR_ROUTES, monitorKeys } from './queries';

const ZDay = z.custom<Dayjs>((v) => dayjs.isDayjs(v), { message: 'v.required' });

/** Monitors a chosen day now (today or earlier), then opens its report. */
export function RunNowDialog({ onClose }: TResourceDialogProps<TDailyReport>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <FormDialog
      title={t('monitor.runNow.title')}
      schema={api.monitor.runNow.input}
      fields={[
        {
          name: 'day',
          label: 'monitor.runNow.day',
          schema: ZDay,
          extra: 'monitor.runNow.hint',
          render: () => (
            <DatePicker
              style={{ width: '100%' }}
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
              data-testid="monitor-run-day"
            />
          ),
        },
      ]}
      initialValues={{ day: dayjs() }}
      prepare={(v: TFormValues) => ({ date: (v.day as Dayjs).format('YYYY-MM-DD') })}
      submit={(request) => call(api.monitor.runNow, request)}
      success="monitor.runNow.done"
      invalidates={monitorKeys.all}
      onDone={(report) => void navigate(MONITOR_ROUTES.detail((report as TDailyReport).id))}
      onClose={onClose}
      testId="monitor-run-dialog"
    />
  );
}
