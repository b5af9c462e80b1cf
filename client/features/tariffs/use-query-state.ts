import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A value that lives in the URL query yet answers a change at once: the page renders the new
 * value in the same event, and the URL follows (replace, scroll kept; the page's shouldRevalidate
 * decides whether loaders run). A query that arrives from elsewhere (back, a link) is read again.
 */
export function useQueryState<T>(read: (query: URLSearchParams) => T, write: (value: T) => string): [T, (next: T) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const [value, setValue] = useState(() => read(new URLSearchParams(search)));
  // The latest functions, so callers may pass fresh closures on every render.
  const codec = useRef({ read, write });
  useEffect(() => {
    codec.current = { read, write };
  });
  // The query this page wrote last: its arrival is no news.
  const written = useRef(search);
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    setValue(codec.current.read(new URLSearchParams(search)));
  }, [search]);
  const update = useCallback(
    (next: T) => {
      setValue(next);
      const query = codec.current.write(next);
      written.current = query;
      navigate({ search: query }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );
  return [value, update];
}
