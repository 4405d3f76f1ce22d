import { act, screen } from '@testing-library/react';
import { store } from '@dating/shared-kit/state';
import { LoadingBar } from './loading-bar';
import { pendingCountAtom } from './loading-state';
import { renderInShell } from './test/render';

describe('navigation loading bar', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => store.set(pendingCountAtom, 0));
    jest.useRealTimers();
  });

  it('shows only after 200 ms of waiting and at most 5 s, and goes when the page has loaded', () => {
    renderInShell(<LoadingBar />);
    act(() => store.set(pendingCountAtom, 1));
    act(() => jest.advanceTimersByTime(150));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    act(() => store.set(pendingCountAtom, 0));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    act(() => store.set(pendingCountAtom, 1));
    act(() => jest.advanceTimersByTime(5300));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('never flashes for a fast navigation', () => {
    renderInShell(<LoadingBar />);
    act(() => store.set(pendingCountAtom, 1));
    act(() => jest.advanceTimersByTime(120));
    act(() => store.set(pendingCountAtom, 0));
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
