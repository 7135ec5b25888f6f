import { Card, Empty } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../shared/list/ResourceList';
import { findingResource } from './findingResource';
import { parseCheckRecordId } from './queries';

/** /dataChecking/checkLog/errorData/:enterpriseCheckRecordId: one company's abnormal data in a task. */
export default function ErrorDataPage() {
  const { t } = useTranslation();
  // The record id is the task's and the company's together: the page gives both to the list.
  const record = parseCheckRecordId(useParams().enterpriseCheckRecordId);
  return (
    <Card title={t('checking.actions.errorData')}>
      {record ? <ResourceList resource={findingResource} fixed={record} /> : <Empty />}
    </Card>
  );
}
