import { serviceBusy, tooManyRequests, type ClientLimits } from './client-limits';

/** How long a refused stream is told to wait before trying again (a held stream may end any time). */
export const STREAM_RETRY_MS = 30_000;

/**
 * The process's open event streams (RateLimits.openStream): a count of live connections, not a
 * rate, so they live in this process's memory (a worker that dies takes its connections and its
 * counts with it, nothing goes stale). With several workers a client may therefore hold up to
 * WEB_CONCURRENCY times the limit. Opens one for a client (`clientKey`) of a site (`siteKey`) and
 * returns its release; a 429 past the client's or the site's share, a 503 past the process's all.
 */
export function createStreamSlots(limits: ClientLimits): (client: string, site: string) => () => void {
  const streams = new Map<string, number>();
  const siteStreams = new Map<string, number>();
  const siteCap = (share: number) => Math.max(limits.streamsPerClient, Math.floor(limits.streamsTotal * share));
  const streamsPerSite = siteCap(limits.streamsSiteShare);
  // Once half the process is open, a site opens more only under this smaller share
  // (docs/attacks/2026-11-28-writes-second.md A8: 20 sites at their full share held every slot).
  const streamsPerSiteBusy = Math.min(streamsPerSite, siteCap(limits.streamsBusySiteShare));
  let streamsOpen = 0;
  const drop = (counts: Map<string, number>, key: string) => {
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  };
  return (client, site) => {
    const held = streams.get(client) ?? 0;
    if (held >= limits.streamsPerClient) throw tooManyRequests('too_many_streams', STREAM_RETRY_MS, { limit: limits.streamsPerClient });
    const siteHeld = siteStreams.get(site) ?? 0;
    const siteLimit = streamsOpen * 2 >= limits.streamsTotal ? streamsPerSiteBusy : streamsPerSite;
    if (siteHeld >= siteLimit) throw tooManyRequests('too_many_network_streams', STREAM_RETRY_MS, { limit: siteLimit });
    // The process's own capacity, not the client's fault: a 503, and the page polls instead.
    if (streamsOpen >= limits.streamsTotal) throw serviceBusy('streams_busy', STREAM_RETRY_MS);
    streams.set(client, held + 1);
    siteStreams.set(site, siteHeld + 1);
    streamsOpen += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      streamsOpen -= 1;
      drop(streams, client);
      drop(siteStreams, site);
    };
  };
}
