// Netlify's routing packages ship without TypeScript types; these cover what we call.
declare module 'netlify-redirector' {
  export interface Matcher {
    match(request: Record<string, unknown>): unknown;
    /** Frees its rules (an Emscripten object). */
    delete(): void;
  }
  const redirector: { parseJSON(rules: string, options: Record<string, unknown>): Promise<Matcher> };
  export default redirector;
}
