import type { ThemeConfig } from 'antd';

export const PRIMARY_COLOUR = '#38C3A4';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOUR,
    colorLink: PRIMARY_COLOUR,
    colorInfo: '#3BA3F3',
    colorSuccess: '#71CA53',
    colorWarning: '#EEB253',
    colorError: '#F5615C',
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
