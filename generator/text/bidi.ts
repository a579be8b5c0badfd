/**
 * Unicode bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and the marks U+200E, U+200F and U+061C. Inside upstream text they reorder our
 * own text around it on the page (a U+202E in a model name reverses the rest of the line), in
 * feed readers and in calendars. Upstream text is stored and published without them; legitimate
 * right-to-left text needs none of them to display.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
