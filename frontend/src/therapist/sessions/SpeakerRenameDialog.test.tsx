import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SpeakerRenameDialog } from './SpeakerRenameDialog';

function renderDialog() {
  const onCancel = vi.fn();
  const onRename = vi.fn();
  // The session form around it: it must not see the dialog's keys (React events cross the portal).
  const outerKeys = vi.fn();
  render(
    <form onKeyDown={outerKeys}>
      <SpeakerRenameDialog speaker="Hablante 1" onCancel={onCancel} onRename={onRename} />
    </form>,
  );
  return { onCancel, onRename, outerKeys, user: userEvent.setup({ delay: null }) };
}

describe('SpeakerRenameDialog', () => {
  it('renames with Enter, which the form around does not see', async () => {
    const { onRename, outerKeys, user } = renderDialog();
    const name = screen.getByRole('textbox', { name: 'Nuevo nombre' });
    await user.clear(name);
    await user.type(name, 'Terapeuta{Enter}');
    expect(onRename).toHaveBeenCalledWith('Terapeuta');
    expect(outerKeys).not.toHaveBeenCalled();
  });

  it('closes with Escape', () => {
    const { onCancel, onRename } = renderDialog();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Nuevo nombre' }), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onRename).not.toHaveBeenCalled();
  });
});
