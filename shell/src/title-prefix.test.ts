import { applyTitlePrefix } from './title-prefix';

describe('page title prefix', () => {
  it('puts unread messages + new likes in front of the title', () => {
    expect(applyTitlePrefix('Flirtlokaal', 3)).toBe('(3) Flirtlokaal');
  });
  it('caps the count at 99+', () => {
    expect(applyTitlePrefix('Flirtlokaal', 150)).toBe('(99+) Flirtlokaal');
  });
  it('replaces an earlier prefix instead of stacking', () => {
    expect(applyTitlePrefix('(3) Flirtlokaal', 5)).toBe('(5) Flirtlokaal');
    expect(applyTitlePrefix('(99+) Flirtlokaal', 1)).toBe('(1) Flirtlokaal');
  });
  it('drops the prefix at zero', () => {
    expect(applyTitlePrefix('(2) Flirtlokaal', 0)).toBe('Flirtlokaal');
  });
});
