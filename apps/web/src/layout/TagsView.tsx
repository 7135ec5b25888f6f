import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canCloseTab, useTabs, type TTab } from '../stores/tabs';
import { pickLangText, useLang } from '../i18n';
import { withCacheFlag } from '../shared/cacheFlag';
import type { TRouteMatch } from '../app/menuRoutes';
import { useTabActions } from './useTabActions';

type TTabCommand = 'refresh' | 'close' | 'closeOthers' | 'closeAll';
const MORE_MENU = '__more';

/** The row of visited pages (spec 2.5) with its context menu and the menu at the right end. */
export function TagsView({ match }: { match: TRouteMatch | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const tabs = useTabs((s) => s.tabs);
  const activeName = match?.route.name ?? null;
  const actions = useTabActions(activeName);
  const activeRef = useRef<HTMLAnchorElement>(null);
  // Which menu is open: a tab's context menu (by name) or the bar's own menu ('__more').
  const [openMenu, setOpenMenu] = useState<string | null>(null);

  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeName]);

  const menuFor = (tab: TTab): MenuProps => ({
    items: [
      { key: 'refresh', label: t('layout.tabs.refresh') },
      { key: 'close', label: t('layout.tabs.close'), disabled: !canCloseTab(tab, tabs) },
      { key: 'closeOthers', label: t('layout.tabs.closeOthers') },
      { key: 'closeAll', label: t('layout.tabs.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      setOpenMenu(null);
      const command = key as TTabCommand;
      if (command === 'refresh') actions.refresh(tab);
      else if (command === 'close') actions.close(tab);
      else if (command === 'closeOthers') actions.closeOthers(tab);
      else actions.closeAll();
    },
  });

  const onTabClick = (event: MouseEvent, tab: TTab) => {
    event.preventDefault();
    actions.open(tab);
  };
  // Middle click closes (and must not open the link in a new browser tab).
  const onAuxClick = (event: MouseEvent, tab: TTab) => {
    if (event.button !== 1) return;
    event.preventDefault();
    actions.close(tab);
  };

  const activeTab = tabs.find((tab) => tab.name === activeName);
  return (
    <div className="tags-view" data-testid="tags-view">
      <div className="tags-view-scroll">
        {tabs.map((tab) => {
          const active = tab.name === activeName;
          const closable = canCloseTab(tab, tabs);
          return (
            <Dropdown
              key={tab.name}
              trigger={['contextMenu']}
              menu={menuFor(tab)}
              open={openMenu === tab.name}
              onOpenChange={(open) => setOpenMenu(open ? tab.name : null)}
            >
              <a
                ref={active ? activeRef : undefined}
                href={withCacheFlag(tab.fullPath)}
                className={`tags-view-item${active ? ' active' : ''}`}
                data-testid="tab"
                data-name={tab.name}
                data-active={active ? '1' : '0'}
                onClick={(event) => onTabClick(event, tab)}
                onMouseDown={(event) => event.button === 1 && event.preventDefault()}
                onAuxClick={(event) => onAuxClick(event, tab)}
              >
                {pickLangText(lang, tab.title, tab.titleEn)}
                {closable && (
                  <CloseOutlined
                    className="tags-view-close"
                    data-testid="tab-close"
                    aria-label={t('layout.tabs.close')}
                    onClick={(event) => {
                      event.preventDefault();
                      event.stopPropagation();
                      actions.close(tab);
                    }}
                  />
                )}
              </a>
            </Dropdown>
          );
        })}
      </div>
      {activeTab && (
        <Dropdown
          trigger={['click']}
          menu={menuFor(activeTab)}
          placement="bottomRight"
          open={openMenu === MORE_MENU}
          onOpenChange={(open) => setOpenMenu(open ? MORE_MENU : null)}
        >
          <button
            type="button"
            className="tags-view-more"
            aria-label={t('layout.tabs.more')}
            title={t('layout.tabs.more')}
            data-testid="tabs-more"
          >
            <DownOutlined />
          </button>
        </Dropdown>
      )}
    </div>
  );
}
