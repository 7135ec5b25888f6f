import { useState } from 'react';
import { Table, Tag, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, LIMITS, type TCarbonResult } from '@tracehub/contract';
import { call } from '../../api/client';
import { EMPTY_TEXT, formatDateTime } from '../../shared/format';
import { EvidenceFile } from '../ledger/EvidenceFile';
import { HashText } from '../ledger/HashText';
import { carbonText, PRODUCT_CODE } from './carbonFields';
import { productKeys } from './queries';

const PAGE_SIZE = LIMITS.defaultPageSize;

/**
 * A product's carbon footprint uploads, newest (the current one) first, each with its LCA report, the
 * report's SHA-256 and the chain status of the upload's evidence.
 */
export function CarbonHistory({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const request = { productId, pageNo, pageSize: PAGE_SIZE };
  const query = useQuery({
    queryKey: productKeys.carbonHistory(request),
    queryFn: ({ signal }) => call(api.carbon.queryCarbonFootprintList, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
  const newestId = pageNo === 1 ? query.data?.list[0]?.id : undefined;
  const columns: TableColumnsType<TCarbonResult> = [
    {
      key: 'baseYear',
      title: t('product.carbon.fields.baseYear'),
      width: 170,
      render: (_: unknown, r) => (
        <>
          {r.baseYear}
          {r.id === newestId && (
            <Tag color="green" className="carbon-current-tag" data-testid="carbon-current">
              {t('product.carbon.current')}
            </Tag>
          )}
        </>
      ),
    },
    {
      key: 'calculationResults',
      title: t('product.carbon.fields.calculationResults'),
      width: 160,
      render: (_: unknown, r) => carbonText(r.calculationResults),
    },
    {
      key: 'lcaFile',
      title: t('product.carbon.fields.lcaFile'),
      width: 240,
      render: (_: unknown, r) => (
        <EvidenceFile
          file={{ fileKey: r.fileKey, fileName: r.lcaFileName }}
          chain={r.chain}
          permission={`${PRODUCT_CODE}:ViewBCdata`}
          testId="carbon-history-lca"
        />
      ),
    },
    {
      key: 'lcaFileHash',
      title: t('product.carbon.fields.lcaFileHash'),
      width: 170,
      render: (_: unknown, r) => <HashText value={r.lcaFileHash} short />,
    },
    {
      key: 'authority',
      title: t('product.carbon.fields.authority'),
      width: 160,
      render: (_: unknown, r) => r.authenticationOrganization || EMPTY_TEXT,
    },
    { key: 'operator', title: t('product.carbon.fields.operator'), width: 120, dataIndex: 'operator' },
    {
      key: 'createdAt',
      title: t('product.carbon.fields.createdAt'),
      width: 170,
      render: (_: unknown, r) => formatDateTime(r.createdAt),
    },
  ];
  return (
    <Table<TCarbonResult>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={query.data?.list ?? []}
      loading={query.isFetching}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('product.carbon.none') }}
      pagination={{
        current: pageNo,
        pageSize: PAGE_SIZE,
        total: query.data?.total ?? 0,
        hideOnSinglePage: true,
        onChange: setPageNo,
      }}
      data-testid="carbon-history"
    />
  );
}
