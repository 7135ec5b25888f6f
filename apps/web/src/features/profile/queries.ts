/** Query keys of the user centre's company side. */
export const companyKeys = {
  all: ['company'] as const,
  info: () => [...companyKeys.all, 'info'] as const,
  certificate: () => [...companyKeys.all, 'certificate'] as const,
};
