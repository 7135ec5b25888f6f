/** Business constants and limits of spec section 9, named once and shared by server and web. */
export const LIMITS = {
  requestTimeoutMs: 100_000,
  defaultPageSize: 10,
  pageSizeOptions: [10, 20, 50, 100, 500, 1000] as const,
  defaultLimit: 20,
  maxCountedTotal: 10_000,
  /** Highest page number a list accepts: page × size stays far inside PostgreSQL's integer offsets. */
  maxPageNo: 100_000,
  /** PostgreSQL `integer` (ids, block heights, tree sizes): a larger number in a request is refused. */
  maxInt4: 2_147_483_647,
  paginationScrollMs: 800,
  columnMinWidth: 88,
  columnMaxWidth: 500,
  fileMaxBytes: 5 * 1024 * 1024,
  bulkImportAdvisedRows: 2_000,
  bulkImportMaxRows: 20_000,
  evidenceVinUploadMax: 500,
  enterprisesPerAccount: 6,
  rolesPerMember: 5,
  usernameMax: 30,
  roleNameMax: 100,
  roleDescriptionMax: 100,
  projectNumberMax: 100,
  productCodeOrBatchMax: 50,
  templateNameMax: 20,
  templateNotesMax: 100,
  ticketTitleMin: 3,
  ticketTitleMax: 50,
  commentMax: 500,
  emailMax: 320,
  passwordMin: 8,
  passwordMax: 20,
  verificationCodeLength: 6,
  sessionTimeoutDefaultMin: 30,
  sessionTimeoutMinMin: 30,
  sessionTimeoutMaxMin: 720,
  unreadBadgeMax: 99,
  troubleshootingMaxAmount: 10_000,
  troubleshootingMaxSpanDays: 31,
  troubleshootingChecksPerTask: 100,
  usernameEditsPerYear: 2,
  evidenceLinkValidityMs: 3 * 60 * 1000,
  highCostShareThreshold: 0.001,
  identificationLength: 32,
  traceabilityLevels: 5,
  returnBillNumbersShown: 20,
  avatarColourCount: 6,
  mapLoadTimeoutMs: 2_000,
  dialogDefaultWidth: 600,
  detailCardColumns: 2,
  sidebarWidth: 256,
  linkApplicationFieldMax: 100,
  /** Weight and normalised numbers: 9 integer digits, 4 decimals (spec section 5). */
  numberIntegerDigits: 9,
  numberDecimalDigits: 4,
} as const;

/** Examine (link application) statuses shown in the select-enterprise dialog (spec 4, 9). */
export const EXAMINE_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;

/** Colours of badges and dots (spec 2.5). */
export const BADGE_COLOURS = {
  blue: '#3BA3F3',
  green: '#71CA53',
  yellow: '#EEB253',
  grey: '#A1A4A9',
  red: '#FD8480',
  primary: '#38C3A4',
} as const;

/** Six avatar colours rotated by row index in the select-enterprise dialog. */
export const AVATAR_COLOURS = ['#38C3A4', '#3BA3F3', '#EEB253', '#FD8480', '#8C7CF0', '#71CA53'] as const;
