import { Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_PERMISSIONS, type TProduct, type TProductMaterial } from '@tracehub/contract';
import { pickLangText, useLang } from '../../i18n';
import { EMPTY_TEXT } from '../../shared/format';
import { attachmentBizNo } from '../../shared/list/importModel';
import { ResourceDetail } from '../../shared/list/ResourceDetail';
import { usePermissions } from '../../shared/permissions';
import { AttachmentList } from '../ledger/AttachmentList';
import { CarbonHistory } from './CarbonHistory';
import { PRODUCT_CODE } from './carbonFields';
import { productResource } from './productResource';
import { ProductTrajectory } from './ProductTrajectory';
import './product.css';

function MaterialsTable({ materials }: { materials: readonly TProductMaterial[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const columns: TableColumnsType<TProductMaterial> = [
    { key: 'code', title: t('product.materialFields.code'), dataIndex: 'code', width: 180 },
    {
      key: 'name',
      title: t('product.materialFields.name'),
      width: 220,
      render: (_: unknown, m) => pickLangText(lang, m.name, m.nameEn),
    },
    {
      key: 'nature',
      title: t('product.materialFields.nature'),
      width: 160,
      render: (_: unknown, m) => t(`product.natures.${m.nature}`),
    },
    {
      key: 'batchNo',
      title: t('product.materialFields.batchNo'),
      width: 160,
      render: (_: unknown, m) => m.batchNo || EMPTY_TEXT,
    },
  ];
  return (
    <Table<TProductMaterial>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={[...materials]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('product.noMaterials') }}
      data-testid="product-materials"
    />
  );
}

/** The cards below a product's identity: tracing materials, carbon footprints, attachments. */
function ProductCards({ product }: { product: TProduct }) {
  const { t } = useTranslation();
  const can = usePermissions();
  return (
    <>
      <Card
        className="th-card"
        title={t('product.materialsCard')}
        extra={<ProductTrajectory productId={product.id} />}
        data-testid="product-materials-card"
      >
        <MaterialsTable materials={product.materials} />
      </Card>
      {can(PRODUCT_PERMISSIONS.viewCarbon) && (
        <Card className="th-card" title={t('product.carbon.history')} data-testid="product-carbon-card">
          <CarbonHistory productId={product.id} />
        </Card>
      )}
      {can(`${PRODUCT_CODE}:ViewEnclosure`) && (
        <Card className="th-card" title={t('product.attachmentsCard')} data-testid="product-attachments-card">
          <AttachmentList
            bizType="attachment"
            bizNo={attachmentBizNo(PRODUCT_CODE, product.id)}
            chainPermission={`${PRODUCT_CODE}:ViewBCdata`}
          />
        </Card>
      )}
    </>
  );
}

/** One product (spec 2.2 /basicData/product/detail/:id): identity and DID, materials, footprints, files. */
export default function ProductDetailPage() {
  return (
    <ResourceDetail resource={productResource}>
      {(product) => <ProductCards product={product} />}
    </ResourceDetail>
  );
}
