import { cheapestFreeNumber, freeNumber, holdNumber, openLot, placeBid, repriceTariff, retitleNewestNews } from '../testing/store-writes';
import { findProgram, freePort, missingMessage, startProcess, type ServiceProcess } from '../testing/service-processes';
import { get, startBuiltServer, startCluster, type BuiltServer } from '../testing/built-server';

/**
 * The page store across processes: a change of each kind written to the shared store (a news
 * item, a tariff's price, a bid, a number held and freed) is on the very next answer of every page
 * that shows it, whichever worker or process serves it; each renders such a page at most once for
 * it, and a page that does not show it is served as stored.
 */

/** Two processes serving one store: their origins, the store, and the request log of both. */
interface Site {
  origins: string[];
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
}
const PROCESSES = 2;

/** What the changes are made on: the shared store, its open lot and a free gold number. */
interface Store {
  dataDir: string;
  lot: string;
  msisdn: string;
}

/** A change: its write, and whether a page shows it. */
interface Step {
  write(store: Store): void;
  shown(body: string, store: Store): boolean;
}

/** The pages that show a kind of change, and its changes in order. */
interface Kind {
  pages(store: Store): string[];
  steps: Step[];
}

/** Digits as a page may write them: with a separator or a few between them. */
const written = (digits: string) => new RegExp(digits.split('').join('[^0-9<>]{0,3}'));
const numberShown = (body: string, { msisdn }: Store) => written(msisdn.slice(4)).test(body);

const KINDS: Record<string, Kind> = {
  'a news item': {
    pages: () => ['/en/news', '/en'],
    steps: [{ write: (s) => retitleNewestNews(s.dataDir, 'A changed title'), shown: (body) => body.includes('A changed title') }],
  },
  "a tariff's price": {
    pages: () => ['/en/specificTariffs'],
    steps: [{ write: (s) => repriceTariff(s.dataDir, 1, 123_456), shown: (body) => written('123456').test(body) }],
  },
  'a bid': {
    pages: (s) => [`/en/numbers?lot=${s.lot}`],
    steps: [{ write: (s) => placeBid(s.dataDir, s.lot, 987_000_000), shown: (body) => written('987000000').test(body) }],
  },
  'a number held, then freed': {
    pages: () => ['/en/numbers?category=gold'],
    steps: [
      { write: (s) => holdNumber(s.dataDir, s.msisdn, Date.now() + 600_000), shown: (body, s) => !numberShown(body, s) },
      { write: (s) => freeNumber(s.dataDir, s.msisdn), shown: numberShown },
    ],
  },
};

/** Pages that show none of the changes: never rendered again for them. */
const UNTOUCHED = ['/en/about', '/en/pointsOfSale'];

interface Answer {
  cache: string;
  body: string;
}

/**
 * Each page twice per process, one request after the other from the origins in turn, each over a
 * connection of its own: a cluster's round robin gives each worker every other one.
 */
async function visit(site: Site, pathnames: string[]): Promise<Record<string, Answer[]>> {
  const answers: Record<string, Answer[]> = {};
  for (const pathname of pathnames) {
    answers[pathname] = [];
    for (let i = 0; i < 2 * PROCESSES; i += 1) {
      const answer = await get(`${site.origins[i % site.origins.length]}${pathname}`);
      answers[pathname].push({ cache: String(answer.headers['x-page-cache']), body: answer.body });
    }
  }
  return answers;
}

const renders = (answers: Answer[]) => answers.filter((answer) => answer.cache === 'MISS').length;

/** How many processes the request log shows answering `pathname` (each line names its pid). */
function answering(site: Site, pathname: string): number {
  const path = `"path":"${new URL(pathname, 'http://site').pathname}"`;
  const lines = site
    .output()
    .split('\n')
    .filter((line) => line.includes(path));
  return new Set(lines.map((line) => /"pid":(\d+)/.exec(line)?.[1])).size;
}

/**
 * Every page the kind touches stored in every process, then each change: every answer of a page
 * that shows it shows it (none did before), rendered at least once and at most once per process,
 * the untouched pages all served as stored, and every process answered each page.
 */
async function expectSeenEverywhere(site: Site, store: Store, kind: Kind): Promise<void> {
  const showing = kind.pages(store);
  const pathnames = [...showing, ...UNTOUCHED];
  await visit(site, pathnames);
  let before = await visit(site, pathnames);
  expect(pathnames.filter((pathname) => renders(before[pathname]) > 0)).toEqual([]);
  for (const step of kind.steps) {
    // Not shown before it is written: what follows is the change's doing.
    expect(showing.filter((pathname) => before[pathname].some((answer) => step.shown(answer.body, store)))).toEqual([]);
    step.write(store);
    const answers = await visit(site, pathnames);
    const seen = showing.map((pathname) => ({
      pathname,
      notShowing: answers[pathname].filter((answer) => !step.shown(answer.body, store)).length,
      renders: renders(answers[pathname]),
    }));
    expect(seen.filter((page) => page.notShowing > 0 || page.renders < 1 || page.renders > PROCESSES)).toEqual([]);
    expect(UNTOUCHED.filter((pathname) => renders(answers[pathname]) > 0)).toEqual([]);
    before = answers;
  }
  expect(pathnames.filter((pathname) => answering(site, pathname) !== PROCESSES)).toEqual([]);
}

/** The four kinds, one test each, on one site started for them all. */
function eachKindSeenEverywhere(start: () => Promise<Site>): void {
  let site: Site | undefined;
  let store: Store;
  beforeAll(async () => {
    site = await start();
    store = { dataDir: site.dataDir, lot: openLot(site.dataDir), msisdn: cheapestFreeNumber(site.dataDir, 'gold') };
  }, 60_000);
  afterAll(() => site?.stop());

  it.each(Object.keys(KINDS))(
    '%s: on the next answer of every page that shows it, rendered at most once per process, nothing else rendered',
    (name) => expectSeenEverywhere(site!, store, KINDS[name]),
    60_000,
  );
}

const CACHE = { PAGE_CACHE_SECONDS: '30', LOG_REQUESTS: 'true' };

describe('the page store with two cluster workers', () => {
  eachKindSeenEverywhere(async () => {
    const server = await startCluster(CACHE);
    return { origins: [server.origin], dataDir: server.dataDir, output: server.output, stop: server.stop };
  });
});

const REDIS = findProgram('redis-server');
if (!REDIS) console.warn(missingMessage('redis-server', 'redis-server'));
(REDIS ? describe : describe.skip)('the page store with two site processes sharing Redis and the store', () => {
  eachKindSeenEverywhere(async () => {
    const port = await freePort();
    const started: Array<{ stop(): Promise<void> }> = [];
    const stop = async () => {
      for (const part of started.reverse()) await part.stop();
    };
    try {
      const redis: ServiceProcess = await startProcess(
        REDIS!,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        /Ready to accept connections/,
      );
      started.push(redis);
      const env = { ...CACHE, REDIS_URL: `redis://127.0.0.1:${port}` };
      // The first seeds the store; the second opens it as it is.
      const a: BuiltServer = await startBuiltServer(env);
      started.push(a);
      const b: BuiltServer = await startBuiltServer({ ...env, DATA_DIR: a.dataDir });
      started.push(b);
      return { origins: [a.origin, b.origin], dataDir: a.dataDir, output: () => a.output() + b.output(), stop };
    } catch (error) {
      await stop();
      throw error;
    }
  });
});
