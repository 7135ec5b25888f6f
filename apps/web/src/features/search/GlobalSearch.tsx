import { useEffect, useState } from 'react';
import { AutoComplete, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, pageTitle, SEARCH_LIMITS, SEARCHABLE_PAGES, type TSearchHit } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { usePermissions } from '../../shared/permissions';
import './search.css';

/** How long typing pauses before the search is sent. */
const DEBOUNCE_MS = 300;

/** Where a hit opens: its page's route, searched for the record (or a project's drill-down). */
export const hitPath = (hit: TSearchHit) => `/${hit.route}?${new URLSearchParams(hit.query).toString()}`;

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

/**
 * Find anything (issue 15, item 12): a box in the navbar for a document number, batch, VIN/SN, partner,
 * material, product or project code. Hits are grouped by the page that shows them (named as in the
 * sidebar); choosing one opens that page searched for it. Shown to members who hold a searchable page.
 */
export function GlobalSearch() {
  const can = usePermissions();
  return SEARCHABLE_PAGES.some((page) => can(page)) ? <SearchBox /> : null;
}

function SearchBox() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim());
  const enabled = keyword.length >= SEARCH_LIMITS.keywordMin;
  const result = useQuery({
    queryKey: ['search', keyword],
    queryFn: ({ signal }) => call(api.search.global, { keyword }, { silent: true, signal }),
    enabled,
    staleTime: 10_000,
  });
  const hits = enabled ? (result.data?.hits ?? []) : [];
  const groups = new Map<string, TSearchHit[]>();
  for (const hit of hits) groups.set(hit.page, [...(groups.get(hit.page) ?? []), hit]);
  const options = [...groups].map(([page, pageHits]) => ({
    label: <span className="global-search-group">{pageTitle(page)?.[lang] ?? page}</span>,
    options: pageHits.map((hit) => ({
      value: hitPath(hit),
      label: (
        <div className="global-search-hit" data-testid="global-search-hit" data-kind={hit.kind}>
          <span className="global-search-title">{hit.title}</span>
          {hit.detail && <span className="global-search-detail">{hit.detail}</span>}
        </div>
      ),
    })),
  }));
  const notFound = enabled && result.isSuccess && hits.length === 0;
  return (
    <AutoComplete
      className="global-search"
      value={text}
      options={options}
      onChange={setText}
      onSelect={(path: string) => {
        setText('');
        void navigate(path);
      }}
      popupMatchSelectWidth={360}
      notFoundContent={notFound ? t('search.noHits') : null}
      data-testid="global-search"
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        maxLength={SEARCH_LIMITS.keywordMax}
        data-testid="global-search-input"
      />
    </AutoComplete>
  );
}
