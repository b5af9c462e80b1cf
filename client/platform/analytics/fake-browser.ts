// Test-only: the sliver of `window` and `document` the analytics starters touch, installed on
// globalThis so the code under test finds them exactly as it would in a browser.
export interface FakeScript {
  async?: boolean;
  src?: string;
  nonce?: string;
  onerror?: () => void;
}

export interface FakeBrowser {
  window: Record<string, unknown>;
  scripts: FakeScript[];
  remove(): void;
}

export function installFakeBrowser(): FakeBrowser {
  const scripts: FakeScript[] = [];
  const fakeWindow: Record<string, unknown> = {};
  const fakeDocument = {
    createElement: (tag: string) => {
      if (tag !== 'script') throw new Error(`unexpected element ${tag}`);
      return {} as FakeScript;
    },
    head: { appendChild: (script: FakeScript) => scripts.push(script) },
  };
  Object.assign(globalThis, { window: fakeWindow, document: fakeDocument });
  return {
    window: fakeWindow,
    scripts,
    remove() {
      const globals = globalThis as { window?: unknown; document?: unknown };
      delete globals.window;
      delete globals.document;
    },
  };
}
