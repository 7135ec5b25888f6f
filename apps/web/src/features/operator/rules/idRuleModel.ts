import {
  DEFAULT_ID_RULE_ELEMENTS,
  LIMITS,
  type ID_RULE_ELEMENTS,
  type ZIdRuleElement,
} from '@tracehub/contract';
import type { z } from 'zod';
import type { TRenderContext } from '../../../shared/options';

export type TIdRuleElement = z.input<typeof ZIdRuleElement>;
export type TIdRuleElementName = (typeof ID_RULE_ELEMENTS)[number];

/** Where a new rule starts: the platform's default elements (contract DEFAULT_ID_RULE_ELEMENTS, 32 characters). */
export const DEFAULT_ID_ELEMENTS: readonly TIdRuleElement[] = DEFAULT_ID_RULE_ELEMENTS;

export const ID_LENGTH = LIMITS.identificationLength;

export function totalLength(elements: readonly Partial<TIdRuleElement>[] | undefined): number {
  return (elements ?? []).reduce((sum, e) => sum + (typeof e.length === 'number' ? e.length : 0), 0);
}

/** An element's name in the current language; a custom one shows its fixed text. */
export function elementText(
  e: Pick<TIdRuleElement, 'element' | 'value'>,
  { t, lang }: TRenderContext,
): string {
  const name = t(`operator.idRule.element.${e.element}`);
  if (e.element !== 'custom' || !e.value) return name;
  return lang === 'zh' ? `${name}「${e.value}」` : `${name} "${e.value}"`;
}

/** The rule as one line in the current language, e.g. 国家代码(3) + 组织机构代码(18) + …. */
export function ruleStructure(elements: readonly TIdRuleElement[], ctx: TRenderContext): string {
  return elements.map((e) => `${elementText(e, ctx)}(${e.length})`).join(' + ');
}
