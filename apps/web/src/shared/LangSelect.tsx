import { Dropdown, App } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TLang } from '@tracehub/contract';
import { changeLang, i18n, isLang, useLang } from '../i18n';

const LANG_LABELS: Record<TLang, string> = { zh: '中文', en: 'English' };

/** Language dropdown (spec 2.5): stores the cookie and confirms in the newly chosen language. */
export function LangSelect({ className }: { className?: string }) {
  const lang = useLang();
  const { t } = useTranslation();
  const { message } = App.useApp();

  const choose = async (next: string) => {
    if (!isLang(next) || next === lang) return;
    await changeLang(next);
    void message.success(i18n.t('common.lang.switched'));
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: (Object.keys(LANG_LABELS) as TLang[]).map((key) => ({
          key,
          label: <span data-testid={`lang-option-${key}`}>{LANG_LABELS[key]}</span>,
        })),
        selectable: true,
        selectedKeys: [lang],
        onClick: ({ key }) => void choose(key),
      }}
    >
      <button
        type="button"
        className={`icon-button lang-select ${className ?? ''}`}
        // The name includes the text shown (WCAG 2.5.3): "切换语言: 中文".
        aria-label={`${t('common.lang.label')}: ${LANG_LABELS[lang]}`}
        title={t('common.lang.label')}
        data-testid="lang-select"
      >
        <TranslationOutlined />
        <span className="lang-select-text">{LANG_LABELS[lang]}</span>
      </button>
    </Dropdown>
  );
}
