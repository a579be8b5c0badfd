/**
 * When a price change happened, as honestly as the data knows it (pure, shared by the feeds and
 * the website): a change seen only at the next read happened between the old price's last sighting
 * and the new one's first, and that window is stated where it is wider than a day.
 */
export const WINDOW_STATED_ABOVE_MS = 86_400_000;

/** The window to state, or null where `at` says it (the source dates the change, or it is a day or less). */
export function statedWindow(change: { at: string; previous_seen_at?: string | null; source_date?: string | null }): { from: string; to: string } | null {
  const seen = change.previous_seen_at;
  if (change.source_date != null || seen == null) return null;
  return Date.parse(change.at) - Date.parse(seen) > WINDOW_STATED_ABOVE_MS ? { from: seen, to: change.at } : null;
}
