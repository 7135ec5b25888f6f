import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../shared/list/ResourceList';
import { auditList } from './auditList';
import { logList } from './logList';

const SIGN_INS = 'signIns';

/**
 * System log (spec 2.2 /log/list): data changes (the audit trail, default) and sign-ins (the account log).
 * Both lists keep their state in the URL, so the tab is there too and switching starts the other list afresh.
 */
export default function LogListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === SIGN_INS ? SIGN_INS : 'changes';
  return (
    <Tabs
      activeKey={tab}
      destroyOnHidden
      onChange={(key) => setParams(key === SIGN_INS ? { tab: SIGN_INS } : {}, { replace: true })}
      items={[
        {
          key: 'changes',
          label: <span data-testid="log-tab-changes">{t('log.tabs.changes')}</span>,
          children: <ResourceList resource={auditList} />,
        },
        {
          key: SIGN_INS,
          label: <span data-testid="log-tab-signIns">{t('log.tabs.signIns')}</span>,
          children: <ResourceList resource={logList} />,
        },
      ]}
    />
  );
}
