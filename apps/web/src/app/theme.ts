import type { ThemeConfig } from 'antd';

/**
 * The console's primary colour: the brand's teal darkened to 5.3:1 against white, so white text on it and
 * it as text on white both meet WCAG AA (the light brand teal #38C3A4 was 2.2:1). BRAND_LIGHT only
 * decorates (the logo, illustrations).
 */
export const PRIMARY_COLOUR = '#0F7A64';
export const BRAND_LIGHT = '#38C3A4';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOUR,
    colorLink: PRIMARY_COLOUR,
    // Status colours dark enough to be read as text on white (links such as Delete, messages).
    colorInfo: '#0958D9',
    colorSuccess: '#237804',
    colorWarning: '#D48806',
    colorError: '#CF1322',
    // Their light backgrounds as antd's defaults (derived from the darker seeds they turn muddy).
    colorSuccessBg: '#F6FFED',
    colorSuccessBorder: '#B7EB8F',
    colorInfoBg: '#E6F4FF',
    colorInfoBorder: '#91CAFF',
    colorWarningBg: '#FFFBE6',
    colorWarningBorder: '#FFE58F',
    colorErrorBg: '#FFF1F0',
    colorErrorBorder: '#FFCCC7',
    // Descriptions and hints: antd's 45 % black is 3.4:1, below AA.
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    // Placeholders stay lighter than values but readable (4.7:1).
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Helvetica, Arial, sans-serif",
  },
  components: {
    Menu: {
      darkItemBg: '#001529',
      darkSubMenuItemBg: '#000c17',
      darkItemSelectedBg: PRIMARY_COLOUR,
      itemHeight: 48,
    },
    Table: { headerBg: '#f7f8fa', headerColor: '#1f2329' },
    Card: { headerFontSize: 15 },
  },
};
