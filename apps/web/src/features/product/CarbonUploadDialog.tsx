import { useState } from 'react';
import { Form } from 'antd';
import { FileProtectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  api,
  CARBON_LIMITS,
  FILE_BIZ_TYPES,
  LCA_REPORT_BIZ_TYPE,
  validationMessage,
  ZCarbonUpload,
  type TProduct,
} from '@tracehub/contract';
import { call, upload } from '../../api/client';
import { useLang } from '../../i18n';
import { AppDialog } from '../../shared/AppDialog';
import { checkUploadFile } from '../../shared/fileCheck';
import { FileDrop } from '../../shared/FileDrop';
import { DeclaredForm } from '../../shared/form/DeclaredForm';
import type { TDeclaredForm, TFormField } from '../../shared/form/types';
import { useFormSubmit } from '../../shared/form/useFormSubmit';
import { attachmentBizNo } from '../../shared/list/importModel';
import { productKeys } from './queries';

const EXTENSIONS = FILE_BIZ_TYPES[LCA_REPORT_BIZ_TYPE];

/** The form's own fields; the product is the dialog's and the report's key comes from its upload. */
const SCHEMA = ZCarbonUpload.omit({ productId: true, fileKey: true });

const FIELDS: readonly TFormField[] = [
  { name: 'baseYear', label: 'product.carbon.fields.baseYear', extra: 'product.carbon.hints.baseYear' },
  {
    name: 'calculationResults',
    label: 'product.carbon.fields.calculationResults',
    extra: 'product.carbon.hints.calculationResults',
  },
  {
    name: 'authenticationOrganization',
    label: 'product.carbon.fields.authority',
    maxLength: CARBON_LIMITS.authorityMax,
  },
];

/**
 * Uploads a carbon footprint of a product (spec 2.3): base year, result in kgCO2e and certification
 * authority checked with the contract's rules, the LCA report checked for type, leading bytes and 5 MB;
 * the report is uploaded (hashed and recorded on the ledger by the server), then the footprint is saved
 * with its key and recorded too.
 */
export function CarbonUploadDialog({
  product,
  onClose,
  onDone,
}: {
  product: Pick<TProduct, 'id' | 'code'>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const declared: TDeclaredForm<typeof SCHEMA> = {
    title: `${t('product.carbon.uploadTitle')} · ${product.code}`,
    fields: FIELDS,
    schema: SCHEMA,
    submit: async (request) => {
      if (!file) {
        const missing = validationMessage('v.carbon.lcaFile', lang);
        setProblem(missing);
        throw new Error(missing);
      }
      if (problem) throw new Error(problem);
      const report = await upload(
        api.file.upload,
        { bizType: LCA_REPORT_BIZ_TYPE, bizNo: attachmentBizNo('Product', product.id) },
        file,
      );
      return call(api.carbon.addCarbonFootprint, {
        ...request,
        productId: product.id,
        fileKey: report.fileKey,
      });
    },
    success: 'product.carbon.uploaded',
    invalidates: productKeys.all,
    onDone,
    testId: 'carbon-upload-dialog',
  };
  const { form, submitting, submit } = useFormSubmit(declared);
  const choose = async (chosen: File) => {
    setFile(chosen);
    setProblem(await checkUploadFile(chosen, EXTENSIONS, lang));
  };
  return (
    <AppDialog
      open
      title={declared.title}
      onCancel={onClose}
      onConfirm={() => void submit()}
      submitting={submitting}
      confirmText={t('product.carbon.uploadConfirm')}
      testId={declared.testId}
    >
      <DeclaredForm declared={declared} form={form} onSubmit={() => void submit()}>
        <Form.Item label={t('product.carbon.fields.lcaFile')} required>
          <FileDrop
            extensions={EXTENSIONS}
            file={file}
            problem={problem}
            onChoose={(chosen) => void choose(chosen)}
            text={t('product.carbon.drop')}
            hint={t('product.carbon.dropHint', { types: EXTENSIONS.join(', ') })}
            icon={<FileProtectOutlined />}
            testId="carbon-lca-file"
          />
        </Form.Item>
      </DeclaredForm>
    </AppDialog>
  );
}
