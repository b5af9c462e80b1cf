import { renderToStaticMarkup } from 'react-dom/server';
import { AppToastContainer, DEFAULT_TOAST_TYPE, TOAST_AUTO_CLOSE_MS, TOAST_CONTAINER_PROPS, TOAST_OFFSET_PX, showErrorToast, showToast } from './toast';

// The raw CommonJS exports: an ESM namespace object would not let jest replace `toast`.
const toastify = require('react-toastify') as typeof import('react-toastify');

describe('toasts', () => {
  it('close after 3000 ms by default, 16 px from the edge, with type info unless said otherwise', () => {
    expect(TOAST_AUTO_CLOSE_MS).toBe(3000);
    expect(TOAST_CONTAINER_PROPS.autoClose).toBe(3000);
    expect(TOAST_OFFSET_PX).toBe(16);
    expect(TOAST_CONTAINER_PROPS.style).toMatchObject({ '--toastify-toast-offset': '16px' });
    expect(DEFAULT_TOAST_TYPE).toBe('info');
  });

  it('render a notification region on the server with the label in the page language', () => {
    const html = renderToStaticMarkup(<AppToastContainer label="Уведомления" />);
    expect(html).toContain('class="Toastify"');
    expect(html).toContain('aria-label="Уведомления"');
    expect(html).toContain('aria-live="polite"');
  });

  it('keep the library name of the region when no label is given', () => {
    expect(renderToStaticMarkup(<AppToastContainer />)).toContain('aria-label="Notifications Alt+T"');
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

    it('show a toast of type info unless another type is asked for', () => {
      globals.window = {};
      showToast('Saved');
      showToast('Careful', 'warning');
      expect(spy.mock.calls).toEqual([
        ['Saved', { type: 'info' }],
        ['Careful', { type: 'warning' }],
      ]);
    });

    it('show an error toast once per distinct text', () => {
      globals.window = {};
      showErrorToast('No connection');
      expect(spy).toHaveBeenCalledWith('No connection', { type: 'error', toastId: 'error:No connection' });
    });

    it('do nothing on the server, where a queued toast would outlive the request', () => {
      showToast('hello');
      showErrorToast('failed');
      expect(spy).not.toHaveBeenCalled();
    });
  });
});
