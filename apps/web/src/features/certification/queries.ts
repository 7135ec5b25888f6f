import { useQuery } from '@tanstack/react-query';
import { api } from '@tracehub/contract';
import { call } from '../../api/client';

/** Query keys of the certification domain (enterprise side). */
export const certificationKeys = {
  all: ['certification'] as const,
  mine: () => [...certificationKeys.all, 'mine'] as const,
};

/** The account's certification applications, newest first. */
export function useMyCertifications() {
  return useQuery({
    queryKey: certificationKeys.mine(),
    queryFn: () => call(api.certification.mine, {}),
    staleTime: 0,
  });
}
