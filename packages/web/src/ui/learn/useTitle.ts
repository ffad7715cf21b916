import { useEffect } from 'react';

/** The window's title while a page is shown; the previous one comes back when it goes. */
export function useTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => { document.title = before; };
  }, [title]);
}
