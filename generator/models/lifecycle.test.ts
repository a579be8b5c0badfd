import { describe, expect, it } from 'vitest';
import { anthropicPage } from '../sources/firstparty/fixtures.js';
import { parseAnthropicPage } from '../sources/firstparty/anthropic.js';
import { translateLifecyclePage } from '../sources/firstparty/translate.js';
import { mapMakerState, modelLifecycle, notBeforeOf, type MakerStatement } from './lifecycle.js';

const DAY = '2026-10-06';

function maker(source: MakerStatement['source'], extra: Partial<MakerStatement> = {}): MakerStatement {
  return { source, source_key: 'x', source_url: `https://example.com/${source}`, announced_at: null, retirement_date: null, deprecated_at: null, note: null, state: null, not_before: null, replacement: null, replacement_names: [], ...extra };
}

describe('the lifecycle status', () => {
  it("maps the makers' own words to one set", () => {
    expect(['Active', 'GA', 'PublicPreview', 'Legacy', 'Deprecated', 'Retired', 'Public preview', 'Beta', null].map(mapMakerState)).toEqual(['active', 'active', 'active', 'legacy', 'deprecated', 'retired', 'active', null, null]);
  });

  it('keeps an active model with a tentative earliest date active', () => {
    const statement = maker('anthropic-deprecations', { state: 'Active', note: 'not sooner than 2027-06-30', not_before: '2027-06-30' });
    expect(modelLifecycle(statement, null, null, DAY)).toEqual({ status: 'active', basis: 'maker', maker_state: 'Active', deprecated_at: null, retirement_date: null, not_before: '2027-06-30' });
  });

  it('retires a model on its retirement day whatever the page said, and not the day before', () => {
    const statement = maker('mistral-deprecations', { state: 'Deprecated' });
    expect(modelLifecycle(statement, DAY, '2026-05-01', DAY)).toMatchObject({ status: 'retired', basis: 'dates', maker_state: 'Deprecated' });
    expect(modelLifecycle(statement, '2026-10-07', '2026-05-01', DAY)).toMatchObject({ status: 'deprecated', basis: 'maker' });
  });

  it('reads a page without a state column by what it lists', () => {
    // Google lists current models too: a row without a shutdown date is an active model.
    expect(modelLifecycle(maker('google-deprecations', { note: 'no shutdown date announced' }), null, null, DAY).status).toBe('active');
    expect(modelLifecycle(maker('google-deprecations'), '2027-05-07', null, DAY).status).toBe('deprecated');
    // OpenAI's page lists deprecations only.
    expect(modelLifecycle(maker('openai-deprecations'), '2027-01-20', '2026-07-20', DAY)).toMatchObject({ status: 'deprecated', basis: 'maker' });
  });

  it('without the maker, derives it from the dates honestly, and says nothing without one', () => {
    expect(modelLifecycle(null, '2026-12-01', null, DAY)).toMatchObject({ status: 'deprecated', basis: 'dates' });
    expect(modelLifecycle(null, '2026-09-01', null, DAY)).toMatchObject({ status: 'retired', basis: 'dates' });
    expect(modelLifecycle(null, null, null, DAY)).toMatchObject({ status: null, basis: null });
  });

  it('reads the earliest date from the note the adapter writes for "Not sooner than …"', () => {
    const page = anthropicPage(
      [{ name: 'claude-next-5', state: 'Active', deprecated: 'N/A', retirement: 'Not sooner than June 30, 2027' }],
      [{ date: '2026-01-05', title: 'Claude Old', rows: [{ retirement: 'April 5, 2026', name: 'claude-old-1', replacement: 'claude-next-5' }] }],
    );
    const fact = translateLifecyclePage(parseAnthropicPage(page, 'https://example.com/a'), { source: 'anthropic-deprecations', maker: 'anthropic', pageUrl: 'https://example.com/a', announcementIsDeprecation: false, aliasesRetire: false }).facts.find((f) => f.source_key === 'claude-next-5');
    expect(notBeforeOf(fact!.lifecycle!.note)).toBe('2027-06-30');
    expect(notBeforeOf('to be announced')).toBeNull();
    expect(notBeforeOf(null)).toBeNull();
  });
});
