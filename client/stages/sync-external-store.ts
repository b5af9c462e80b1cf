// What react-i18next imports as `use-sync-external-store/shim` in the browser bundle (build.mjs's
// alias): React's own hook. The shim is for React before 18; on React 18 and later it hands out this
// same hook, but its fallback for older React was 0.4 kB gzip of every first load (issue 52).
export { useSyncExternalStore } from 'react';
