import { startPeriodicRefresh } from './refresh';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('startPeriodicRefresh', () => {
  it('runs 5 s after start, then every 60 s', async () => {
    const task = jest.fn().mockResolvedValue(undefined);
    const stop = startPeriodicRefresh(task);
    await jest.advanceTimersByTimeAsync(4_999);
    expect(task).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(2);
    stop();
    await jest.advanceTimersByTimeAsync(600_000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('waits 300 s between runs while push is subscribed, and survives a failing run', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const task = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const stop = startPeriodicRefresh(task, { isPushSubscribed: () => true });
    await jest.advanceTimersByTimeAsync(5_000);
    expect(task).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(240_000);
    expect(task).toHaveBeenCalledTimes(2);
    stop();
  });

  it('skips runs while skipWhile says so (the socket is up) and runs again when it stops saying so', async () => {
    const task = jest.fn().mockResolvedValue(undefined);
    let live = true;
    const stop = startPeriodicRefresh(task, { skipWhile: () => live });
    await jest.advanceTimersByTimeAsync(5_000 + 60_000 * 2);
    expect(task).not.toHaveBeenCalled();
    live = false;
    await jest.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(1);
    stop();
  });
});
