import { useSyncExternalStore } from 'react';
import type { PaymentProvider } from '../../../shared/api-types';
import { TARIFF_QUERY_KEYS } from '../../../shared/tariff-choice';
import type { PurchaseFields } from './purchase-form';

/**
 * What the visitor chose and typed along the purchase, kept in sessionStorage (this tab only)
 * on every keystroke: a failed submit, a reload or a step back never loses it. Forms read their
 * values from here, so the first render (server and hydration) shows the empty form and the
 * visitor's values appear right after. The purchase form's fields (purchase-form.ts, the tariff
 * when it did not come in the URL: the query wins, see chosen-fields.ts), then the other steps'.
 */
export interface PurchaseDraft extends PurchaseFields {
  phone?: string;
  identityMethod?: 'remote' | 'manual';
  document?: string;
  birthDate?: string;
  identificationPointId?: string;
  appointmentDate?: string;
  contractAccepted?: boolean;
  provider?: PaymentProvider;
  /**
   * The secret challenge id of the last code sent from this tab, and its phone: POST /auth/sms
   * answers it and POST /auth/sms/verify must carry it (docs/api.md, "Signing in by SMS"), so only
   * this tab can confirm the code, also after a reload while the SMS arrives.
   */
  smsChallenge?: { phone: string; id: string };
}

const DRAFT_KEY = 'purchase-draft';
const EMPTY: PurchaseDraft = Object.freeze({}) as PurchaseDraft;

type Listener = () => void;
const listeners = new Set<Listener>();
let cache: { raw: string | null; value: PurchaseDraft } = { raw: null, value: EMPTY };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** A draft as an earlier version stored it: the pickup point was `pickupPointId` until it took the contract's name. */
type StoredDraft = PurchaseDraft & { pickupPointId?: string };

// sessionStorage outlives a deployment in an open tab: its draft keeps the point it chose.
function withContractNames({ pickupPointId, ...draft }: StoredDraft): PurchaseDraft {
  return pickupPointId && !draft.pointOfSaleId ? { ...draft, pointOfSaleId: pickupPointId } : draft;
}

export function readDraft(): PurchaseDraft {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(DRAFT_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw === cache.raw) return cache.value;
  let value: PurchaseDraft = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) value = withContractNames(parsed as StoredDraft);
  } catch {
    value = EMPTY;
  }
  cache = { raw, value };
  return value;
}

export function updateDraft(patch: Partial<PurchaseDraft>): void {
  const next = { ...readDraft(), ...patch };
  try {
    storage()?.setItem(DRAFT_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the values stay in this render only.
    cache = { raw: cache.raw, value: next };
  }
  for (const listener of [...listeners]) listener();
}

/** After identification the documents are not needed any more: they leave the tab's storage. */
export function forgetIdentity(): void {
  updateDraft({ document: undefined, birthDate: undefined });
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePurchaseDraft(): PurchaseDraft {
  return useSyncExternalStore(subscribe, readDraft, () => EMPTY);
}

/** The query the purchase carries from step to step: the tariff (shared/tariff-choice) and the SIM type. */
export const CARRIED_QUERY_KEYS = [...TARIFF_QUERY_KEYS, 'sim'] as const;

export function carriedQuery(search: URLSearchParams): Record<string, string> {
  const carried: Record<string, string> = {};
  for (const key of CARRIED_QUERY_KEYS) {
    const value = search.get(key);
    if (value) carried[key] = value;
  }
  return carried;
}
