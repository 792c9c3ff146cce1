import { describe, expect, it } from 'vitest';
import { clampPage, lastPageOf, type PagerItem, paginationWindow } from './pagination-window';

function render(items: PagerItem[]): string {
  return items.map((item) => (item.kind === 'page' ? String(item.page) : '…')).join(' ');
}

describe('paginationWindow', () => {
  it('shows first, previous, current, next and last with ellipses in the middle of many pages', () => {
    expect(render(paginationWindow(10, 20))).toBe('1 … 9 10 11 … 20');
  });

  it('shows no ellipsis when the pages touch', () => {
    expect(render(paginationWindow(3, 5))).toBe('1 2 3 4 5');
    expect(render(paginationWindow(1, 3))).toBe('1 2 3');
  });

  it('shows one ellipsis near either end', () => {
    expect(render(paginationWindow(1, 20))).toBe('1 2 … 20');
    expect(render(paginationWindow(20, 20))).toBe('1 … 19 20');
    expect(render(paginationWindow(4, 20))).toBe('1 … 3 4 5 … 20');
    expect(render(paginationWindow(3, 20))).toBe('1 2 3 4 … 20');
  });

  it('shows no last page when the count was capped, an ellipsis after the next page instead', () => {
    expect(render(paginationWindow(1, 201, true))).toBe('1 2 …');
    expect(render(paginationWindow(10, 201, true))).toBe('1 … 9 10 11 …');
    expect(render(paginationWindow(250, 251, true))).toBe('1 … 249 250 251 …');
  });

  it('marks which side of the current page an ellipsis stands on', () => {
    const sides = paginationWindow(10, 20).flatMap((item) => (item.kind === 'ellipsis' ? [item.side] : []));
    expect(sides).toEqual(['before', 'after']);
  });

  it('shows a single page for an empty or one-page result', () => {
    expect(render(paginationWindow(1, 1))).toBe('1');
    expect(render(paginationWindow(1, 0))).toBe('1');
  });

  it('clamps a current page beyond the last page', () => {
    expect(render(paginationWindow(50, 4))).toBe('1 … 3 4');
  });
});

describe('clampPage', () => {
  it('keeps a page between 1 and the last page', () => {
    expect(clampPage(0, 10)).toBe(1);
    expect(clampPage(-3, 10)).toBe(1);
    expect(clampPage(5, 10)).toBe(5);
    expect(clampPage(11, 10)).toBe(10);
    expect(clampPage(999, 10)).toBe(10);
  });

  it('drops decimals and treats an empty or invalid input as the first page', () => {
    expect(clampPage(3.7, 10)).toBe(3);
    expect(clampPage(null, 10)).toBe(1);
    expect(clampPage(undefined, 10)).toBe(1);
    expect(clampPage(Number.NaN, 10)).toBe(1);
  });

  it('treats a last page below 1 as 1', () => {
    expect(clampPage(4, 0)).toBe(1);
  });
});

describe('lastPageOf', () => {
  it('rounds up and never goes below 1', () => {
    expect(lastPageOf(0, 50)).toBe(1);
    expect(lastPageOf(50, 50)).toBe(1);
    expect(lastPageOf(51, 50)).toBe(2);
    expect(lastPageOf(1000, 15)).toBe(67);
  });
});
