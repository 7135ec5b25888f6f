import { useTranslation } from 'react-i18next';
import { api } from '@tracehub/contract';
import { call } from '../../../api/client';
import { FormCard } from '../../../shared/form/FormCard';
import { requestListRefresh } from '../../../shared/list/refresh';
import { useLeavePage } from '../../../shared/useLeavePage';
import { WarningTip } from '../../../shared/WarningTip';
import { memberKeys } from '../queries';
import { addMemberFields } from './memberForm';
import { MEMBER_LIST, memberPaths } from './memberResource';

const PAGE = 'account/member/addMember';

/** Create a member (spec 2.2 /account/member/addMember): the account gets the initial password by e-mail. */
export default function AddMemberPage() {
  const { t } = useTranslation();
  const leave = useLeavePage();
  return (
    <FormCard
      title={t('account.member.addCard')}
      fields={addMemberFields}
      schema={api.member.add.input}
      initialValues={{ roleIds: [] }}
      before={<WarningTip>{t('account.member.initialPasswordHint')}</WarningTip>}
      submit={(request) => call(api.member.add, request)}
      success="account.member.created"
      invalidates={memberKeys.all}
      onCancel={() => leave(PAGE, memberPaths.list)}
      onDone={() => {
        // The new member is on the first page of the list.
        requestListRefresh(MEMBER_LIST, { pageNo: 1 });
        leave(PAGE, memberPaths.list);
      }}
      testId="add-member-form"
    />
  );
}
