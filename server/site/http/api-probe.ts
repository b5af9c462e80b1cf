import axios from 'axios';

const PROBE_TIMEOUT_MS = 2000;
/** Readiness is asked often (every load balancer, every few seconds): one probe serves a second. */
const PROBE_REUSE_MS = 1000;

/**
 * Whether the configured operator API answers: a GET of its smallest resource within 2 s. One
 * probe at a time, its answer reused briefly, so a flood of /readyz never becomes a flood on the API.
 */
export function createApiProbe(apiBaseUrl: string): () => Promise<boolean> {
  let last: { at: number; answer: Promise<boolean> } | null = null;
  return () => {
    const now = Date.now();
    if (last && now - last.at < PROBE_REUSE_MS) return last.answer;
    const answer = axios.get(`${apiBaseUrl}/sim-types`, { timeout: PROBE_TIMEOUT_MS, validateStatus: (status) => status === 200 }).then(
      () => true,
      () => false,
    );
    last = { at: now, answer };
    return answer;
  };
}
