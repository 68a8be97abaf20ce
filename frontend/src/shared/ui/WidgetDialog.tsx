import type { KeyboardEvent, ReactNode, Ref } from 'react';

interface Props {
  id: string;
  dialogRef: Ref<HTMLElement>;
  /** The id of its heading, which names it. */
  labelledBy: string;
  /** Kept in the page while closed (the voice chat's call goes on). */
  hidden?: boolean;
  className: string | undefined;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The open panel of a widget that floats over every page (the chat, the voice chat): a non-modal dialog named by
 * its heading, focusable itself (it holds focus while nothing inside can), that Escape closes.
 */
export function WidgetDialog({ id, dialogRef, labelledBy, hidden, className, onClose, children }: Props) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
  };
  return (
    <section
      id={id}
      ref={dialogRef}
      role="dialog"
      aria-labelledby={labelledBy}
      tabIndex={-1}
      hidden={hidden}
      className={className}
      onKeyDown={onKeyDown}
    >
      {children}
    </section>
  );
}
