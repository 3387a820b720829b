import type { MouseEvent, ReactNode } from 'react';

/** Moves to another page of the app: the router inside the app; on the door, the app itself, loaded there. */
export type Go = (path: string, options?: { replace?: boolean }) => unknown;

/** A link that a plain click follows through `go` (as the router's Link does); a modified click is the browser's. */
export function DoorLink({
  to,
  go,
  className,
  label,
  children,
}: {
  to: string;
  go: Go;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void go(to);
  };
  return (
    <a href={to} className={className} aria-label={label} onClick={onClick}>
      {children}
    </a>
  );
}
