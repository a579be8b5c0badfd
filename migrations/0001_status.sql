-- The edge monitor's database (Cloudflare D1, binding STATUS_DB): see docs/hosting.md,
-- "The edge monitor", for the sizes. Applied with `wrangler d1 migrations apply STATUS_DB`.

-- One row per run (minute): every observed service's compact observation
-- (generator/host/cloudflare/monitor/state.ts, encodeRun). Kept 90 days; the run deletes older rows.
-- The minute is the rowid: no index of its own, so each insert or delete writes one row.
CREATE TABLE runs (
  minute INTEGER PRIMARY KEY,
  observed_at TEXT NOT NULL,
  ok INTEGER NOT NULL,
  observations TEXT NOT NULL
);

-- One row: the state every live answer reads (last good official read per service, last probe,
-- today's probe counts) and whether the last run completed.
CREATE TABLE latest (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  minute INTEGER NOT NULL,
  observed_at TEXT NOT NULL,
  run_ok INTEGER NOT NULL,
  error TEXT,
  state TEXT NOT NULL
);

-- One row: probe counts of each of the last 90 UTC days, written once a day (the 90-day uptime).
CREATE TABLE rollup (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  days TEXT NOT NULL
);
