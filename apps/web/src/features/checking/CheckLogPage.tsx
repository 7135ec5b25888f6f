import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../shared/list/ResourceList';
import { checkTaskResource } from './checkTaskResource';
import { companyTaskResource } from './companyTaskResource';

const COMPANY = 'company';

/**
 * /dataChecking/checkLog (spec: "tasks, abnormal data, company tasks"): the troubleshooting tasks, and the
 * company abnormal-data tasks in a second tab kept in the URL (?tab=company), where a message links to.
 */
export default function CheckLogPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === COMPANY ? COMPANY : 'tasks';
  return (
    <Tabs
      activeKey={tab}
      destroyOnHidden
      onChange={(key) => setParams(key === COMPANY ? { tab: COMPANY } : {}, { replace: true })}
      items={[
        {
          key: 'tasks',
          label: <span data-testid="check-tab-tasks">{t('checking.company.tabs.tasks')}</span>,
          children: <TroubleshootingTasks />,
        },
        {
          key: COMPANY,
          label: <span data-testid="check-tab-company">{t('checking.company.tabs.company')}</span>,
          children: <ResourceList resource={companyTaskResource} />,
        },
      ]}
    />
  );
}

/** The troubleshooting tasks (checkTaskResource). */
function TroubleshootingTasks() {
  return <ResourceList resource={checkTaskResource} />;
}
