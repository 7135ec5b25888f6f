import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError, reloadForNewChunks } from '../app/lazyPage';

function PageCrashed() {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('common.crash.title')}
      subTitle={t('common.crash.description')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.crash.reload')}
        </Button>
      }
    />
  );
}

interface TProps {
  children: ReactNode;
}

/** Keeps the layout usable when one page throws; a failed code chunk reloads the page instead. */
export class PageErrorBoundary extends Component<TProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    if (isChunkLoadError(error)) reloadForNewChunks();
  }

  override render(): ReactNode {
    return this.state.failed ? <PageCrashed /> : this.props.children;
  }
}
