/** The Tracehub mark: a chain link inside a rounded square, in the primary colour. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className="brand-mark">
      <rect width="64" height="64" rx="14" fill="#38C3A4" />
      <path
        d="M27 37a9 9 0 0 1 0-12.7l5-5a9 9 0 0 1 12.7 12.7l-2.6 2.6"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <path
        d="M37 27a9 9 0 0 1 0 12.7l-5 5A9 9 0 0 1 19.3 32l2.6-2.6"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
      />
    </svg>
  );
}
