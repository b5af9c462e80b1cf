/** @jest-environment @happy-dom/jest-environment */
import { act, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { renderComponent } from '../../testing/render';
import { carryMainActions, currentMainAction, useMainAction } from './main-action';

/** A page with a form whose own button checks a field, as the purchase steps do. */
function Page() {
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const carried = useMainAction({ label: 'Continue', onClick: () => form.current?.requestSubmit(), disabled: sent });
  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!name) setError('Fill in the name.');
        else setSent(true);
      }}
    >
      <label>
        Name <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <p role="alert">{error}</p>
      {sent ? <p role="status">Sent</p> : null}
      <button type="submit" className="button" hidden={carried}>
        Continue
      </button>
    </form>
  );
}

describe('useMainAction', () => {
  it('does nothing in a browser: the page’s own button stays', () => {
    renderComponent(<Page />);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeVisible();
    // Offered, but nothing carries it.
    expect(currentMainAction()).toEqual(expect.objectContaining({ label: 'Continue' }));
  });

  it('in Telegram gives the action to the Main button, hides the page’s button, and runs the page’s own checks', async () => {
    const changes = jest.fn();
    let stop = () => {};
    act(() => {
      stop = carryMainActions(changes);
    });
    const { user } = renderComponent(<Page />);
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(changes).toHaveBeenCalled();
    expect(currentMainAction()).toEqual(expect.objectContaining({ label: 'Continue', disabled: false, busy: false }));

    // Pressed with the field empty: the page's own refusal.
    act(() => currentMainAction()!.onClick());
    expect(await screen.findByRole('alert')).toHaveTextContent('Fill in the name.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Aziz');
    act(() => currentMainAction()!.onClick());
    expect(await screen.findByRole('status')).toHaveTextContent('Sent');
    // The page's state reaches the Main button.
    expect(currentMainAction()).toEqual(expect.objectContaining({ disabled: true }));

    act(() => stop());
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('takes the action away when the page goes', () => {
    const { unmount } = renderComponent(<Page />);
    expect(currentMainAction()).not.toBeNull();
    unmount();
    expect(currentMainAction()).toBeNull();
  });
});
