import { useQuery } from '@tanstack/react-query';
import { api } from '@tracehub/contract';
import { call } from '../../api/client';

/** Query keys of the account-linking (examine) domain. */
export const examineKeys = {
  all: ['examine'] as const,
  /** The account's linked enterprises and open applications; `scope` separates sign-in keys from the session. */
  enterprises: (scope: string) => [...examineKeys.all, 'enterprises', scope] as const,
};

/** The session's linked enterprises (switch mode, identify page). */
export function useSessionEnterprises(enabled: boolean) {
  return useQuery({
    queryKey: examineKeys.enterprises('session'),
    queryFn: () => call(api.examine.selectEnterpriseList, {}),
    enabled,
    staleTime: 0,
  });
}
