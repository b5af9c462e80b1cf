/** The public runtime configuration the server sends to the browser with every page. */
export interface FirebasePublicConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  messagingSenderId: string;
  appId: string;
  measurementId: string;
}

export interface PublicConfig {
  siteUrl: string;
  apiBaseUrl: string;
  firebase: FirebasePublicConfig | null;
  gtmId: string | null;
  metrikaId: string | null;
  buildCheckIntervalMinutes: number;
  /** How long a loader waits for a page's optional API data before streaming it (client/framework/deferred.tsx). */
  streamAfterMs: number;
  mapTileUrl: string;
  /** The operator's own attribution (MAP_ATTRIBUTION); null: OpenStreetMap's, in the page's language. */
  mapAttribution: string | null;
  /** Development only: error pages name the error (never a stack trace in production). */
  showErrorDetails: boolean;
}
