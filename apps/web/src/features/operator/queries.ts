import { useQuery } from '@tanstack/react-query';
import { api, type TInput } from '@tracehub/contract';
import { call } from '../../api/client';

type TEnterprisePage = TInput<typeof api.operator.enterprisePage>;
type TCertificationPage = TInput<typeof api.operator.certification.page>;
type TIdRulePage = TInput<typeof api.operator.idRulePage>;
type TCodeRulePage = TInput<typeof api.operator.codeRulePage>;
type TOutboxPage = TInput<typeof api.operator.outboxPage>;

/** Query keys of the operator end; everything under `all` belongs to the operator session. */
export const operatorKeys = {
  all: ['operator'] as const,
  info: () => [...operatorKeys.all, 'info'] as const,
  enterprises: {
    all: ['operator', 'enterprises'] as const,
    list: (request: TEnterprisePage) => [...operatorKeys.enterprises.all, 'list', request] as const,
  },
  certifications: {
    all: ['operator', 'certifications'] as const,
    list: (request: TCertificationPage) => [...operatorKeys.certifications.all, 'list', request] as const,
    detail: (id: number) => [...operatorKeys.certifications.all, 'detail', id] as const,
  },
  idRules: {
    all: ['operator', 'idRules'] as const,
    list: (request: TIdRulePage) => [...operatorKeys.idRules.all, 'list', request] as const,
  },
  codeRules: {
    all: ['operator', 'codeRules'] as const,
    list: (request: TCodeRulePage) => [...operatorKeys.codeRules.all, 'list', request] as const,
  },
  outbox: {
    all: ['operator', 'outbox'] as const,
    list: (request: TOutboxPage) => [...operatorKeys.outbox.all, 'list', request] as const,
  },
};

/** The signed-in operator (navbar). */
export function useOperatorInfo(enabled: boolean) {
  return useQuery({
    queryKey: operatorKeys.info(),
    queryFn: () => call(api.operator.info, {}),
    enabled,
    staleTime: Infinity,
  });
}

/** One certification with its form, for the audit drawer. */
export function useCertificationDetail(id: number | null) {
  return useQuery({
    queryKey: operatorKeys.certifications.detail(id ?? 0),
    queryFn: () => call(api.operator.certification.detail, { id: id ?? 0 }),
    enabled: id !== null,
    staleTime: 0,
  });
}
