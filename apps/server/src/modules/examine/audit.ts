import { and, eq, inArray } from 'drizzle-orm';
import type { api } from '@tracehub/contract';
import { EXAMINE_STATUS, LIMITS, type TExamineItem, type TParsed } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { enterpriseUsers, users } from '../../db/schema.ts';
import type { AppDeps, TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isRowId } from '../../platform/ids.ts';
import { filters, runListQuery } from '../../platform/list-query.ts';
import { approvedLinkCount, assignableRoleIds, replaceMemberRoles } from '../member/public.ts';
import { enterpriseLabel } from '../member/service.ts';
import { enterpriseNameParam, notify } from '../message/notify.ts';
import { applicationColumns, isApplicationTo, lockPendingApplications } from './repo.ts';

type Input<K extends keyof typeof api.examine> = TParsed<(typeof api.examine)[K]>;

/** Member audit (/account/audit): the applications to join the current enterprise. */
export async function listApplications(
  db: Db,
  tenant: TenantContext,
  req: Input<'selectExamineList'>,
): Promise<{ list: TExamineItem[]; total: number }> {
  const { list, total } = await runListQuery(db, {
    table: enterpriseUsers,
    joins: [{ table: users, on: eq(users.id, enterpriseUsers.userId) }],
    select: applicationColumns,
    tenantColumn: enterpriseUsers.enterpriseUuid,
    tenant,
    where: [
      isApplicationTo(tenant.enterpriseUuid),
      filters.eq(enterpriseUsers.examineStatus, req.examineStatus),
      filters.contains(users.username, req.username),
    ],
    sortable: { appliedAt: enterpriseUsers.createdAt, auditedAt: enterpriseUsers.auditedAt },
    defaultSort: { column: enterpriseUsers.createdAt, order: 'desc' },
    tieBreak: enterpriseUsers.id,
    page: req,
  });
  return {
    list: list.map(({ userId: _userId, ...r }) => ({
      ...r,
      appliedAt: r.appliedAt.getTime(),
      auditedAt: r.auditedAt?.getTime() ?? null,
    })),
    total,
  };
}

/**
 * Approves or rejects pending applications to this enterprise, all or nothing: one id that is not a
 * pending application here (another enterprise's, already audited, unknown) fails the whole call with
 * E1003. Several at once need BatchAudit besides Audit. Applicants are told by e-mail.
 */
export async function auditApplications(
  deps: AppDeps,
  db: Db,
  tenant: TenantContext,
  input: Input<'examine'>,
): Promise<{ audited: number }> {
  const ids = [...new Set(input.ids)];
  if (ids.length > 1 && !tenant.permissions.has('BatchAudit')) throw new AppError('FORBIDDEN');
  if (!ids.every(isRowId)) throw new AppError('NOT_FOUND');
  const rows = await lockPendingApplications(db, tenant.enterpriseUuid, ids);
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND');

  const approve = input.result === 'approve';
  const roleIds = approve ? await assignableRoleIds(db, tenant, input.roleIds) : [];
  if (!roleIds) throw new AppError('ROLE_NOT_ASSIGNABLE');
  if (approve) {
    for (const r of rows) {
      if ((await approvedLinkCount(db, r.userId)) >= LIMITS.enterprisesPerAccount) {
        throw new AppError('LINK_LIMIT_REACHED', { max: LIMITS.enterprisesPerAccount });
      }
    }
  }

  const now = new Date();
  await db
    .update(enterpriseUsers)
    .set({
      examineStatus: approve ? EXAMINE_STATUS.approved : EXAMINE_STATUS.rejected,
      examineRemark: input.remark || null,
      auditedBy: tenant.userId,
      auditedAt: now,
      gmtModified: now,
    })
    .where(and(eq(enterpriseUsers.enterpriseUuid, tenant.enterpriseUuid), inArray(enterpriseUsers.id, ids)));
  if (approve) for (const r of rows) await replaceMemberRoles(db, tenant, r.userId, roleIds);

  const enterprise = await enterpriseLabel(db, tenant);
  const remark = input.remark ? `（${input.remark}）` : '';
  const remarkEn = input.remark ? ` (${input.remark})` : '';
  const enterpriseName = approve ? await enterpriseNameParam(db, tenant.enterpriseUuid) : null;
  for (const r of rows) {
    if (enterpriseName) {
      const params = { enterpriseName, username: r.username };
      await notify(
        db,
        { enterpriseUuid: tenant.enterpriseUuid, recipients: [r.userId], type: 'linkApproved', params },
        deps.mailer,
      );
    }
    await deps.mailer.send(db, {
      to: r.email,
      subject: 'Tracehub 关联企业申请结果 / link application result',
      body: approve
        ? `您的账号 ${r.username} 关联 ${enterprise} 的申请已通过，现在可以选择该企业登录。${remark}\n` +
          `The application of your account ${r.username} to join ${enterprise} was approved; you can now ` +
          `select it when you sign in.${remarkEn}`
        : `您的账号 ${r.username} 关联 ${enterprise} 的申请被驳回：${input.remark}\n` +
          `The application of your account ${r.username} to join ${enterprise} was rejected: ${input.remark}`,
    });
  }
  return { audited: rows.length };
}
