import { useState } from 'react';
import { App, Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, type TRiskRule } from '@tracehub/contract';
import { call } from '../../api/client';
import { usePermissions } from '../../shared/permissions';
import { riskKeys } from './queries';

/**
 * The enabled switch of a rule's row: members with EditRule turn it; enabling a rule without factors is
 * refused by the server ("Please set factors before enabling this rule!"), shown by the client.
 */
export function RuleEnabledSwitch({ rule }: { rule: TRiskRule }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePermissions();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const toggle = async (enabled: boolean) => {
    setBusy(true);
    try {
      await call(api.risk.setEnabled, { id: rule.id, enabled });
      void message.success(t(enabled ? 'risk.enabledDone' : 'risk.disabledDone'));
      await queryClient.invalidateQueries({ queryKey: riskKeys.all });
    } catch {
      // Shown by the client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={rule.enabled}
      loading={busy}
      disabled={!can('EditRule')}
      onChange={(checked) => void toggle(checked)}
      aria-label={t('risk.fields.enabled')}
      data-testid={`risk-rule-enabled-${rule.id}`}
    />
  );
}
