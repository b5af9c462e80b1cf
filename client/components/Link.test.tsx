import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Link as RouterLink, NavLink as RouterNavLink, StaticRouterProvider } from 'react-router';
import { Link, NavLink } from './Link';

// The server writes the site's links itself (Link.tsx); they must be react-router's markup exactly,
// or hydration would patch every link of every page.

async function render(url: string, element: ReactElement): Promise<string> {
  const handler = createStaticHandler([{ path: '*', element }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const LINKS: Array<[string, (L: typeof Link) => ReactElement]> = [
  ['a plain path', (L) => <L to="/en/numbers">Numbers</L>],
  ['the root', (L) => <L to="/">Home</L>],
  ['a query and a hash', (L) => <L to="/numbers?category=gold&amp;sort=price_desc#results">Gold</L>],
  [
    'attributes and a label',
    (L) => (
      <L to="/news/oq-day" className="card" aria-label="Oq day" title="t" data-x="1">
        Read
      </L>
    ),
  ],
  [
    'a new tab',
    (L) => (
      <L to="/about" target="_blank" rel="noopener">
        About
      </L>
    ),
  ],
  ['a relative path (react-router resolves it)', (L) => <L to="tariffs">Tariffs</L>],
  ['an object path (react-router resolves it)', (L) => <L to={{ pathname: '/news', search: '?page=2' }}>Page 2</L>],
  [
    'a full reload',
    (L) => (
      <L to="/uz" reloadDocument>
        UZ
      </L>
    ),
  ],
  [
    'state and replace, which only a click uses',
    (L) => (
      <L to="/payment" state={{ from: 'x' }} replace preventScrollReset>
        Pay
      </L>
    ),
  ],
];

const NAV_LINKS: Array<[string, (L: typeof NavLink) => ReactElement]> = [
  ['active on its own page', (L) => <L to="/en/numbers">Numbers</L>],
  ['active below its page', (L) => <L to="/en">Home</L>],
  [
    'not active below its page with end',
    (L) => (
      <L to="/en" end>
        Home
      </L>
    ),
  ],
  ['inactive elsewhere', (L) => <L to="/en/news">News</L>],
  ['active whatever the case', (L) => <L to="/EN/Numbers">Numbers</L>],
  [
    'a class and style from the state',
    (L) => (
      <L
        to="/en/numbers"
        className={({ isActive }) => (isActive ? 'on' : 'off')}
        style={({ isActive }) => ({ fontWeight: isActive ? 700 : 400 })}
      >
        N
      </L>
    ),
  ],
  [
    'children from the state',
    (L) => (
      <L to="/en/news" className="nav">
        {({ isActive }) => (isActive ? 'here' : 'there')}
      </L>
    ),
  ],
  [
    'its own aria-current',
    (L) => (
      <L to="/en/numbers" aria-current="location" className="x">
        N
      </L>
    ),
  ],
];

describe('the site links, written on the server', () => {
  it.each(LINKS)('write what react-router writes for %s', async (_name, make) => {
    const ours = await render('/en/numbers/gold', make(Link));
    expect(ours).toBe(await render('/en/numbers/gold', make(RouterLink as typeof Link)));
    expect(ours).toContain('<a ');
  });

  it.each(NAV_LINKS)('write what react-router writes for a nav link %s', async (_name, make) => {
    const ours = await render('/en/numbers', make(NavLink));
    expect(ours).toBe(await render('/en/numbers', make(RouterNavLink as typeof NavLink)));
  });

  it('are the site’s own components on the server, not react-router’s', async () => {
    expect(Link).not.toBe(RouterLink);
    expect(NavLink).not.toBe(RouterNavLink);
  });
});
