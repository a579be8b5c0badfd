/**
 * Every model of a dataset as the build sources it (render/model-sources.ts), in id order, judged
 * at `asOf`: what a test of one stage reads without rendering the site.
 */
import { sourcedModel, type SourcedModel } from '../render/model-sources.js';
import type { Dataset } from '../store/data-store.js';

export function sourcedModels(dataset: Dataset, asOf: string | null): SourcedModel[] {
  return [...dataset.models.values()].sort((a, b) => (a.id < b.id ? -1 : 1)).map((record) => sourcedModel(dataset, record, asOf));
}
