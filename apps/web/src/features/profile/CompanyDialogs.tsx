import { Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, type TAddress, type TCompanyInfo } from '@tracehub/contract';
import { call } from '../../api/client';
import { AppDialog } from '../../shared/AppDialog';
import { FormDialog } from '../../shared/form/FormDialog';
import { useFormSubmit } from '../../shared/form/useFormSubmit';
import { refreshSession } from '../../shared/sessionRefresh';
import { AddressFields } from '../certification/AddressFields';
import { companyKeys } from './queries';

const ADDRESS_DIALOG_WIDTH = 960;

interface TProps {
  company: TCompanyInfo;
  onClose: () => void;
}

/** EditEnglishName: the English name (and short name) shown beside the Chinese one everywhere. */
export function EnglishNameDialog({ company, onClose }: TProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      title={t('userCenter.dialogs.englishName.title')}
      fields={[
        { name: 'englishName', label: 'userCenter.dialogs.englishName.field', maxLength: 200 },
        { name: 'englishShort', label: 'userCenter.dialogs.englishName.short', maxLength: 50 },
      ]}
      schema={api.company.updateEnglishName.input}
      initialValues={{ englishName: company.englishName ?? '', englishShort: company.englishShort ?? '' }}
      // The navbar and the enterprise switcher show the name too.
      submit={(request) => call(api.company.updateEnglishName, request).then(() => refreshSession())}
      success="userCenter.saved"
      invalidates={companyKeys.all}
      onClose={onClose}
      onDone={onClose}
      testId="english-name-dialog"
    />
  );
}

type TAddressValues = Record<string, unknown> | undefined;

/** Form values of an address: coordinates are typed as text. */
function addressForm(address: TAddress | null): TAddressValues {
  if (!address) return undefined;
  return { ...address, longitude: String(address.longitude), latitude: String(address.latitude) };
}

// An empty coordinate must fail as "cannot be empty" rather than become 0: NaN is refused by the schema.
const coordinate = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;

/** The typed coordinates of both addresses as the numbers the request holds. */
function addressRequest(values: Record<string, unknown>): Record<string, unknown> {
  const convert = (address: TAddressValues) =>
    address && {
      ...address,
      longitude: coordinate(address.longitude),
      latitude: coordinate(address.latitude),
    };
  return {
    registeredAddress: convert(values.registeredAddress as TAddressValues),
    operationAddress: convert(values.operationAddress as TAddressValues),
  };
}

/** EditAddress: the registered and operation addresses, with the certification form's address fields. */
export function AddressDialog({ company, onClose }: TProps) {
  const { t } = useTranslation();
  const { form, submitting, submit } = useFormSubmit({
    schema: api.company.updateAddress.input,
    prepare: addressRequest,
    submit: (request) => call(api.company.updateAddress, request),
    success: 'userCenter.saved',
    invalidates: companyKeys.all,
    onDone: onClose,
  });
  return (
    <AppDialog
      open
      title={t('userCenter.dialogs.address.title')}
      width={ADDRESS_DIALOG_WIDTH}
      submitting={submitting}
      onCancel={onClose}
      onConfirm={() => void submit()}
      testId="address-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          registeredAddress: addressForm(company.registeredAddress),
          operationAddress: addressForm(company.operationAddress),
        }}
      >
        <Typography.Title level={5}>{t('userCenter.dialogs.address.registered')}</Typography.Title>
        <AddressFields prefix="registeredAddress" />
        <Typography.Title level={5}>{t('userCenter.dialogs.address.operation')}</Typography.Title>
        <AddressFields prefix="operationAddress" />
      </Form>
    </AppDialog>
  );
}
