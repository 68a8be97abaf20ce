import { renderToString } from 'react-dom/server';
import { useParams } from '../../src/shared/router/hooks';
import { Link, NavLink } from '../../src/shared/router/links';
import { Outlet } from '../../src/shared/router/render';
import { loadMatches, matchRoutes, type RouteObject } from '../../src/shared/router/routes';
import { StaticRouter, staticRouter } from '../../src/shared/router/StaticRouter';

const screen = (name: string) => async () => ({ Component: () => <p>{name}</p> });

function Layout() {
  return (
    <>
      <nav>
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/symptoms" className="link">
          Symptoms
        </NavLink>
        <Link to="/treatments#naet" state={{ from: 'nav' }} replace>
          NAET
        </Link>
      </nav>
      <Outlet />
    </>
  );
}

function Condition() {
  return <p>condition {useParams().slug}</p>;
}

// The shape of the portal's table (app/routes.tsx): a layout, its screens, a parameter and a catch-all.
const table = (): RouteObject[] => [
  {
    path: '/',
    Component: Layout,
    children: [
      { index: true, lazy: screen('home') },
      { path: 'symptoms', lazy: screen('symptoms') },
      { path: 'subscription/sign-in', lazy: screen('sign-in') },
      { path: 'conditions/list', lazy: screen('list') },
      { path: 'conditions/:slug', lazy: async () => ({ Component: Condition }) },
      { path: '*', lazy: screen('not found') },
    ],
  },
];

const shown = (pathname: string) => matchRoutes(table(), pathname)?.map((m) => m.route.path ?? 'index');

describe('which routes a path shows', () => {
  test('when the path is the root, then the layout and its index route', () => {
    expect(shown('/')).toEqual(['/', 'index']);
  });

  test('when the path has a trailing slash or other capitals, then it is the same page', () => {
    expect(shown('/symptoms/')).toEqual(['/', 'symptoms']);
    expect(shown('/Symptoms')).toEqual(['/', 'symptoms']);
    expect(shown('/subscription/sign-in')).toEqual(['/', 'subscription/sign-in']);
  });

  test('when a static route and a parameter route both fit, then the static one wins, and the parameter is decoded', () => {
    expect(shown('/conditions/list')).toEqual(['/', 'conditions/list']);
    const matches = matchRoutes(table(), '/conditions/acid%20reflux');
    expect(matches?.at(-1)?.route.path).toBe('conditions/:slug');
    expect(matches?.at(-1)?.params).toEqual({ slug: 'acid reflux' });
  });

  test('when no page has the path, then the catch-all shows it, with the rest of the path', () => {
    expect(shown('/conditions/insomnia/more')).toEqual(['/', '*']);
    expect(matchRoutes(table(), '/nowhere/at-all')?.at(-1)?.params).toEqual({ '*': 'nowhere/at-all' });
    expect(shown('/symptomsx')).toEqual(['/', '*']);
  });
});

describe('downloading the screens of a page', () => {
  test('when a screen is loaded, then it becomes part of its route and is not downloaded again', async () => {
    let downloads = 0;
    const routes: RouteObject[] = [{ path: '/', lazy: async () => (downloads++, { Component: () => <p>home</p> }) }];
    const matches = matchRoutes(routes, '/') ?? [];
    await loadMatches(matches);
    await loadMatches(matchRoutes(routes, '/') ?? []);
    expect(downloads).toBe(1);
    expect(routes[0]?.lazy).toBeUndefined();
    expect(routes[0]?.Component).toBeDefined();
  });

  test('when a download fails, then the error is thrown and the route stays lazy, so a later visit tries again', async () => {
    let attempts = 0;
    const routes: RouteObject[] = [
      {
        path: '/',
        lazy: async () => {
          attempts++;
          if (attempts === 1) throw new Error('chunk lost');
          return { Component: () => <p>home</p> };
        },
      },
    ];
    await expect(loadMatches(matchRoutes(routes, '/') ?? [])).rejects.toThrow('chunk lost');
    expect(routes[0]?.lazy).toBeDefined();
    await loadMatches(matchRoutes(routes, '/') ?? []);
    expect(attempts).toBe(2);
  });
});

describe('a page rendered by the build (prerendering)', () => {
  const render = async (path: string) => renderToString(<StaticRouter router={await staticRouter(table(), path)} />);

  test('when a screen is rendered, then it shows inside its layout, and the current link says so', async () => {
    const html = await render('/symptoms');
    expect(html).toContain('<p>symptoms</p>');
    expect(html).toContain('<a class="link active" aria-current="page" href="/symptoms">Symptoms</a>');
    // Home is current only on its own path (end).
    expect(html).toContain('<a href="/">Home</a>');
    // A link is a plain link to its path (it works before the app starts); what it carries stays out.
    expect(html).toContain('<a href="/treatments#naet">NAET</a>');
  });

  test('when a parameter page is rendered, then its screen reads the parameter', async () => {
    expect(await render('/conditions/insomnia')).toContain('condition <!-- -->insomnia');
  });
});
