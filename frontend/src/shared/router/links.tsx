import { useEffect, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';
import { useLocation, useNavigate } from './hooks';
import { createPath, parsePath } from './routes';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An absolute path, with its query and hash if any. */
  to: string;
  replace?: boolean;
  /** Kept in the history entry (location.state). */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A click the page handles itself: the main button, no modifier (those open a tab or a window), same frame. */
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.button === 0 &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
  (!target || target === '_self');

/** An <a href> the router follows without reloading the page; its own onClick may cancel that. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event, target)) return;
        event.preventDefault();
        // A link to the page already shown replaces its history entry rather than adding a second one.
        navigate(to, { replace: replace ?? createPath(location) === createPath(parsePath(to)), state });
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** A function of whether the link is the current page; a plain class gets `active` added then. */
  className?: string | ((status: { isActive: boolean }) => string | undefined);
  /** Current only on its own path, not on the paths below it. */
  end?: boolean;
}

/** A Link that knows it is the current page: aria-current="page" and the active class. */
export function NavLink({ className, end, ...rest }: NavLinkProps) {
  const current = useLocation().pathname.toLowerCase();
  const own = parsePath(rest.to).pathname.toLowerCase();
  const below = own.endsWith('/') ? own : `${own}/`;
  const isActive = current === own || (!end && current.startsWith(below));
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : undefined].filter(Boolean).join(' ') || undefined;
  return <Link {...rest} className={classes} aria-current={isActive ? 'page' : undefined} />;
}

/** Goes to `to` as soon as it is shown (a screen that has nothing to show for this visit). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}
