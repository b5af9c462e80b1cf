// Start-up stage 3 (client/app/entry.tsx): evaluates i18next and react-i18next before the app needs
// them. Named exports, not `import('react-i18next')`: a dynamic import of a package keeps every
// export of it in the bundle; what the app uses of them shares this chunk.
export { default as i18next } from 'i18next';
export { I18nextProvider } from 'react-i18next';
