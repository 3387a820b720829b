// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { openFiles } from './openFiles';

interface FakeTab {
  location: { href: string };
  opener: unknown;
  close: ReturnType<typeof vi.fn>;
}
const fakeTab = (): FakeTab => ({ location: { href: '' }, opener: {}, close: vi.fn() });

/** A window whose `open` answers the given tabs in turn (null: blocked). */
function fakeWindow(...tabs: (FakeTab | null)[]) {
  const open = vi.fn((..._args: unknown[]) => tabs.shift() ?? null);
  return { win: { open, document } as unknown as Window, open };
}

const urlOf = (key: string) => Promise.resolve({ download_url: `https://files.example/${key}` });

describe('openFiles', () => {
  it('does nothing without files', async () => {
    const { win, open } = fakeWindow();
    await openFiles([], urlOf, win);
    expect(open).not.toHaveBeenCalled();
  });

  it('points the tab opened at the click at the first file, without giving it this page', async () => {
    const tab = fakeTab();
    const { win } = fakeWindow(tab);
    await openFiles(['a.pdf'], urlOf, win);
    expect(tab.location.href).toBe('https://files.example/a.pdf');
    expect(tab.opener).toBeNull();
  });

  it('opens the next files 500 ms apart, and downloads one the browser blocks', async () => {
    vi.useFakeTimers();
    const first = fakeTab();
    const second = fakeTab();
    const { win, open } = fakeWindow(first, second, null);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const done = openFiles(['a.pdf', 'b.mp3', 'ejercicios/u1/0123456789abcdef-c.docx'], urlOf, win);
    await vi.advanceTimersByTimeAsync(499);
    expect(open).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(open).toHaveBeenLastCalledWith('https://files.example/b.mp3', '_blank');
    expect(second.opener).toBeNull();
    await vi.advanceTimersByTimeAsync(500);
    await done;
    expect(open).toHaveBeenCalledTimes(3);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('c.docx');
    click.mockRestore();
  });

  it('closes the unused first tab and rejects when a URL cannot be had', async () => {
    const tab = fakeTab();
    const { win } = fakeWindow(tab);
    await expect(openFiles(['a.pdf'], () => Promise.reject(new Error('403')), win)).rejects.toThrow('403');
    expect(tab.close).toHaveBeenCalled();
  });
});
