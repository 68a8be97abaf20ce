import { CloseOutlined } from '../ui/icons/CloseOutlined';
import { MessageOutlined } from '../ui/icons/MessageOutlined';
import { PhoneOutlined } from '../ui/icons/PhoneOutlined';
import { CRISIS_BANNER_TEXT, CRISIS_LINES } from '@hhp/proto/catalogue/crisis';
import { useEffect, useId, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { crisisDismissed, selectCrisis, type CrisisState } from './crisis-slice';
import styles from './crisis.module.css';

/**
 * The crisis banner (specification, sections 1 and 4). It is a live alert, so it is announced the moment
 * it appears. When a service's verdict (or an unanswered crisis message) raises it, focus moves to it too; a match while typing leaves focus
 * in the text box, so the visitor is not pulled out of what they are writing.
 */
export function CrisisBanner() {
  const crisis = useSelector((state: { crisis: CrisisState }) => selectCrisis(state));
  const dispatch = useDispatch();
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  // Raises that happened before this page was shown are not news: no focus move for them.
  const handled = useRef(crisis.raised);

  useEffect(() => {
    if (crisis.raised === handled.current) return;
    handled.current = crisis.raised;
    if (crisis.visible && crisis.source !== 'typing') ref.current?.focus();
  }, [crisis.raised, crisis.visible, crisis.source]);

  // Toasts keep clear of the banner and its close button: the toaster (shared/ui/toast.module.css) starts
  // below --crisis-banner-bottom, the banner's lower edge in the viewport, kept current while it shows.
  useEffect(() => {
    const banner = ref.current;
    if (!crisis.visible || !banner) return;
    const root = document.documentElement;
    let frame = 0;
    const publish = () => {
      frame = 0;
      root.style.setProperty('--crisis-banner-bottom', `${Math.max(0, banner.getBoundingClientRect().bottom)}px`);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(publish);
    };
    publish();
    const observer = new ResizeObserver(schedule);
    observer.observe(banner);
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      root.style.removeProperty('--crisis-banner-bottom');
    };
  }, [crisis.visible]);

  if (!crisis.visible) return null;
  return (
    <section ref={ref} role="alert" aria-labelledby={titleId} tabIndex={-1} className={styles.banner}>
      <div className={styles.body}>
        <p id={titleId} className={styles.title}>
          {CRISIS_BANNER_TEXT}
        </p>
        <ul className={styles.lines}>
          <li>
            <a href={CRISIS_LINES.phone.href} className={styles.line}>
              <PhoneOutlined aria-hidden /> Call {CRISIS_LINES.phone.number}: {CRISIS_LINES.phone.label}
            </a>
          </li>
          <li>
            <a href={CRISIS_LINES.text.href} className={styles.line}>
              <MessageOutlined aria-hidden /> {CRISIS_LINES.text.label}
            </a>
          </li>
        </ul>
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label="Close crisis resources"
        onClick={() => dispatch(crisisDismissed())}
      >
        <CloseOutlined aria-hidden />
      </button>
    </section>
  );
}
