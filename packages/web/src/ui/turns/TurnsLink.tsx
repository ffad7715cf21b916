import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useServices } from '../context.js';
import { titleWithCount, waitingCount } from './rows.js';
import { useTurns } from './turns-store.js';
import './turns.css';

/** The count of turn-based tables waiting for this player's move (0 while not known). */
export function useWaitingCount(): number {
  return waitingCount(useTurns().answer);
}

/**
 * The header's way to "Your turns", with the count of tables waiting for the player's move: a
 * badge beside it, said in its name ("Your turns, 2 waiting for you"). Nothing before a name.
 */
export function TurnsLink() {
  const { t } = useTranslation();
  const { navigate } = useServices();
  const player = useApp((s) => s.player);
  const count = useWaitingCount();
  if (player === null) return null;
  const here = window.location.pathname === '/me/turns';
  return (
    <a className="turns-link" href="/me/turns" aria-current={here ? 'page' : undefined}
      onClick={(e) => { if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; e.preventDefault(); navigate('/me/turns'); }}>
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" className="turns-icon">
        <path d="M6 3h12M6 21h12M7 3c0 5 10 6 10 9s-10 4-10 9M17 3c0 5-10 6-10 9s10 4 10 9" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
      </svg>
      {/* Its name is the words with the count ("Your turns, 2 waiting for you"); on screen the words and a badge. */}
      {count > 0 ? <CountedName count={count} /> : <span className="turns-link-text">{t('turns.nav')}</span>}
    </a>
  );
}

/** "Your turns" and a badge of the count on screen, "Your turns, 2 waiting for you" as the link's name. */
export function CountedName({ count, className = 'turns-link-text' }: { count: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="visually-hidden">{t('turns.navWaiting', { count })}</span>
      <span className={className} aria-hidden="true">{t('turns.nav')}</span>
      <span className="turns-count" aria-hidden="true">{count}</span>
    </>
  );
}

/**
 * Keeps the count of tables waiting for the player's move in front of the tab's title ("(2)
 * Parlor"), whatever title a page sets: each change of the title gets the count put back.
 */
export function useTurnsTitle(): void {
  const count = useWaitingCount();
  useEffect(() => {
    const apply = () => {
      const want = titleWithCount(document.title, count);
      if (document.title !== want) document.title = want;
    };
    apply();
    const head = document.head;
    const observer = new MutationObserver(apply);
    observer.observe(head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithCount(document.title, 0);
    };
  }, [count]);
}
