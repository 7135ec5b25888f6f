import { useMemo, type ReactNode } from 'react';
import { App, ConfigProvider, Empty } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../api/queryClient';
import { useLang } from '../i18n';
import { useReducedMotion } from '../shared/useMediaQuery';
import { theme } from './theme';
import { FeedbackBridge } from './bridges';
import { cspNonce } from './csp';
// Fills the slots of shared/ with the features' pieces before anything renders.
import './slots';

/** antd (theme, locale following the language), its App context for messages, and TanStack Query. */
export function AppProviders({ children }: { children: ReactNode }) {
  const lang = useLang();
  const { t } = useTranslation();
  const reducedMotion = useReducedMotion();
  const themed = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <ConfigProvider
      locale={lang === 'en' ? enUS : zhCN}
      theme={themed}
      csp={cspNonce ? { nonce: cspNonce } : undefined}
      button={{ autoInsertSpace: false }}
      renderEmpty={() => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />}
    >
      <App message={{ maxCount: 3 }}>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
