-- The edge monitor's sweep of OpenRouter's endpoint statistics (generator/host/cloudflare/monitor/sweep.ts,
-- sweep-store.ts), on its own Cron Trigger: see docs/hosting.md, "The edge monitor", for the sizes.

-- One row: the sweep's rotation (its pace, the cursor over the catalog, when each of the most used
-- and of the models in trouble was asked, the last hour's good reads, the count of models with
-- figures), small whatever the catalog's size, and the small value every live model status list
-- reads (the models in trouble with their newest figures, the unknown counts, the fresh models).
CREATE TABLE sweep (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  minute INTEGER NOT NULL,
  observed_at TEXT NOT NULL,
  run_ok INTEGER NOT NULL,
  error TEXT,
  rotation TEXT NOT NULL,
  trouble TEXT NOT NULL
);

-- One row per model read: its newest figures (what a live model detail reads, `body`), and the
-- minute they were read, its state's code and the minute that state began (what a run reads of the
-- models it asks, without parsing `body`). WITHOUT ROWID and no other index: an upsert writes one
-- row, no index entry.
CREATE TABLE figures (
  id TEXT PRIMARY KEY,
  observed_at TEXT NOT NULL,
  minute INTEGER NOT NULL,
  state TEXT NOT NULL,
  since INTEGER NOT NULL,
  body TEXT NOT NULL
) WITHOUT ROWID;
