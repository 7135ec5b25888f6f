import { Radio } from 'antd';
import {
  PACKAGE_SCOPE_LABELS,
  PACKAGE_TYPE_LABELS,
  type TEvidenceTask,
  type TLang,
  type TPackageType,
} from '@tracehub/contract';
import { useLang } from '../../i18n';

/** What a task packages, in words: "VIN/SN: LGX…", "Enterprise: 华夏电池", "Batch: XH-CELL / CELL-2026-03". */
export function scopeText(task: TEvidenceTask, lang: TLang): string {
  const { scope } = task;
  const kind = PACKAGE_SCOPE_LABELS[scope.kind][lang];
  if (scope.kind === 'enterprise') {
    const name = lang === 'en' && task.enterpriseNameEn ? task.enterpriseNameEn : task.enterpriseName;
    return `${kind}: ${name ?? scope.values[0]}`;
  }
  if (scope.kind === 'batch') return `${kind}: ${scope.itemCode ?? ''} / ${scope.values.join(', ')}`;
  if (scope.kind === 'vin' && scope.values.length > 3)
    return `${kind}: ${scope.values.slice(0, 3).join(', ')} … (${scope.values.length})`;
  return `${kind}: ${scope.values.join(', ')}`;
}

export const packageTypeText = (type: 1 | 2, lang: TLang) => PACKAGE_TYPE_LABELS[type][lang];

/** Bytes as KB / MB. */
export function sizeText(bytes: number | null): string | null {
  if (bytes === null) return null;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The package type choice (internal or external) of every creation dialog. */
export function PackageTypeRadio({
  value,
  onChange,
  testId,
}: {
  value?: TPackageType;
  onChange?: (value: TPackageType) => void;
  testId?: string;
}) {
  const lang = useLang();
  return (
    <Radio.Group
      value={value}
      onChange={(e) => onChange?.(e.target.value as TPackageType)}
      data-testid={testId}
      options={([1, 2] as const).map((v) => ({ value: v, label: PACKAGE_TYPE_LABELS[v][lang] }))}
    />
  );
}
