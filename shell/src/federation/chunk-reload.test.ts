import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadForChunkError } from './chunk-reload';

function chunkError(): Error {
  const error = new Error('Loading chunk 123 failed.\n(error: http://localhost/mf/mf-chat/123.js)');
  error.name = 'ChunkLoadError';
  return error;
}

describe('chunk-load failures reload the page at most once per 60 s', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('recognises chunk-load errors only', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 9 failed'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('ChunkLoadError')).toBe(false);
  });

  it('reloads once, then not again within 60 s, then again after', () => {
    const reload = jest.fn();
    const storage = window.sessionStorage;
    expect(reloadForChunkError(chunkError(), { now: 1_000_000, storage, reload })).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadForChunkError(chunkError(), { now: 1_030_000, storage, reload })).toBe(false);
    expect(reloadForChunkError(chunkError(), { now: 1_059_999, storage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForChunkError(chunkError(), { now: 1_060_001, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads for other errors', () => {
    const reload = jest.fn();
    expect(reloadForChunkError(new TypeError('boom'), { reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
