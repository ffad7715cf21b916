import type { ReactNode } from 'react';
import { useServices } from '../context.js';

/** A link inside the app: a real href (open in a new tab works), followed without reloading the page. */
export function Link({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const { navigate } = useServices();
  return (
    <a href={to} className={className} onClick={(e) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(to);
      window.scrollTo(0, 0);
    }}>{children}</a>
  );
}

/** Where the pages of a game's "How to play" live. */
export const learnPath = (game: string): string => `/learn/${game}`;
export const guidedPath = (game: string): string => `/learn/${game}/guided`;
