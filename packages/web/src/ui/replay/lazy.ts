import { type ComponentType, Suspense, createElement, lazy } from 'react';

/**
 * A view loaded as a chunk of its own the first time it is shown (a game's replay view: its code,
 * styles and the rules it calls stay out of other pages' loads); a busy placeholder until then.
 */
export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const View = lazy(async () => ({ default: await load() }));
  return (props: P) => createElement(Suspense, { fallback: createElement('div', { 'aria-busy': true, className: 'replay-loading' }) }, createElement(View, props));
}
