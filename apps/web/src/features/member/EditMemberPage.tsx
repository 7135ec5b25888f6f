import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '@tracehub/contract';
import { call } from '../../api/client';
import { DetailCard } from '../../shared/DetailCard';
import { FormCard } from '../../shared/form/FormCard';
import { useLeavePage } from '../../shared/useLeavePage';
import { memberKeys } from './queries';
import { memberProfileFields } from './memberForm';
import { memberPaths } from './memberResource';

const PAGE = 'account/member/editMember';

/** Edit a member's names and roles (spec 2.2 /account/member/editMember/:id). */
export default function EditMemberPage() {
  const { t } = useTranslation();
  const leave = useLeavePage();
  const id = Number(useParams().id);
  const query = useQuery({
    queryKey: memberKeys.detail(id),
    queryFn: () => call(api.member.detail, { id }),
    enabled: Number.isInteger(id) && id > 0,
  });
  const member = query.data;
  return (
    <div className="page-stack">
      <DetailCard
        record={member}
        loading={query.isPending}
        fields={[
          { key: 'username', label: 'account.member.fields.username' },
          { key: 'email', label: 'account.member.fields.email' },
        ]}
      />
      <FormCard
        title={t('account.member.editCard')}
        fields={memberProfileFields}
        schema={api.member.update.input}
        base={{ id }}
        loading={!member}
        initialValues={
          member && {
            chineseName: member.chineseName ?? '',
            englishName: member.englishName ?? '',
            roleIds: member.roles.map((role) => role.id),
          }
        }
        submit={(request) => call(api.member.update, request)}
        success="account.member.updated"
        invalidates={memberKeys.all}
        onCancel={() => leave(PAGE, memberPaths.list)}
        onDone={() => leave(PAGE, memberPaths.list)}
        testId="edit-member-form"
      />
    </div>
  );
}
