import { useState } from 'react';
import {
  App,
  Alert,
  Button,
  Card,
  DatePicker,
  Dropdown,
  Empty,
  Input,
  Select,
  Space,
  Spin,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  api,
  describeIssue,
  RISK_FACTOR_KINDS,
  type TRiskFactorInput,
  type TRiskFactorKind,
  type TRiskRule,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { EnabledBadge } from '../../shared/EnabledBadge';
import { useOptions } from '../../shared/options';
import { usePermissions } from '../../shared/permissions';
import { monitorNode, userValue } from './labels';
import { PlaceInput, type TPlaceValue } from './PlaceInput';
import { partnerNames, partnerOptions, projectOptions, riskKeys } from './queries';

/** One factor while it is edited: every kind's inputs, the chosen kind's sent. */
interface TDraft {
  key: number;
  kind: TRiskFactorKind;
  place: TPlaceValue;
  usci: string;
  projectCode: string;
  listName: string;
  asOf: string;
  entries: string;
}

let nextKey = 1;
const blank = (kind: TRiskFactorKind): TDraft => ({
  key: nextKey++,
  kind,
  place: { country: '', province: null, city: null },
  usci: '',
  projectCode: '',
  listName: '',
  asOf: '',
  entries: '',
});

function toDraft(f: TRiskRule['factors'][number]): TDraft {
  const d = blank(f.kind);
  switch (f.kind) {
    case 'area':
      return { ...d, place: f.place };
    case 'company':
      return { ...d, usci: f.company.usci };
    case 'project':
      return { ...d, projectCode: f.projectCode };
    case 'watchList':
      return {
        ...d,
        listName: f.listName,
        asOf: f.asOf,
        entries: f.entries.map((e) => (e.taxNumber ? `${e.name}|${e.taxNumber}` : e.name)).join('\n'),
      };
  }
}

/** A watch list's lines: "name", "name|tax number" or "|tax number"; blank lines are skipped. */
const parseEntries = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name = '', taxNumber = ''] = line.split('|');
      return { name: name.trim(), taxNumber: taxNumber.trim() };
    });

function toFactor(d: TDraft): TRiskFactorInput {
  switch (d.kind) {
    case 'area':
      return { kind: 'area', place: d.place };
    case 'company':
      return { kind: 'company', company: { usci: d.usci } };
    case 'project':
      return { kind: 'project', projectCode: d.projectCode };
    case 'watchList':
      return { kind: 'watchList', listName: d.listName, asOf: d.asOf, entries: parseEntries(d.entries) };
  }
}

function FactorEditor({ draft, onChange }: { draft: TDraft; onChange: (d: TDraft) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const partners = useOptions(partnerOptions, { t, lang });
  const projects = useOptions(projectOptions, { t, lang });
  const set = (patch: Partial<TDraft>) => onChange({ ...draft, ...patch });
  const id = `risk-factor-${draft.key}`;
  switch (draft.kind) {
    case 'area':
      return <PlaceInput value={draft.place} onChange={(place) => set({ place })} testId={`${id}-place`} />;
    case 'company':
      return (
        <Select
          style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          value={draft.usci || undefined}
          placeholder={t('risk.fields.company')}
          options={partners}
          onChange={(usci: string) => set({ usci })}
          id={`${id}-company`}
          data-testid={`${id}-company`}
        />
      );
    case 'project':
      return (
        <Select
          style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          value={draft.projectCode || undefined}
          placeholder={t('risk.fields.project')}
          options={projects}
          onChange={(projectCode: string) => set({ projectCode })}
          id={`${id}-project`}
          data-testid={`${id}-project`}
        />
      );
    case 'watchList':
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space.Compact block>
            <Input
              style={{ width: '65%' }}
              maxLength={100}
              placeholder={t('risk.factor.listName')}
              value={draft.listName}
              onChange={(e) => set({ listName: e.target.value })}
              id={`${id}-listName`}
              data-testid={`${id}-listName`}
              aria-label={t('risk.factor.listName')}
            />
            <DatePicker
              style={{ width: '35%' }}
              placeholder={t('risk.factor.asOf')}
              value={draft.asOf ? dayjs(draft.asOf) : null}
              onChange={(d) => set({ asOf: d ? d.format('YYYY-MM-DD') : '' })}
              data-testid={`${id}-asOf`}
              aria-label={t('risk.factor.asOf')}
            />
          </Space.Compact>
          <Input.TextArea
            rows={4}
            placeholder={t('risk.factor.entriesHint')}
            value={draft.entries}
            onChange={(e) => set({ entries: e.target.value })}
            data-testid={`${id}-entries`}
            aria-label={t('risk.factor.entries')}
          />
          <Typography.Text type="secondary">
            {t('risk.factor.entriesHint')} ·{' '}
            {t('risk.factor.entriesCount', { count: parseEntries(draft.entries).length })}
          </Typography.Text>
        </Space>
      );
  }
}

