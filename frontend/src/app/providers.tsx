import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastProvider } from '../shared/ui/Toaster';
import { makeStore } from './store';

// No antd here: it loads with the screens that use it (shared/ui/AntdScope.tsx).
export function AppProviders({ children }: { children: ReactNode }) {
  const [store] = useState(makeStore);
  return (
    <Provider store={store}>
      <ToastProvider>{children}</ToastProvider>
    </Provider>
  );
}
