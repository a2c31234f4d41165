import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RouteFocus, titleFor } from './route-focus.tsx';

/** A screen whose heading arrives a moment after the route changes, as lazy screens do. */
function LateScreen() {
  const [ready, setReady] = useState(false);
  return (
    <>
      {ready && <h1>Patients</h1>}
      <input aria-label="Find a patient" />
      <button type="button" onClick={() => setReady(true)}>
        finish loading
      </button>
    </>
  );
}

function App() {
  return (
    <>
      <RouteFocus />
      <nav>
        <Link to="/b">Go to B</Link>
        <Link to="/late">Go late</Link>
      </nav>
      <main>
        <Routes>
          <Route path="/a" element={<h1>Screen A</h1>} />
          <Route
            path="/b"
            element={
              <>
                <h1>Screen B</h1>
                <input aria-label="Search" />
              </>
            }
          />
          <Route path="/late" element={<LateScreen />} />
        </Routes>
      </main>
    </>
  );
}

describe('route focus and titles', () => {
  afterEach(cleanup);

  it('names the tab after the first screen without moving focus', () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <App />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Screen A – ElderCare System');
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus to the new screen’s heading and renames the tab after a route change', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/a']}>
        <App />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'Go to B' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'Screen B' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(document.title).toBe('Screen B – ElderCare System');
  });

  it('waits for a heading that arrives later, and leaves focus the user put on the screen', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/a']}>
        <App />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'Go late' }));
    expect(document.title).toBe('ElderCare System');
    // The user moves into the screen before its heading shows: focus stays with them.
    await user.click(screen.getByRole('textbox', { name: 'Find a patient' }));
    act(() => screen.getByRole('button', { name: 'finish loading' }).click());
    expect(await screen.findByRole('heading', { name: 'Patients' })).not.toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Find a patient' })).toHaveFocus();
    expect(document.title).toBe('Patients – ElderCare System');
  });

  it('focuses a late heading when nothing else took focus', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/a']}>
        <App />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'Go late' }));
    // The loading control is there but the user did not touch it; the heading comes later.
    act(() => screen.getByRole('button', { name: 'finish loading' }).click());
    expect(await screen.findByRole('heading', { name: 'Patients' })).toHaveFocus();
  });

  it('titles a screen without a heading with the app’s name alone', () => {
    expect(titleFor(undefined)).toBe('ElderCare System');
    expect(titleFor('  Helen\n Gardner ')).toBe('Helen Gardner – ElderCare System');
  });
});
