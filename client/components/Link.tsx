import { forwardRef, type ForwardedRef } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink, useLocation, type LinkProps, type NavLinkProps } from 'react-router';

/*
 * The site's links: react-router's Link and NavLink, with the same props, the same markup and the
 * same behaviour in the browser (client navigation, prefetch, state, scroll).
 *
 * Why not react-router's own on the server: each of its links resolves its `to` against the route
 * tree (useResolvedPath, useHref, useLocation, the click handler's hooks), about 23 µs a link in a
 * CPU profile, and `/` renders 48 of them: 6 to 8 % of the page's server CPU (bench/README.md,
 * issue 29). Every `to` the site passes is already an absolute, clean path made by `href()`
 * (shared/paths.ts), which resolves to itself; so on the server such a link is written directly,
 * exactly as react-router would write it (`npm run bench:html` compares every page's HTML with
 * react-router's). Anything else (a relative or object `to`, a prefetch, a mask, a full reload)
 * goes to react-router's component. In the browser it always does: hydration and navigation are
 * react-router's.
 */

const ON_SERVER = typeof window === 'undefined';

/** A `to` that react-router would resolve to itself: one leading slash, no dot segment, no double slash. */
function plainPath(to: LinkProps['to']): to is string {
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && !/\/\.\.?(\/|$|\?|#)|\/\//.test(to.split(/[?#]/)[0]);
}

type PassThrough = Omit<LinkProps, 'to' | 'discover' | 'prefetch' | 'reloadDocument' | 'replace' | 'state' | 'preventScrollReset' | 'relative' | 'viewTransition'>;

/** What react-router's Link writes for a plain path on the server: the anchor with `data-discover`. */
function serverAnchor(rest: PassThrough, to: string, ref: ForwardedRef<HTMLAnchorElement>) {
  const { onClick, target, children, ...attributes } = rest;
  return (
    <a {...attributes} href={to} onClick={onClick} ref={ref} target={target} data-discover="true">
      {children}
    </a>
  );
}

function fastPathOf(props: LinkProps): PassThrough | null {
  const { to, discover, prefetch, reloadDocument, replace, state, preventScrollReset, relative, viewTransition, ...rest } = props;
  if (!plainPath(to) || (discover !== undefined && discover !== 'render') || (prefetch !== undefined && prefetch !== 'none')) return null;
  // Props that only matter to a click in the browser; a mask changes the written href.
  if (reloadDocument || 'mask' in rest) return null;
  void [replace, state, preventScrollReset, relative, viewTransition];
  return rest;
}

const ServerLink = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const rest = fastPathOf(props);
  if (rest) return serverAnchor(rest, props.to as string, ref);
  return <RouterLink {...props} ref={ref} />;
});

/** NavLink's rule for "active", as react-router has it (on the server no navigation is pending). */
function activeOn(locationPathname: string, toPathname: string, end: boolean, caseSensitive: boolean): boolean {
  const location = caseSensitive ? locationPathname : locationPathname.toLowerCase();
  const target = caseSensitive ? toPathname : toPathname.toLowerCase();
  const endSlashPosition = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return location === target || (!end && location.startsWith(target) && location.charAt(endSlashPosition) === '/');
}

const ServerNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const { 'aria-current': ariaCurrentProp = 'page', caseSensitive = false, className: classNameProp = '', end = false, style: styleProp, children, ...linkProps } = props;
  const location = useLocation();
  const rest = fastPathOf(linkProps);
  if (!rest) return <RouterNavLink {...props} ref={ref} />;
  const to = linkProps.to as string;
  const isActive = activeOn(location.pathname, to.split(/[?#]/)[0], end, caseSensitive);
  const renderProps = { isActive, isPending: false, isTransitioning: false };
  const className = typeof classNameProp === 'function' ? classNameProp(renderProps) : [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ');
  const style = typeof styleProp === 'function' ? styleProp(renderProps) : styleProp;
  const content = typeof children === 'function' ? children(renderProps) : children;
  return serverAnchor({ ...rest, 'aria-current': isActive ? ariaCurrentProp : undefined, className, style, children: content }, to, ref);
});

export const Link = ON_SERVER ? ServerLink : RouterLink;
export const NavLink = ON_SERVER ? ServerNavLink : RouterNavLink;
