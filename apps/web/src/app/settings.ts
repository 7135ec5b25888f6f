/** Layout settings of spec 3 ("Settings"): the tabs row and the sidebar logo are on, the header scrolls. */
export const LAYOUT_SETTINGS = {
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
} as const;
