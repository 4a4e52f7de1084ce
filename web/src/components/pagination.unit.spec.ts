import { describe, expect, it } from 'vitest';
import { pageCount, pageWindow, showingText } from './pagination';

describe('admin list pagination', () => {
  it('shows every page number when there are five pages or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows at most five page numbers, centred on the current page', () => {
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(3, 12)).toEqual([1, 2, 3, 4, 5]);
  });

  it('slides the window against the first and the last page', () => {
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(11, 12)).toEqual([8, 9, 10, 11, 12]);
  });

  it('keeps a page outside the range inside the window', () => {
    expect(pageWindow(40, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(0, 12)).toEqual([1, 2, 3, 4, 5]);
  });

  it('counts pages from the exact total, with one page for an empty list', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(23, 10)).toBe(3);
  });

  it('says which rows of the exact total are shown', () => {
    expect(showingText(1, 10, 23)).toBe('Showing 1 to 10 of 23 results');
    expect(showingText(2, 10, 23)).toBe('Showing 11 to 20 of 23 results');
    expect(showingText(3, 10, 23)).toBe('Showing 21 to 23 of 23 results');
    expect(showingText(1, 10, 4)).toBe('Showing 1 to 4 of 4 results');
    expect(showingText(1, 10, 0)).toBe('Showing 0 to 0 of 0 results');
  });
});
