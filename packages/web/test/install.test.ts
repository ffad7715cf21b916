import { describe, expect, it } from 'vitest';
import { createInstallOffer } from '../src/offline/install.js';

// The offline page's Install button (issue 14's offline play): the browser's install offer
// (beforeinstallprompt) is kept for the button, shown once per offer, and the state follows what
// the person chose.

/** A stand-in for Chromium's beforeinstallprompt event, answering with `outcome`. */
function offerEvent(outcome: 'accepted' | 'dismissed') {
  const e = new Event('beforeinstallprompt', { cancelable: true });
  let prompted = 0;
  Object.assign(e, { prompt: async () => { prompted++; }, userChoice: Promise.resolve({ outcome }) });
  return { event: e, prompted: () => prompted };
}

describe('install offer', () => {
  it('offers nothing until the browser does; then keeps the offer (no browser banner) and tells its listeners', async () => {
    const page = new EventTarget();
    const offer = createInstallOffer(page);
    let told = 0;
    offer.subscribe(() => { told++; });
    expect(offer.state()).toBe('unavailable');
    expect(await offer.install()).toBe('unavailable');

    const { event, prompted } = offerEvent('accepted');
    page.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(offer.state()).toBe('available');
    expect(told).toBe(1);

    expect(await offer.install()).toBe('accepted');
    expect(prompted()).toBe(1);
    expect(offer.state()).toBe('installed');
    // An offer is shown once.
    expect(await offer.install()).toBe('unavailable');
    expect(prompted()).toBe(1);
  });

  it('a declined offer leaves nothing to press until the browser offers again', async () => {
    const page = new EventTarget();
    const offer = createInstallOffer(page);
    page.dispatchEvent(offerEvent('dismissed').event);
    expect(await offer.install()).toBe('dismissed');
    expect(offer.state()).toBe('unavailable');
    page.dispatchEvent(offerEvent('accepted').event);
    expect(offer.state()).toBe('available');
  });

  it('installed from the browser\'s own menu, or opened as the installed app: installed', () => {
    const page = new EventTarget();
    const offer = createInstallOffer(page);
    page.dispatchEvent(offerEvent('accepted').event);
    page.dispatchEvent(new Event('appinstalled'));
    expect(offer.state()).toBe('installed');
    expect(createInstallOffer(new EventTarget(), true).state()).toBe('installed');
  });

  it('a listener that unsubscribed is not told', () => {
    const page = new EventTarget();
    const offer = createInstallOffer(page);
    let told = 0;
    const stop = offer.subscribe(() => { told++; });
    stop();
    page.dispatchEvent(offerEvent('accepted').event);
    expect(told).toBe(0);
  });
});
