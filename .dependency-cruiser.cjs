/**
 * Import direction, checked by `npm run lint` (the first step of `npm test`):
 * shared <- client <- server. `shared` is plain code both sides may use; the browser app never
 * reaches into the server. The browser app is a house of floors, each importing only floors below
 * it: client/app (the route table, the document, the start and its services) on top, then
 * client/pages, then client/features (each feature's components, hooks, actions and state), then
 * the shared parts (client/components, client/api, client/platform, client/format.ts), and
 * client/framework with the start-up stages as the floor. In the server, the reference API
 * (server/api) stands alone on shared/, and the site uses it only through `createApi` and its
 * areas' reads modules. Tests and benchmarks sit outside the layers.
 */
/** Tests and their support sit outside the floors. */
const TESTS = '\\.test\\.tsx?$|test-support|^client/testing/';

module.exports = {
  forbidden: [
    {
      name: 'shared-is-a-leaf',
      comment: 'shared/ is used by the browser and the server alike: it imports neither.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(client|server)/' },
    },
    {
      name: 'client-never-imports-server',
      comment: 'The browser bundle must not pull server code (secrets, node modules).',
      severity: 'error',
      from: { path: '^client/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^server/' },
    },
    {
      name: 'api-stands-alone',
      comment: 'server/api is the reference operator API: it imports shared/ (and the locale files), never the site.',
      severity: 'error',
      from: { path: '^server/api/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(client/|server/(?!api/))' },
    },
    {
      name: 'site-uses-the-api-through-its-door',
      comment:
        "The site reaches the embedded API through createApi and the areas' reads modules only (server/site/operator-api), never its internals; tests may use its test support.",
      severity: 'error',
      from: { path: '^server/(?!api/)', pathNot: '\\.test\\.tsx?$|^server/testing/' },
      to: {
        path: '^server/api/',
        pathNot:
          '^server/api/(create-api|reads|news/news-reads|tariffs/tariff-reads|numbers/number-reads|points-of-sale/point-reads|auctions/auction-reads)\\.ts$',
      },
    },
    {
      name: 'framework-is-the-floor',
      comment: 'client/framework (and the start-up stages) is the floor of the browser app: it imports nothing of the client above it.',
      severity: 'error',
      from: { path: '^client/(framework|stages)/', pathNot: TESTS },
      to: { path: '^client/', pathNot: '^client/(framework|stages)/' },
    },
    {
      name: 'shared-parts-never-import-features',
      comment:
        'Shared components, the API functions, the platform services and the formatters serve every feature: they import only each other and the framework.',
      severity: 'error',
      from: { path: '^client/(components|api|platform)/|^client/format\\.ts$', pathNot: TESTS },
      to: { path: '^client/(features|pages|app)/' },
    },
    {
      name: 'features-never-import-pages',
      comment: 'Pages are built from features; a feature importing a page (or the app) turns the graph around.',
      severity: 'error',
      from: { path: '^client/features/', pathNot: TESTS },
      to: { path: '^client/(pages|app)/' },
    },
    {
      name: 'pages-never-import-the-app',
      comment: 'client/app (the route table, the document, the start) is the top floor: it imports pages, never the reverse.',
      severity: 'error',
      from: { path: '^client/pages/', pathNot: TESTS },
      to: { path: '^client/app/' },
    },
    {
      name: 'pages-never-import-other-pages',
      comment: 'What two pages share goes in client/features or client/components.',
      severity: 'error',
      from: { path: '^client/pages/([^/]+)/' },
      to: { path: '^client/pages/', pathNot: '^client/pages/$1/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes load order matter and hides which module owns what.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|node_modules|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
