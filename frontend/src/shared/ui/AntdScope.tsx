import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * antd, with the portal's theme, for the parts that load later: the video library, the video player, the
 * phone drawer. Import it only from lazily loaded chunks. antd's runtime (its CSS-in-JS engine and the
 * components) would otherwise be downloaded and parsed before a phone can use the first page, which
 * Lighthouse's mobile budget charges to the page's paint. The first-load screens use the small components
 * beside this file instead (Button, TextInput, TextArea, the toaster), styled with the same colours.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
