/**
 * `modelpulse status`: every service and the models in trouble now; `status <service_id>`, one
 * service; `status models`, every model that is not operational; `status <model>`, one model by
 * any name the client resolves (our id, an API name at any provider, an OpenRouter id, a
 * `models/…` form), or `status <api-name> --provider P`, an API name at that provider. A service
 * id names the service: the services are few, and listed by `status`.
 */
import { ResolveError } from '../../../../generator/query/api-name-index.js';
import type { ModelPulseClient } from '../client.js';
import { renderModelsInTrouble, renderModelStatus, renderStatusBoard } from './render-status.js';
import { renderService } from './render.js';
import { UsageError } from './query-flags.js';

const SEGMENT = /^[a-z0-9][a-z0-9._-]*$/;
const json = (value: unknown) => JSON.stringify(value, null, 2);

export interface StatusOptions {
  /** Print the API's response (or the client's, for one model) instead of a table. */
  json: boolean;
  /** `--provider P`: the name is an API name at P. */
  provider: string | undefined;
}

/** Runs `modelpulse status [name]`; prints through `out`. */
export async function runStatus(args: readonly string[], options: StatusOptions, client: ModelPulseClient, out: (text: string) => void): Promise<void> {
  const [name] = args;
  const print = <T>(response: T, render: (r: T) => string) => out(options.json ? json(response) : render(response));
  if (name === undefined) {
    if (options.provider !== undefined) throw new UsageError('--provider goes with a model: modelpulse status <api-name> --provider P');
    // --json prints the API's response: `fallback` says how the client got it, not what it is.
    const { fallback: _fallback, ...services } = await client.status();
    if (options.json) return out(json(services));
    // The services stand on their own: a site without the model status list still shows them.
    const models = await client.modelStatus().then(({ fallback: _f, ...list }) => list, (error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    return out(renderStatusBoard(services, models));
  }
  if (options.provider !== undefined) return print(await client.modelStatus({ provider: options.provider, model: name }), renderModelStatus);
  if (name === 'models') {
    const { fallback: _fallback, ...list } = await client.modelStatus();
    return print(list, renderModelsInTrouble);
  }
  let services: string[] = [];
  if (SEGMENT.test(name.toLowerCase())) {
    services = (await client.status()).data.map((s) => s.id);
    // A service id in another case is refused as before, with the id meant (ids are lower case).
    if (services.includes(name.toLowerCase())) {
      const { fallback: _fallback, ...service } = await client.service(name);
      return print(service, renderService);
    }
  }
  try {
    return print(await client.modelStatus(name), renderModelStatus);
  } catch (error) {
    if (!(error instanceof ResolveError) || error.code !== 'unknown_model' || services.length === 0) throw error;
    throw new ResolveError('unknown_model', `not a service (${services.join(', ')}), and ${error.message}`, error.suggestions);
  }
}
