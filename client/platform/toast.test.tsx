import { renderToStaticMarkup } from 'react-dom/server';
import { ToastView } from './toast-view';
import { AppToastContainer, showErrorToast, showToast } from './toast';

// The raw CommonJS exports: an ESM namespace object would not let jest replace `toast`.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const toastify = require('react-toastify') as typeof import('react-toastify');

describe('toasts', () => {
  it('keep the library out of the server render and the first paint: the region mounts after hydration', () => {
    expect(renderToStaticMarkup(<AppToastContainer label="Уведомления" />)).toBe('');
  });

  it('render a notification region with the label in the page language once loaded', () => {
    const html = renderToStaticMarkup(<ToastView label="Уведомления" />);
    expect(html).toContain('class="Toastify"');
    expect(html).toContain('aria-label="Уведомления"');
    expect(html).toContain('aria-live="polite"');
  });

  it('keep the library name of the region when no label is given', () => {
    expect(renderToStaticMarkup(<ToastView />)).toContain('aria-label="Notifications Alt+T"');
  });

  describe('helpers', () => {
    const globals = globalThis as { window?: unknown };
    let spy: jest.SpyInstance;

    beforeEach(() => {
      spy = jest.spyOn(toastify, 'toast').mockImplementation(() => 'id');
    });

    afterEach(() => {
      spy.mockRestore();
      delete globals.window;
    });

    const loaded = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('show a toast of type info unless another type is asked for', async () => {
      globals.window = {};
      showToast('Saved');
      showToast('Careful', 'warning');
      await loaded();
      expect(spy.mock.calls).toEqual([
        ['Saved', { type: 'info' }],
        ['Careful', { type: 'warning' }],
      ]);
    });

    it('show an error toast once per distinct text', async () => {
      globals.window = {};
      showErrorToast('No connection');
      await loaded();
      expect(spy).toHaveBeenCalledWith('No connection', { type: 'error', toastId: 'error:No connection' });
    });

    it('do nothing on the server, where a queued toast would outlive the request', async () => {
      showToast('hello');
      showErrorToast('failed');
      await loaded();
      expect(spy).not.toHaveBeenCalled();
    });
  });
});
