import { useEffect, useRef } from 'react';
import { ScrollRestoration, useLocation } from 'react-router';

/**
 * Where the window and the focus are after an in-site navigation. react-router's
 * `ScrollRestoration` starts a new page at its top, brings an earlier one back to where the
 * visitor left it (Back, Forward), scrolls to an in-page anchor, and leaves the place alone for a
 * navigation made with `preventScrollReset` (the search forms, which only change the query).
 * It does not move the focus, so a screen reader would stay on the link that was followed: on a
 * new path the focus goes to the page's heading (else its main region), without scrolling, so the
 * restored position is kept.
 */
export function NavigationScroll() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main');
    const target = main?.querySelector<HTMLElement>('h1') ?? main;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname]);
  return <ScrollRestoration />;
}
