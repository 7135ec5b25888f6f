import type { ReactNode } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What a list shows without rows: after a search, that nothing matched; otherwise, for a list that is simply
 * empty (a new company's), the first steps the member may take: create, import, download the template.
 */
export function EmptyList({ filtered, starters }: { filtered: boolean; starters: ReactNode }) {
  const { t } = useTranslation();
  if (filtered) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('common.list.noMatch')}
        data-testid="list-empty-filtered"
      />
    );
  }
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <div>{t('common.noData')}</div>
          {starters && <div className="list-empty-hint">{t('common.list.emptyHint')}</div>}
        </>
      }
      data-testid="list-empty"
    >
      {starters}
    </Empty>
  );
}
