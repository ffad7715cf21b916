/**
 * The browser's offer to install Parlor as an app (Chromium's `beforeinstallprompt`), kept from
 * the page's first moments — the event fires once, soon after load, whatever page is open — so that
 * the offline page can offer an Install button. Browsers without the event (Safari, Firefox) never
 * make the offer: the page then says how to install from the browser's menu.
 */

/** The event's part that matters here (it is not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ readonly outcome: 'accepted' | 'dismissed' }>;
}

/** `available`: the button can install; `installed`: running as the installed app, or just installed. */
export type InstallState = 'unavailable' | 'available' | 'installed';

export interface InstallOffer {
  state(): InstallState;
  subscribe(listener: () => void): () => void;
  /** Shows the browser's own install dialog; what the person chose (`unavailable`: no offer now). */
  install(): Promise<'accepted' | 'dismissed' | 'unavailable'>;
}

export function createInstallOffer(target: EventTarget, standalone = false): InstallOffer {
  let offer: InstallPromptEvent | null = null;
  let state: InstallState = standalone ? 'installed' : 'unavailable';
  const listeners = new Set<() => void>();
  const set = (s: InstallState) => { state = s; for (const l of listeners) l(); };
  target.addEventListener('beforeinstallprompt', (e) => {
    // Kept for the button instead of the browser's own banner.
    e.preventDefault();
    offer = e as InstallPromptEvent;
    set('available');
  });
  target.addEventListener('appinstalled', () => { offer = null; set('installed'); });
  return {
    state: () => state,
    subscribe(listener) { listeners.add(listener); return () => { listeners.delete(listener); }; },
    async install() {
      const e = offer;
      if (e === null) return 'unavailable';
      // An offer can be shown once; the browser makes a new one later if it is declined.
      offer = null;
      await e.prompt();
      const { outcome } = await e.userChoice;
      set(outcome === 'accepted' ? 'installed' : 'unavailable');
      return outcome;
    },
  };
}

/** This page's offer (null outside a browser). Imported by main.tsx first, so no event is missed. */
export const installOffer: InstallOffer | null = typeof window === 'undefined' ? null
  : createInstallOffer(window, window.matchMedia?.('(display-mode: standalone)').matches === true);
