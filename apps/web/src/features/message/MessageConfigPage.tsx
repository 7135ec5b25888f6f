import { App, Card, Switch, Table } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, MESSAGE_TYPES, type TMessageConfigItem } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { messageKeys } from './queries';

/** Message settings (spec 2.2 /message/config): per type, received in the console and also by e-mail. */
export default function MessageConfigPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const configs = useQuery({
    queryKey: messageKeys.configs(),
    queryFn: () => call(api.message.selectMessageConfigList, {}),
  });
  const update = useMutation({
    mutationFn: (item: TMessageConfigItem) => call(api.message.updateMessageConfigStatus, item),
    onSuccess: (saved) => {
      queryClient.setQueryData<TMessageConfigItem[]>(messageKeys.configs(), (old) =>
        old?.map((c) => (c.type === saved.type ? saved : c)),
      );
      void message.success(t('message.config.saved'));
    },
  });

  const toggle = (item: TMessageConfigItem, field: 'receive' | 'email') => (checked: boolean) =>
    update.mutate({ ...item, [field]: checked });

  return (
    <Card>
      <Table<TMessageConfigItem>
        rowKey="type"
        size="middle"
        pagination={false}
        loading={configs.isPending}
        dataSource={configs.data ?? []}
        data-testid="message-config-table"
        columns={[
          {
            key: 'type',
            title: t('message.fields.type'),
            render: (_v, item) => MESSAGE_TYPES[item.type].name[lang],
          },
          {
            key: 'receive',
            title: t('message.config.receive'),
            width: 180,
            render: (_v, item) => (
              <Switch
                checked={item.receive}
                loading={update.isPending && update.variables.type === item.type}
                onChange={toggle(item, 'receive')}
                aria-label={`${MESSAGE_TYPES[item.type].name[lang]} ${t('message.config.receive')}`}
                data-testid={`message-config-receive-${item.type}`}
              />
            ),
          },
          {
            key: 'email',
            title: t('message.config.email'),
            width: 180,
            render: (_v, item) => (
              <Switch
                checked={item.email}
                disabled={!MESSAGE_TYPES[item.type].email}
                loading={update.isPending && update.variables.type === item.type}
                onChange={toggle(item, 'email')}
                aria-label={`${MESSAGE_TYPES[item.type].name[lang]} ${t('message.config.email')}`}
                data-testid={`message-config-email-${item.type}`}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
