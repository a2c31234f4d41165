import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Tooltip } from './tooltip.tsx';

afterEach(cleanup);

describe('Tooltip', () => {
  it('shows its title on hover and hides it when the pointer leaves', async () => {
    render(
      <Tooltip title="Notifications">
        <button type="button">!</button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Notifications' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Notifications');
    await userEvent.unhover(button);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows nothing for a touch: a tap would leave it standing', async () => {
    render(
      <Tooltip title="Notifications">
        <button type="button">!</button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Notifications' });
    await userEvent.pointer({ keys: '[TouchA]', target: button });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('keeps a control’s own name and describes it while shown', async () => {
    render(
      <Tooltip title="Edit">
        <button type="button" aria-label="Edit Eleanor Whitfield">
          ✎
        </button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Edit Eleanor Whitfield' });
    await userEvent.hover(button);
    const tip = await screen.findByRole('tooltip');
    expect(button).toHaveAttribute('aria-describedby', tip.id);
    expect(button).toHaveAccessibleDescription('Edit');
  });

  it('shows on keyboard focus and goes with Escape or blur', async () => {
    render(
      <>
        <Tooltip title="Profile" placement="right">
          <a href="/profile">P</a>
        </Tooltip>
        <button type="button">next</button>
      </>,
    );
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus();
    expect(await screen.findByRole('tooltip', { name: 'Profile' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.tab({ shift: false });
    await userEvent.tab({ shift: true });
    await waitFor(() => expect(screen.getByRole('tooltip')).toBeInTheDocument());
    await userEvent.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('never names a plain wrapper (a span around a disabled button)', async () => {
    render(
      <Tooltip title="Move up">
        <span data-testid="wrapper">
          <button type="button" aria-label="Move up Lunch" disabled>
            ↑
          </button>
        </span>
      </Tooltip>,
    );
    expect(screen.getByTestId('wrapper')).not.toHaveAttribute('aria-label');
    await userEvent.hover(screen.getByTestId('wrapper'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Move up');
  });

  it('is the only tooltip the client uses: none imports MUI’s', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const text = readFileSync(full, 'utf8');
          const muiImports = text.match(/import \{[^}]*\} from '@mui\/material';/g) ?? [];
          if (
            muiImports.some((line) => /\bTooltip\b/.test(line)) ||
            text.includes("'@mui/material/Tooltip'")
          ) {
            offenders.push(path.relative(root, full));
          }
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
