import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IDENTITY_LABELS, IDENTITY_MODELS, IDENTITY_RECORDS, LabelledSetError, loadLabelledSet } from './labelled-set.js';

const real = (file: URL) => readFileSync(file, 'utf8');
/** The real files, with labels.json replaced by `labels`. */
const withLabels = (labels: unknown) => (file: URL) => (file.pathname.endsWith('/labels.json') ? JSON.stringify(labels) : real(file));

describe('the labelled identity set', () => {
  it('loads from its data file: every label names a model of the set, and the held-out block is marked', () => {
    expect(IDENTITY_LABELS).toHaveLength(305);
    expect(IDENTITY_LABELS.filter((l) => l.held_out === true)).toHaveLength(41);
    expect(IDENTITY_RECORDS.length).toBeGreaterThan(IDENTITY_LABELS.length);
    const ids = new Set(IDENTITY_MODELS.map((m) => m.id));
    expect(IDENTITY_LABELS.filter((l) => l.label !== 'negative' && !ids.has(l.model_id)).map((l) => l.key)).toEqual([]);
  });

  it('refuses a file that breaks its schema, or names a source we do not read, with a typed error', () => {
    const good = loadLabelledSet();
    const bad = { ...good, labels: [{ ...good.labels[0], label: 'maybe' }] };
    expect(() => loadLabelledSet(withLabels(bad))).toThrow(LabelledSetError);
    expect(() => loadLabelledSet(withLabels(bad))).toThrow(/breaks its schema.*label/);
    const unknownSource = { ...good, records: [{ ...good.records[0], source: 'someone-else' }] };
    expect(() => loadLabelledSet(withLabels(unknownSource))).toThrow(/unknown source "someone-else"/);
    expect(() => loadLabelledSet((file) => (file.pathname.endsWith('/labels.json') ? '{"labels": [' : real(file)))).toThrow(/cannot be read as JSON/);
  });
});
