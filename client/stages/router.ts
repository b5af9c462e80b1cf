// Start-up stage 2 (client/app/entry.tsx): evaluates react-router's code before the app needs it.
// One named export, not `import('react-router')`: a dynamic import of the package keeps every
// export of it in the bundle (tree shaking cannot see which are used), 95 kB more of react-router
// on every page. What the app uses of it shares this chunk, so evaluating this evaluates that.
export { createBrowserRouter } from 'react-router';
