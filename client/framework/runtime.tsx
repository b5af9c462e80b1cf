import { createContext, useContext, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import type { Language } from '../../shared/languages';
import type { PublicConfig } from '../../shared/public-config';
import type { ServerChoice } from '../../shared/booking-handoff';

/** What the page needs from its host: the server per request, the browser once at boot. */
export interface Runtime {
  config: PublicConfig;
  /** The i18next instance for a language; its texts are already loaded. */
  i18nFor(lang: Language): I18n;
  /** The CSP nonce of this response; the browser cannot read it back, so it holds ''. */
  nonce: string;
  /**
   * The head's inline script (the colour mode's and Telegram mode's, server/site/render/head-script.ts),
   * which runs before the body is parsed. The server writes it; the browser keeps the one the
   * server wrote and holds none, so the first load carries neither (issue 53).
   */
  headScript?: string;
  /** Stylesheets of the build, rendered in the head. */
  stylesheets: string[];
  /** Ids of the loader values still streaming (client/framework/deferred.tsx). */
  deferredIds: WeakMap<object, string>;
  /**
   * The year in Tashkent when the page was rendered (the footer's copyright): the browser keeps
   * the server's, so hydration matches, and the page store keeps no page past the year's end.
   */
  year: number;
  /** What became of a number the visitor chose before the scripts ran (server/site/http/number-choice.ts). */
  choice?: ServerChoice;
}

/** The data the server hands to the browser entry (window.__APP__). */
export interface BootData {
  lang: Language;
  config: PublicConfig;
  stylesheets: string[];
  buildId: string;
  /** Runtime.year of the render. */
  year: number;
  /** Runtime.choice of the render: the hydrated page says what the server said. */
  choice?: ServerChoice;
}

const RuntimeContext = createContext<Runtime | null>(null);

export function RuntimeProvider({ value, children }: { value: Runtime; children: ReactNode }) {
  return <RuntimeContext.Provider value={value}>{children}</RuntimeContext.Provider>;
}

export function useRuntime(): Runtime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime must be used inside <RuntimeProvider>');
  return runtime;
}
