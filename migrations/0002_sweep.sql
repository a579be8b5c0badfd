-- The edge monitor's sweep of OpenRouter's endpoint statistics (generator/host/cloudflare/monitor/sweep.ts,
-- sweep-store.ts): see docs/hosting.md, "The edge monitor", for the sizes.

-- One row: the sweep's rotation (when each model was asked, read, its state and since when) and
-- pace, and the small value every live model status answer reads (the models in trouble with
-- their newest figures, the unknown counts, the models with fresh figures).
CREATE TABLE sweep (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  minute INTEGER NOT NULL,
  observed_at TEXT NOT NULL,
  run_ok INTEGER NOT NULL,
  error TEXT,
  rotation TEXT NOT NULL,
  trouble TEXT NOT NULL
);

-- One row per model read: its newest figures, state and since when (what a live model detail
-- reads). WITHOUT ROWID: the id is the table's key, so an upsert writes one row, no index entry.
CREATE TABLE figures (
  id TEXT PRIMARY KEY,
  observed_at TEXT NOT NULL,
  body TEXT NOT NULL
) WITHOUT ROWID;
