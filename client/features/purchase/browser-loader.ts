import { useEffect } from 'react';
import { data, useRevalidator, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { useHydrated } from '../../components/use-hydrated';
import { requestOf } from '../../framework/request-context';
import { subscribeTokens } from '../../../shared/tokens';

/**
 * A purchase step's loader. The visitor's tokens live in the browser's storage (the
 * specification), so the server cannot know their booking, phone or order: there the loader
 * gives null (the page renders its "checking" state) and, in the browser, `read` asks the API
 * with the tokens. A client navigation runs it at once; after a server render the page asks
 * the router to revalidate once hydrated (`useBrowserLoaderData`).
 */
export function browserLoader<T>(read: (args: LoaderFunctionArgs) => Promise<T>) {
  return async (args: LoaderFunctionArgs): Promise<T | null> => (requestOf(args.context).side === 'server' ? null : read(args));
}

/**
 * A purchase step's action (a mutation with the visitor's tokens), run by the router in the
 * browser through `useFetcher`, so the form's busy and error states are the fetcher's. The
 * server never runs it: it answers a POST to a page 405 before rendering (server/site/app.ts); were
 * one to reach the router there, it gets the same 405, never the tokenless request.
 */
export function browserAction<T>(run: (args: ActionFunctionArgs) => Promise<T>) {
  return async (args: ActionFunctionArgs): Promise<T> => {
    if (requestOf(args.context).side === 'server') throw data(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    return run(args);
  };
}

/**
 * The router side of `browserLoader`: revalidates once hydrated when the data came from the
 * server (null), and, with `followTokens`, whenever the tokens change (another tab reserves,
 * cancels or confirms the phone). `busy` and `retry` are the router's revalidation.
 */
export function useBrowserLoaderData(data: unknown, { followTokens = false }: { followTokens?: boolean } = {}) {
  const hydrated = useHydrated();
  const { revalidate, state } = useRevalidator();
  const fromServer = data === null;
  useEffect(() => {
    if (hydrated && fromServer) void revalidate();
  }, [hydrated, fromServer, revalidate]);
  useEffect(() => {
    if (!followTokens) return undefined;
    // Tokens change in groups (placing an order stores its access and drops the booking in one
    // go): ask again once, after the group, never between its changes.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeTokens(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void revalidate(), 0);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [followTokens, revalidate]);
  return { busy: state === 'loading', retry: () => void revalidate() };
}
