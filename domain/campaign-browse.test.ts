import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  browseSearch,
  DEFAULT_BROWSE_VIEW,
  hasBrowseFilters,
  pageCount,
  paginationItems,
  parseBrowseView,
  PUBLIC_CAMPAIGN_STATUSES,
  SEARCH_MAX_LENGTH,
  type BrowseView,
} from './campaign-browse.ts';
import { CAMPAIGN_SORTS, REGIONS, RISK_LEVELS } from './campaigns.ts';

describe('parseBrowseView', () => {
  it('reads every option from the query string', () => {
    expect(
      parseBrowseView('?q=Yokohama&risk=medium&region=asia&status=funded,active&sort=deadline&page=3'),
    ).toEqual({
      q: 'Yokohama',
      risk: 'medium',
      region: 'asia',
      statuses: ['active', 'funded'],
      sort: 'deadline',
      page: 3,
    });
  });

  it('gives the defaults for an empty query string', () => {
    expect(parseBrowseView('')).toEqual(DEFAULT_BROWSE_VIEW);
  });

  it('falls back to the default for each invalid value instead of failing', () => {
    expect(parseBrowseView('risk=extreme&region=mars&status=cancelled,bogus&sort=random&page=-2')).toEqual(
      DEFAULT_BROWSE_VIEW,
    );
    for (const page of ['0', 'abc', '1.5', '', '1e3', '99999999999']) {
      expect(parseBrowseView(`page=${page}`).page).toBe(1);
    }
    expect(parseBrowseView('page=99999').page).toBe(10_000);
  });

  it('keeps the valid statuses of a list, in a fixed order, without repeats; drafts never', () => {
    expect(parseBrowseView('status=completed,,cancelled,active,completed').statuses).toEqual([
      'active',
      'completed',
    ]);
    expect(parseBrowseView('status=trading&status=funded').statuses).toEqual(['funded', 'trading']);
  });

  it('trims the search text and cuts it to the length the list call accepts', () => {
    expect(parseBrowseView('q=%20%20green%20ammonia%20').q).toBe('green ammonia');
    expect(parseBrowseView(`q=${'x'.repeat(150)}`).q).toHaveLength(SEARCH_MAX_LENGTH);
  });
});

describe('browseSearch', () => {
  it('leaves the defaults out', () => {
    expect(browseSearch({ ...DEFAULT_BROWSE_VIEW })).toBe('');
  });

  it('writes a readable, stable query string', () => {
    expect(
      browseSearch({
        q: 'green ammonia',
        risk: 'low',
        region: 'europe',
        statuses: ['funded', 'active'],
        sort: 'roi',
        page: 2,
      }),
    ).toBe('q=green+ammonia&risk=low&region=europe&status=active,funded&sort=roi&page=2');
  });

  it('round-trips every view through the URL', () => {
    const view = fc.record({
      q: fc.string({ maxLength: 120 }).map((s) => parseBrowseView(new URLSearchParams({ q: s })).q),
      risk: fc.constantFrom('all' as const, ...RISK_LEVELS),
      region: fc.constantFrom('all' as const, ...REGIONS),
      statuses: fc.subarray([...PUBLIC_CAMPAIGN_STATUSES]),
      sort: fc.constantFrom(...CAMPAIGN_SORTS),
      page: fc.integer({ min: 1, max: 10_000 }),
    });
    fc.assert(
      fc.property(view, (v: BrowseView) => {
        expect(parseBrowseView(browseSearch(v))).toEqual(v);
      }),
    );
  });
});

describe('hasBrowseFilters', () => {
  it('counts search and filters, not sort or page', () => {
    expect(hasBrowseFilters({ ...DEFAULT_BROWSE_VIEW, sort: 'roi', page: 4 })).toBe(false);
    expect(hasBrowseFilters({ ...DEFAULT_BROWSE_VIEW, q: 'Kandla' })).toBe(true);
    expect(hasBrowseFilters({ ...DEFAULT_BROWSE_VIEW, risk: 'high' })).toBe(true);
    expect(hasBrowseFilters({ ...DEFAULT_BROWSE_VIEW, region: 'asia' })).toBe(true);
    expect(hasBrowseFilters({ ...DEFAULT_BROWSE_VIEW, statuses: ['funded'] })).toBe(true);
  });
});

describe('pageCount', () => {
  it('is at least 1 and rounds up', () => {
    expect([0, 1, 12, 13, 24, 25].map((n) => pageCount(n, 12))).toEqual([1, 1, 1, 2, 2, 3]);
  });
});

describe('paginationItems', () => {
  it('lists every page up to 7', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and the neighbours of the current page beyond 7', () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(paginationItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(paginationItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('always holds the current page, the first and the last, ascending, in at most 7 items', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 500 })
          .chain((count) => fc.tuple(fc.integer({ min: 1, max: count }), fc.constant(count))),
        ([page, count]) => {
          const items = paginationItems(page, count);
          const numbers = items.filter((i): i is number => i !== 'gap');
          expect(items.length).toBeLessThanOrEqual(7);
          expect(numbers).toContain(page);
          expect(numbers[0]).toBe(1);
          expect(numbers.at(-1)).toBe(count);
          expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
          expect(new Set(numbers).size).toBe(numbers.length);
        },
      ),
    );
  });
});
