import { createElement, forwardRef, type ForwardedRef } from 'react';
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
 * exactly as react-router would write it: Link.test.tsx renders each kind of link both ways and
 * fails on a react-router upgrade that writes its links otherwise. Anything else (a relative or
 * object `to`, a prefetch, a mask, a full reload) goes to react-router's component. In the
 * browser it always does: hydration and navigation are react-router's.
 */

const ON_SERVER = typeof window === 'undefined';

/** A `to` that react-router would resolve to itself: one leading slash, no dot segment, no double slash. */
function plainPath(to: LinkProps['to']): to is string {
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && !/\/\.\.?(\/|$|\?|#)|\/\//.test(to.split(/[?#]/)[0]);
}

/** Whether react-router would write this link as its plain anchor: a plain path, no prefetch, no mask, no full reload. */
function writtenAsIs(props: LinkProps): props is LinkProps & { to: string } {
  const { discover, prefetch } = props;
  return (
    plainPath(props.to) &&
    (discover === undefined || discover === 'render') &&
    (prefetch === undefined || prefetch === 'none') &&
    !props.reloadDocument &&
    !('mask' in props)
  );
}

// Props react-router's Link takes for itself: never attributes of the anchor.
const LINK_OWN = new Set([
  'to',
  'onClick',
  'discover',
  'prefetch',
  'relative',
  'reloadDocument',
  'replace',
  'mask',
  'state',
  'target',
  'preventScrollReset',
  'viewTransition',
  'defaultShouldRevalidate',
]);
const NAV_LINK_OWN = new Set([...LINK_OWN, 'aria-current', 'caseSensitive', 'className', 'end', 'style', 'children']);

/**
 * The anchor react-router writes, its attributes in react-router's order: the caller's (but the
 * link's own props), then `extra` (NavLink's), then href, onClick, ref, target and data-discover.
 */
function anchor(
  props: LinkProps & { to: string },
  own: Set<string>,
  extra: Record<string, unknown> | null,
  ref: ForwardedRef<HTMLAnchorElement>,
) {
  const attributes: Record<string, unknown> = {};
  for (const key in props) if (!own.has(key)) attributes[key] = props[key as keyof LinkProps];
  if (extra) Object.assign(attributes, extra);
  attributes.href = props.to;
  attributes.onClick = props.onClick;
  attributes.ref = ref;
  attributes.target = props.target;
  attributes['data-discover'] = 'true';
  return createElement('a', attributes);
}

const ServerLink = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  if (writtenAsIs(props)) return anchor(props, LINK_OWN, null, ref);
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
  const location = useLocation();
  if (!writtenAsIs(props as LinkProps)) return <RouterNavLink {...props} ref={ref} />;
  const { 'aria-current': ariaCurrent = 'page', caseSensitive = false, className = '', end = false, style, children } = props;
  const to = props.to as string;
  const isActive = activeOn(location.pathname, to.split(/[?#]/)[0], end, caseSensitive);
  const state = { isActive, isPending: false, isTransitioning: false };
  return anchor(
    props as LinkProps & { to: string },
    NAV_LINK_OWN,
    {
      'aria-current': isActive ? ariaCurrent : undefined,
      className: typeof className === 'function' ? className(state) : [className, isActive ? 'active' : null].filter(Boolean).join(' '),
      style: typeof style === 'function' ? style(state) : style,
      children: typeof children === 'function' ? children(state) : children,
    },
    ref,
  );
});

export const Link = ON_SERVER ? ServerLink : RouterLink;
export const NavLink = ON_SERVER ? ServerNavLink : RouterNavLink;
