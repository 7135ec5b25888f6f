/**
 * Company id type check of spec 5: characters 11-12 (1-based) of the id equal 31 or 71, which marks a
 * foreign company.
 */
export function isForeignCompanyIdType(id: string): boolean {
  const code = id.slice(10, 12);
  return code === '31' || code === '71';
}