/** Set a rule's factors (spec 2.2 /rule/Factor?id=): areas, companies, projects and dated watch lists. */
export default function FactorPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = usePermissions();
  const id = Number(useSearchParams()[0].get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const [drafts, setDrafts] = useState<TDraft[] | null>(null);
  const [saving, setSaving] = useState(false);
  const query = useQuery({
    queryKey: riskKeys.detail(id),
    queryFn: () => call(api.risk.detail, { id }, { silent: true }),
    enabled: valid,
    retry: false,
  });
  const rule = query.data;
  const shown = drafts ?? rule?.factors.map(toDraft) ?? [];
  const edit = (next: TDraft[]) => setDrafts(next);

  if (!valid) return <Alert type="warning" showIcon title={t('risk.factor.noRule')} />;
  if (query.isLoading) return <Spin />;
  if (!rule) return <Alert type="warning" showIcon title={t('risk.factor.notFound')} />;

  const save = async () => {
    const parsed = api.risk.setFactors.input.safeParse({ id, factors: shown.map(toFactor) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const at = issue.path[1];
      const place = typeof at === 'number' ? `${at + 1}. ` : '';
      void message.error(`${place}${describeIssue({ ...issue, path: issue.path.slice(2) }, lang)}`);
      return;
    }
    setSaving(true);
    try {
      const factors = await Promise.all(
        parsed.data.factors.map(async (f) =>
          f.kind === 'company' ? { ...f, company: (await partnerNames([f.company.usci]))[0]! } : f,
        ),
      );
      await call(api.risk.setFactors, { id, factors });
      void message.success(t('risk.saved'));
      await queryClient.invalidateQueries({ queryKey: riskKeys.all });
      setDrafts(null);
    } catch {
      // Shown by the client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="risk-factor-page">
      <Card size="small">
        <Space wrap size="large">
          <Typography.Text strong data-testid="risk-factor-rule">
            {t('risk.factor.rule')}: {userValue(rule.name)}
          </Typography.Text>
          <span>{monitorNode(rule, t)}</span>
          <EnabledBadge status={rule.enabled ? 'enabled' : 'disabled'} t={t} />
        </Space>
      </Card>
      {shown.length === 0 ? (
        <Card size="small">
          <Empty description={t('risk.factor.empty')} />
        </Card>
      ) : (
        shown.map((d, i) => (
          <Card
            key={d.key}
            size="small"
            title={`${i + 1}. ${t(`risk.factorKinds.${d.kind}`)}`}
            data-testid={`risk-factor-${i}`}
            extra={
              <Button
                type="link"
                danger
                icon={<DeleteOutlined />}
                onClick={() => edit(shown.filter((x) => x.key !== d.key))}
                data-testid={`risk-factor-remove-${i}`}
              >
                {t('risk.factor.remove')}
              </Button>
            }
          >
            <FactorEditor
              draft={d}
              onChange={(next) => edit(shown.map((x) => (x.key === d.key ? next : x)))}
            />
          </Card>
        ))
      )}
      <Space>
        <Dropdown
          menu={{
            items: RISK_FACTOR_KINDS.map((kind) => ({
              key: kind,
              label: <span data-testid={`risk-factor-add-${kind}`}>{t(`risk.factorKinds.${kind}`)}</span>,
            })),
            onClick: ({ key }) => edit([...shown, blank(key as TRiskFactorKind)]),
          }}
        >
          <Button icon={<PlusOutlined />} data-testid="risk-factor-add">
            {t('risk.factor.add')}
          </Button>
        </Dropdown>
        <Button
          type="primary"
          loading={saving}
          disabled={!can('SetFactors')}
          onClick={() => void save()}
          data-testid="risk-factor-save"
        >
          {t('risk.factor.save')}
        </Button>
        <Button onClick={() => void navigate('/rule/list')} data-testid="risk-factor-back">
          {t('risk.factor.back')}
        </Button>
      </Space>
    </Space>
  );
}
