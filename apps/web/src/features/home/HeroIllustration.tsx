/** A supply chain drawn as linked blocks: mine, plant and vehicle joined by chained records. */
export function HeroIllustration() {
  return (
    <svg className="home-hero-art" viewBox="0 0 480 360" aria-hidden="true">
      <defs>
        <linearGradient id="hero-card" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#eefaf6" />
        </linearGradient>
        <linearGradient id="hero-accent" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#38C3A4" />
          <stop offset="1" stopColor="#1f8f86" />
        </linearGradient>
      </defs>
      <circle cx="250" cy="180" r="160" fill="#38C3A4" opacity="0.08" />
      <circle cx="250" cy="180" r="110" fill="#38C3A4" opacity="0.08" />
      <g stroke="#38C3A4" strokeWidth="2.5" strokeDasharray="6 6" fill="none" opacity="0.8">
        <path d="M120 110 C 190 110, 190 180, 250 180" />
        <path d="M250 180 C 310 180, 310 250, 380 250" />
        <path d="M120 260 C 190 260, 190 180, 250 180" />
      </g>
      <g>
        <rect x="40" y="70" width="150" height="80" rx="12" fill="url(#hero-card)" stroke="#d7efe8" />
        <rect x="56" y="88" width="36" height="36" rx="8" fill="#EEB253" opacity="0.9" />
        <path d="M64 116 l10 -16 l10 16 z" fill="#fff" />
        <rect x="102" y="92" width="70" height="8" rx="4" fill="#c9d6df" />
        <rect x="102" y="108" width="50" height="8" rx="4" fill="#e3eaef" />

        <rect x="40" y="220" width="150" height="80" rx="12" fill="url(#hero-card)" stroke="#d7efe8" />
        <rect x="56" y="238" width="36" height="36" rx="8" fill="#3BA3F3" opacity="0.9" />
        <rect x="64" y="250" width="20" height="14" rx="2" fill="#fff" />
        <rect x="102" y="242" width="70" height="8" rx="4" fill="#c9d6df" />
        <rect x="102" y="258" width="50" height="8" rx="4" fill="#e3eaef" />

        <rect x="190" y="135" width="120" height="90" rx="16" fill="url(#hero-accent)" />
        <path
          d="M238 192a9 9 0 0 1 0-12.7l5-5a9 9 0 0 1 12.7 12.7l-2.6 2.6M248 182a9 9 0 0 1 0 12.7l-5 5a9 9 0 0 1-12.7-12.7l2.6-2.6"
          stroke="#fff"
          strokeWidth="5"
          strokeLinecap="round"
          fill="none"
        />

        <rect x="320" y="210" width="150" height="80" rx="12" fill="url(#hero-card)" stroke="#d7efe8" />
        <rect x="336" y="228" width="36" height="36" rx="8" fill="#38C3A4" />
        <path d="M342 252 h24 l-3 -8 h-18 z" fill="#fff" />
        <circle cx="347" cy="254" r="3" fill="#fff" />
        <circle cx="361" cy="254" r="3" fill="#fff" />
        <rect x="382" y="232" width="70" height="8" rx="4" fill="#c9d6df" />
        <rect x="382" y="248" width="50" height="8" rx="4" fill="#e3eaef" />
      </g>
      <g fill="#71CA53">
        <circle cx="190" cy="70" r="10" />
        <path d="M185 70 l4 4 l7 -8" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        <circle cx="470" cy="210" r="10" />
        <path d="M465 210 l4 4 l7 -8" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      </g>
      <g fill="#1f2329" opacity="0.75" fontFamily="monospace" fontSize="11">
        <text x="200" y="250">
          0x7f3a…c91e
        </text>
        <text x="330" y="315">
          #128904
        </text>
      </g>
    </svg>
  );
}
