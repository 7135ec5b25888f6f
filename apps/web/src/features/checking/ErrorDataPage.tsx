import { Card, Empty } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FindingsTable } from './FindingsTable';
import { parseCheckRecordId } from './queries';

/** /dataChecking/checkLog/errorData/:enterpriseCheckRecordId: one company's abnormal data in a task. */
export default function ErrorDataPage() {
  const { t } = useTranslation();
  const record = parseCheckRecordId(useParams().enterpriseCheckRecordId);
  return (
    <Card title={t('checking.actions.errorData')}>
      {record ? <FindingsTable taskId={record.taskId} companyUuid={record.companyUuid} /> : <Empty />}
    </Card>
  );
}
