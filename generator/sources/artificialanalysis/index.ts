/**
 * The Artificial Analysis adapter: benchmark indices (intelligence, coding, math) and AA's median
 * prices for each model AA measures. Optional: it runs only when ARTIFICIAL_ANALYSIS_API_KEY is
 * set (`artificialAnalysisConfig` returns null otherwise). AA's terms require attribution
 * wherever its data is shown: see ARTIFICIAL_ANALYSIS_ATTRIBUTION.
 */
import type { HttpClient } from '../../http/client.js';
import { UpstreamError } from '../../http/errors.js';
import type { FactsObservation } from '../facts.js';
import { fetchArtificialAnalysis, type ArtificialAnalysisConfig } from './fetch.js';
import { parseArtificialAnalysis, SOURCE_ID } from './parse.js';
import { withoutSecret } from './secret.js';
import { translateArtificialAnalysis } from './translate.js';

export { artificialAnalysisConfig, fetchArtificialAnalysis, type ArtificialAnalysisConfig } from './fetch.js';
export { parseArtificialAnalysis, SOURCE_ID, type ParsedArtificialAnalysis } from './parse.js';
export { translateArtificialAnalysis } from './translate.js';

/** The link back that any display of AA-derived data must carry. */
export const ARTIFICIAL_ANALYSIS_ATTRIBUTION = { text: 'Artificial Analysis', url: 'https://artificialanalysis.ai' } as const;

/** fetch → parse → translate. Throws UpstreamError (key redacted) when the response is unusable. */
export async function readArtificialAnalysis(http: HttpClient, config: ArtificialAnalysisConfig): Promise<FactsObservation> {
  const { json, url } = await fetchArtificialAnalysis(http, config);
  let observation: FactsObservation;
  try {
    observation = translateArtificialAnalysis(parseArtificialAnalysis(json, url));
  } catch (error) {
    throw withoutSecret(error, config.key);
  }
  // An upstream that echoes the key inside its records would carry it into data/: refuse that.
  if (JSON.stringify(observation).includes(config.key)) {
    throw new UpstreamError({ kind: 'invalid_schema', source: SOURCE_ID, url, message: 'the response contains the API key; refused it' });
  }
  return observation;
}
