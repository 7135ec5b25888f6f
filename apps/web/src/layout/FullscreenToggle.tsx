import { useEffect, useState } from 'react';
import { App } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function FullscreenToggle() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const sync = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(t('layout.fullscreen.unsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };

  const label = active ? t('layout.fullscreen.exit') : t('layout.fullscreen.enter');
  return (
    <button type="button" className="icon-button" onClick={toggle} aria-label={label} title={label}>
      {active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
    </button>
  );
}
