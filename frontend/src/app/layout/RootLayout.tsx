import { useEffect } from 'react';
import { Outlet } from '../../shared/router/render';
import { ScrollRestoration } from '../../shared/router/ScrollRestoration';
import { ChatLauncher } from '../../features/chat/components/ChatLauncher';
import { NavBar } from '../../features/navigation/components/NavBar';
import { VoiceLauncher } from '../../features/voice/components/VoiceLauncher';
import { SiteFooter } from './SiteFooter';
import { SkipLink } from './SkipLink';
import { useFocusMainOnNavigate } from './use-focus-main-on-navigate';
import styles from './layout.module.css';

export function RootLayout() {
  const mainRef = useFocusMainOnNavigate();
  // Marks the moment React owns the page (prerendered pages are static until then); tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <div className={styles.shell}>
      <SkipLink target="main" />
      <NavBar />
      <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <SiteFooter />
      {/* Before the chat in the page's order: Tab past the open chat's last control leaves the page's controls,
          where the chat's Escape still closes it (ChatLauncher). */}
      <VoiceLauncher />
      <ChatLauncher />
      <ScrollRestoration />
    </div>
  );
}
