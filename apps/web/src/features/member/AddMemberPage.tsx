import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type TMemberCreated } from '@tracehub/contract';
import { call } from '../../api/client';
import { FormCard } from '../../shared/form/FormCard';
import { requestListRefresh } from '../../shared/list/refresh';
import { useLeavePage } from '../../shared/useLeavePage';
import { WarningTip } from '../../shared/WarningTip';
import { memberKeys } from './queries';
import { addMemberFields } from './memberForm';
import { MEMBER_LIST, memberPaths } from './memberResource';
import { OneTimePasswordDialog } from './OneTimePasswordDialog';

const PAGE = 'account/member/addMember';

/**
 * Create a member (spec 2.2 /account/member/addMember). The answer carries the account's one-time
 * password, shown once in a dialog; closing it leaves for the list and the password is gone.
 */
export default function AddMemberPage() {
  const { t } = useTranslation();
  const leave = useLeavePage();
  const [created, setCreated] = useState<TMemberCreated | null>(null);
  const done = () => {
    setCreated(null);
    // The new member is on the first page of the list.
    requestListRefresh(MEMBER_LIST, { pageNo: 1 });
    leave(PAGE, memberPaths.list);
  };
  return (
    <>
      <FormCard
        title={t('account.member.addCard')}
        fields={addMemberFields}
        schema={api.member.add.input}
        initialValues={{ roleIds: [] }}
        before={<WarningTip>{t('account.member.initialPasswordHint')}</WarningTip>}
        submit={async (request) => {
          const member = await call(api.member.add, request);
          setCreated(member);
          return member;
        }}
        success="account.member.created"
        invalidates={memberKeys.all}
        onCancel={() => leave(PAGE, memberPaths.list)}
        // Leaving waits for the one-time password dialog.
        onDone={() => undefined}
        testId="add-member-form"
      />
      {created && (
        <OneTimePasswordDialog
          username={created.username}
          password={created.oneTimePassword}
          onClose={done}
        />
      )}
    </>
  );
}
