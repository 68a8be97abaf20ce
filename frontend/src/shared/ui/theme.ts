import type { ThemeConfig } from 'antd';

// antd's theme, for the parts of the portal that still use antd (see AntdScope.tsx). The first-load
// components in this folder (Button, TextInput, the toaster) restate these colours and radii in their CSS.
// Calm teal and green. Every text colour below keeps at least 4.5:1 against white and the mint background
// (antd's default tertiary grey and its lighter hover shades do not, so they are overridden).
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0f766e',
    colorPrimaryHover: '#115e59',
    colorPrimaryActive: '#134e4a',
    colorSuccess: '#15803d',
    colorError: '#b91c1c',
    colorWarning: '#a16207',
    colorInfo: '#0f766e',
    colorLink: '#0f766e',
    colorLinkHover: '#115e59',
    colorText: '#1f2937',
    colorTextSecondary: '#4b5563',
    colorTextTertiary: '#4b5563',
    colorTextDescription: '#4b5563',
    colorTextPlaceholder: '#6b7280',
    colorBgLayout: '#f3faf7',
    colorBorderSecondary: '#d8ece5',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontSize: 16,
    lineHeight: 1.6,
    borderRadius: 10,
    // Modals and drawers above the page's fixed layers (the sticky header and the chat launcher, 1000).
    zIndexPopupBase: 1100,
  },
  components: {
    Button: { primaryShadow: 'none' },
  },
};
