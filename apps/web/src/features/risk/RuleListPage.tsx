import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../shared/list/ResourceList';
import { riskAreaResource, riskRuleResource } from './riskResources';

const AREAS = 'areas';

/**
 * Risk rules and risk areas (spec 2.2 /rule/list). Both lists keep their state in the URL, so the tab is
 * there too and switching starts the other list afresh (as the system log does).
 */
export default function RuleListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === AREAS ? AREAS : 'rules';
  return (
    <Tabs
      activeKey={tab}
      destroyOnHidden
      onChange={(key) => setParams(key === AREAS ? { tab: AREAS } : {}, { replace: true })}
      items={[
        {
          key: 'rules',
          label: <span data-testid="risk-tab-rules">{t('risk.tabs.rules')}</span>,
          children: <ResourceList resource={riskRuleResource} />,
        },
        {
          key: AREAS,
          label: <span data-testid="risk-tab-areas">{t('risk.tabs.areas')}</span>,
          children: <ResourceList resource={riskAreaResource} />,
        },
      ]}
    />
  );
}
