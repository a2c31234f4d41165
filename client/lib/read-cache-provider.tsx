import {
  dehydrate,
  IsRestoringProvider,
  QueryClientProvider,
  type QueryClient,
} from '@tanstack/react-query';
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ReadCacheOptions } from './query-client.ts';

const cacheEvents = new Set(['added', 'removed', 'updated']);

/**
 * Provides the query client, as QueryClientProvider does, with the signed-in account's read
 * cache read back from the device first (while it is, `useIsRestoring` is true and the screens'
 * queries wait), and kept on the device as it changes.
 *
 * Like the query library's PersistQueryClientProvider, but a change of the cache does not read
 * the whole cache (`dehydrate`) at once: the persister is told the cache changed and reads it
 * when its save is due. A screen that loads thirty answers then reads the cache once, not once
 * per event of each query (a fetch begun, its answer, its observers), which on a phone was long
 * work on the main thread while the screen was first drawn.
 */
export function ReadCacheProvider({
  client,
  options,
  onRestored,
  children,
}: {
  client: QueryClient;
  options: ReadCacheOptions;
  onRestored: () => void;
  children: ReactNode;
}) {
  const [restoring, setRestoring] = useState(true);
  const latest = useRef({ options, onRestored });
  useEffect(() => {
    latest.current = { options, onRestored };
  });
  const restoreStarted = useRef(false);

  useEffect(() => {
    const { options: current } = latest.current;
    if (!restoreStarted.current) {
      restoreStarted.current = true;
      persistQueryClientRestore({ ...current, queryClient: client })
        .then(() => latest.current.onRestored())
        // A cache that cannot be read back is discarded by the restore; the screens read afresh.
        .catch(() => undefined)
        .finally(() => setRestoring(false));
    }
    if (restoring) return undefined;
    const { persister, buster = '', dehydrateOptions } = current;
    const read = () => ({
      buster,
      timestamp: Date.now(),
      clientState: dehydrate(client, dehydrateOptions),
    });
    const changed = (event: { type: string }) => {
      if (cacheEvents.has(event.type)) persister.persistLater(read);
    };
    const stopQueries = client.getQueryCache().subscribe(changed);
    const stopMutations = client.getMutationCache().subscribe(changed);
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client, restoring]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
