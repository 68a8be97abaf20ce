import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Link, type LinkProps } from '../router/links';
import styles from './button.module.css';

interface Look {
  /** primary: filled teal; default: white with a grey border. */
  variant?: 'primary' | 'default';
  size?: 'middle' | 'large';
  /** As wide as its container. */
  block?: boolean;
  /** Shown before the label; decorative (give it aria-hidden). */
  icon?: ReactNode;
}

function lookClass({ variant = 'default', size = 'middle', block }: Look, className?: string): string {
  return [styles.button, styles[variant], size === 'large' && styles.large, block && styles.block, className]
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends Look, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** The button's type attribute; "button" unless it submits a form. */
  type?: 'button' | 'submit' | 'reset';
  /** A spinner replaces the icon, aria-busy is set and clicks are ignored until it is done. */
  loading?: boolean;
}

/**
 * The portal's button, in antd's look (the theme's teal, 10 px corners, 12 px when large), without antd's
 * runtime: the pages of the first visit use this (see AntdScope.tsx for why).
 */
export function Button({
  variant,
  size,
  block,
  icon,
  loading = false,
  type = 'button',
  className,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const shownIcon = loading ? <span className={styles.spinner} aria-hidden /> : icon;
  return (
    <button
      {...rest}
      type={type}
      className={lookClass({ variant, size, block }, className)}
      aria-busy={loading || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {shownIcon && <span className={styles.icon}>{shownIcon}</span>}
      {children}
    </button>
  );
}

/** A link to another page that looks like a Button (navigation is a link, not a button, for assistive tech). */
export function ButtonLink({ variant, size, block, icon, className, children, ...rest }: Look & LinkProps) {
  return (
    <Link {...rest} className={lookClass({ variant, size, block }, className)}>
      {icon && <span className={styles.icon}>{icon}</span>}
      {children}
    </Link>
  );
}
