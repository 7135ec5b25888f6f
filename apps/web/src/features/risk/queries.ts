import { api, type TInput, type TRiskOptions } from '@tracehub/contract';
import { call } from '../../api/client';
import { remoteOptions, type TRenderContext } from '../../shared/options';

/** Query keys of risk rules and risk areas: mutations invalidate `all` (both lists and the options). */
export const riskKeys = {
  all: ['risk'] as const,
  list: (request: TInput<typeof api.risk.page>) => [...riskKeys.all, 'list', request] as const,
  detail: (id: number) => [...riskKeys.all, 'detail', id] as const,
  options: () => [...riskKeys.all, 'options'] as const,
};

export const riskAreaKeys = {
  all: [...riskKeys.all, 'area'] as const,
  list: (request: TInput<typeof api.risk.areaPage>) => [...riskAreaKeys.all, 'list', request] as const,
};

const loadOptions = (): Promise<TRiskOptions> => call(api.risk.options, {});

/** The enterprise's partner enterprises, by USCI, named in the current language. */
export const partnerOptions = remoteOptions(
  [...riskKeys.options(), 'partners'],
  async () => (await loadOptions()).partners,
  (p, { lang }: TRenderContext) => ({
    value: p.usci,
    label: `${lang === 'en' && p.nameEn ? p.nameEn : p.name} (${p.usci})`,
  }),
);

export const projectOptions = remoteOptions(
  [...riskKeys.options(), 'projects'],
  async () => (await loadOptions()).projects,
  (code) => ({ value: code, label: code }),
);

/** A partner's name for a chosen USCI (kept with the rule, so that it reads without the list). */
export async function partnerNames(uscis: readonly string[]): Promise<{ usci: string; name: string }[]> {
  const { partners } = await loadOptions();
  return uscis.map((usci) => ({ usci, name: partners.find((p) => p.usci === usci)?.name ?? '' }));
}
