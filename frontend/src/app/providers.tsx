import { App as AntApp, ConfigProvider } from 'antd';
import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from './store';
import { theme } from './theme';

// The specification's toaster: one toast at a time, gone after 5 s.
const notification = { maxCount: 1, duration: 5, placement: 'topRight' } as const;

export function AppProviders({ children }: { children: ReactNode }) {
  const [store] = useState(makeStore);
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        <AntApp notification={notification} component={false}>
          {children}
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
