import { useDeferredValue } from 'react';

/**
 * A query's answer, drawn a moment after it arrives: the render that the answer's arrival
 * starts is synchronous (the query library reads its cache through useSyncExternalStore), so a
 * card of many rows drawn there holds the page in one block, over a second on a phone. The
 * deferred value is drawn in a render of its own that React splits into slices, the page
 * answering taps between them. `drawing` is true while an answer has arrived and is not drawn
 * yet (show the loading state then, not an empty list).
 */
export function useDeferredData<T>(data: T | undefined): { data: T | undefined; drawing: boolean } {
  const deferred = useDeferredValue(data);
  return { data: deferred, drawing: data !== undefined && deferred === undefined };
}

/**
 * A query's state as a card shows it, its answer drawn a moment after it arrives
 * (useDeferredData): it stays `isLoading` until its answer is drawn, so a screen that waits for
 * its queries waits for that. Only these three are read from the query, so a change of anything
 * else (a refresh starting) does not render the screen again.
 */
export function useDeferredQuery<T>(query: { data?: T; isLoading: boolean; isError: boolean }): {
  data: T | undefined;
  isLoading: boolean;
  isError: boolean;
} {
  const { data, drawing } = useDeferredData(query.data);
  return { data, isLoading: query.isLoading || drawing, isError: query.isError };
}
