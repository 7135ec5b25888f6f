import { useMemo } from 'react';
import { App, Button } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  LINKABLE_KINDS,
  type TLinkCandidate,
  type TMaterialRelation,
  type TMaterialRelationEndpoints,
  type TRelationDirection,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { useConfirm } from '../../shared/confirm';
import { DetailCard } from '../../shared/DetailCard';
import { ResourceList } from '../../shared/list/ResourceList';
import {
  defineResource,
  type TOption,
  type TRenderContext,
  type TResource,
  type TSearchField,
} from '../../shared/list/types';
import { usePermissions } from '../../shared/permissions';
import { StatusBadge } from '../../shared/StatusBadge';
import { DIRECTIONS, ownItemText, type TDirection } from './directions';
import { relationKeys } from './queries';
import './materialRelation.css';
import { detailFields } from './relationResource';

type TCandidatesEndpoint = TMaterialRelationEndpoints['candidates'];

/** The mapping a candidate row acts on: the route's id, which the list sends with every request. */
const mappingId = (request: Record<string, unknown>) => Number(request.id);

function kindSearch(d: TDirection): TSearchField[] {
  const kinds = LINKABLE_KINDS[d.direction];
  if (kinds.length < 2) return [];
  return [
    {
      type: 'select',
      prop: 'kind',
      label: 'materialRelation.fields.kind',
      defaultValue: kinds[0],
      options: ({ t }: TRenderContext): TOption[] =>
        kinds.map((value) => ({ value, label: t(`materialRelation.kinds.${value}`) })),
    },
  ];
}

/**
 * The link page's list: the enterprise's own items the mapping can be linked to (purchased materials for
 * a supplier, products or materials for a client), searchable, each linked or linkable in one click.
 */
function candidatesResourceOf(d: TDirection): TResource<TCandidatesEndpoint> {
  const keys = relationKeys(d.direction);
  return defineResource({
    name: `basicData/${d.route}/link`,
    endpoint: d.endpoints.candidates,
    // Below the direction's key: a link refreshes the mapping above and the lists too.
    keys: { all: keys.all, list: keys.candidates },
    rowKey: 'id',
    routeParams: ['id'],
    columns: [
      ...(LINKABLE_KINDS[d.direction].length > 1
        ? [
            {
              key: 'kind',
              label: 'materialRelation.fields.kind',
              width: 100,
              render: (r: TLinkCandidate, { t }: TRenderContext) => t(`materialRelation.kinds.${r.kind}`),
            } as const,
          ]
        : []),
      { key: 'code', label: 'materialRelation.fields.code', width: 180, sortable: true },
      {
        key: 'name',
        label: 'materialRelation.fields.name',
        width: 220,
        sortable: true,
        render: (r, { lang }) => (lang === 'en' && r.nameEn ? r.nameEn : r.name),
      },
      { key: 'batchNo', label: 'materialRelation.fields.batchNo', width: 160, sortable: true },
      ...(d.direction === 'client'
        ? [{ key: 'vinSn', label: 'materialRelation.fields.vinSn', width: 180 } as const]
        : []),
      {
        key: 'linked',
        label: 'materialRelation.fields.linkState',
        width: 120,
        render: (r, { t }) => (
          <StatusBadge
            colour={r.linked ? 'green' : 'grey'}
            testId={r.linked ? 'candidate-linked' : undefined}
          >
            {t(`materialRelation.linkStates.${r.linked ? 'linked' : 'unlinked'}`)}
          </StatusBadge>
        ),
      },
    ],
    search: [
      ...kindSearch(d),
      { type: 'text', prop: 'code', label: 'materialRelation.fields.code', basic: true },
      { type: 'text', prop: 'name', label: 'materialRelation.fields.name', basic: true },
    ],
    rowActions: [
      {
        key: 'link',
        label: 'materialRelation.linkAction',
        permission: `${d.code}:Edit`,
        visible: (r) => !r.linked,
        run: (r, ctx) => call(d.endpoints.link, { id: mappingId(ctx.request), kind: r.kind, targetId: r.id }),
        success: 'materialRelation.linked',
      },
      {
        key: 'unlink',
        label: 'materialRelation.unlinkAction',
        permission: `${d.code}:Edit`,
        danger: true,
        visible: (r) => r.linked,
        confirm: (r, ctx) => ctx.t('materialRelation.confirmUnlink', { code: ownItemText(r, ctx) }),
        run: (_r, ctx) => call(d.endpoints.unlink, { id: mappingId(ctx.request) }),
        success: 'materialRelation.unlinked',
      },
    ],
  });
}

const CANDIDATES: Readonly<Record<TRelationDirection, TResource<TCandidatesEndpoint>>> = {
  supplier: candidatesResourceOf(DIRECTIONS.supplier),
  client: candidatesResourceOf(DIRECTIONS.client),
};

/** The mapping itself above its candidates, with its current link and a button to remove it. */
function MappingCard({ d, id }: { d: TDirection; id: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = usePermissions();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const keys = relationKeys(d.direction);
  const fields = useMemo(() => detailFields(d), [d]);
  const query = useQuery({
    queryKey: keys.detail(id),
    queryFn: ({ signal }) => call(d.endpoints.detail, { id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
  const record: TMaterialRelation | undefined = query.data;
  const unlink = () =>
    record?.own &&
    void confirm({
      content: t('materialRelation.confirmUnlink', { code: ownItemText(record.own, { lang }) }),
      danger: true,
      onConfirm: async () => {
        await call(d.endpoints.unlink, { id });
        void message.success(t('materialRelation.unlinked'));
        await queryClient.invalidateQueries({ queryKey: keys.all });
      },
    });
  return (
    <DetailCard
      title={t(`materialRelation.${d.direction}.detailTitle`)}
      record={record}
      fields={fields}
      loading={query.isPending}
      testId="relation-link-mapping"
      extra={
        record?.own && can(`${d.code}:Edit`) ? (
          <Button danger icon={<DisconnectOutlined />} onClick={unlink} data-testid="relation-unlink">
            {t('materialRelation.unlinkAction')}
          </Button>
        ) : null
      }
    />
  );
}

/** The link page of one direction (spec 2.2 materialRelation/link, custommaterialRelation/link). */
export function relationLinkPage(direction: TRelationDirection) {
  const d = DIRECTIONS[direction];
  return function RelationLinkPage() {
    const { t } = useTranslation();
    const id = Number(useParams().id);
    return (
      <div className="page-stack" data-testid={`link-page-${direction}`}>
        <MappingCard d={d} id={id} />
        <div className="link-candidates-title">{t(`materialRelation.${direction}.candidatesTitle`)}</div>
        <ResourceList resource={CANDIDATES[direction]} />
      </div>
    );
  };
}
