import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceTimeZone } from '../../../../shared/format.ts';
import { TimeZonePicker } from './time-zone-picker.tsx';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });

function Harness({
  initial,
  onChange,
}: {
  initial: string | null;
  onChange(v: string | null): void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <TimeZonePicker
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('TimeZonePicker', () => {
  it("offers the device's zone first and finds a zone by typing", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={null} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Time zone' });
    expect(input).toHaveValue(`Use this device's time zone (${deviceTimeZone()})`);

    await user.clear(input);
    await user.type(input, 'New York');
    const option = await screen.findByRole('option', { name: 'America/New York' });
    await user.click(option);
    expect(onChange).toHaveBeenLastCalledWith('America/New_York');
    expect(input).toHaveValue('America/New York');
  });

  it('goes back to the device zone (null) with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="Europe/London" onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Time zone' });
    expect(input).toHaveValue('Europe/London');
    await user.clear(input);
    await user.type(input, 'device');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
