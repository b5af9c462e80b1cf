/** @jest-environment @happy-dom/jest-environment */
import fs from 'node:fs';
import path from 'node:path';
import { emitEvent } from '@telegram-apps/sdk-react';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderComponent } from '../../testing/render';
import { startMiniApp } from './mini-app';
import { apiConfirmsPhonesByTelegram, launchTelegram, mainButtonCalls } from './test-support';

/** A page with a form whose own button checks a field, as the purchase steps do, its button marked as the main action. */
function Page() {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!name) setError('Fill in the name.');
        else setSending(true);
      }}
    >
      <label>
        Name <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <p role="alert">{error}</p>
      <button type="button" className="button" onClick={() => setSending(false)}>
        Start again
      </button>
      <button type="submit" className="button button--primary" disabled={sending} data-main-action>
        {sending ? 'Sending…' : 'Continue'}
      </button>
    </form>
  );
}

const press = () => act(() => emitEvent('main_button_pressed'));
const lastShown = () => mainButtonCalls().at(-1);

let stop: () => void = () => {};

beforeAll(() => {
  // The stylesheet that hides the page's own main action while the Main button carries it.
  const style = document.createElement('style');
  style.textContent = fs.readFileSync(path.join(__dirname, '..', '..', 'styles', 'telegram.css'), 'utf8');
  document.head.append(style);
});

beforeEach(() => apiConfirmsPhonesByTelegram(false));

afterEach(() => {
  act(() => stop());
  stop = () => {};
  window.location.hash = '';
});

function startInTelegram(page = <Page />) {
  launchTelegram();
  const rendered = renderComponent(page, { lang: 'en', path: '/numbers' });
  act(() => {
    stop = startMiniApp(rendered.router) ?? stop;
  });
  return rendered;
}

describe('Telegram’s Main button', () => {
  it('carries the page’s marked action, hides the page’s own button, and runs the page’s own checks when pressed', async () => {
    const { user } = startInTelegram();
    await waitFor(() => expect(lastShown()).toEqual(expect.objectContaining({ text: 'Continue', is_visible: true, is_active: true })));
    // Hidden, its name with it: found by its text.
    expect(screen.getByText('Continue', { selector: 'button' })).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Start again' })).toBeVisible();

    // Pressed with the field empty: the page's own refusal.
    press();
    expect(await screen.findByRole('alert')).toHaveTextContent('Fill in the name.');

    await user.type(screen.getByLabelText('Name'), 'Aziz');
    press();
    // The page's state reaches the Main button: its label and that it may not be pressed again.
    await waitFor(() => expect(lastShown()).toEqual(expect.objectContaining({ text: 'Sending…', is_active: false })));
    const calls = mainButtonCalls().length;
    press();
    expect(screen.getByText('Sending…', { selector: 'button' })).toBeDisabled();

    // Telegram hears of changes of the action only, not of every change of the page.
    await user.type(screen.getByLabelText('Name'), ' Karimov');
    expect(mainButtonCalls()).toHaveLength(calls);
  });

  it('is hidden on a page without a main action, and shows the page’s own button again when the Mini App stops', async () => {
    function Plain() {
      const [offered, setOffered] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOffered(true)}>
            Show the form
          </button>
          {offered ? (
            <button type="button" className="button" data-main-action>
              Choose
            </button>
          ) : null}
        </>
      );
    }
    const { user } = startInTelegram(<Plain />);
    await waitFor(() => expect(lastShown()).toEqual(expect.objectContaining({ is_visible: false })));
    await user.click(screen.getByRole('button', { name: 'Show the form' }));
    await waitFor(() => expect(lastShown()).toEqual(expect.objectContaining({ text: 'Choose', is_visible: true })));

    act(() => stop());
    stop = () => {};
    expect(lastShown()).toEqual(expect.objectContaining({ is_visible: false }));
    expect(screen.getByRole('button', { name: 'Choose' })).toBeVisible();
  });
});
