/**
 * data/state/publish.json: the deploys the refresh job made (see publish/decide.ts). State, not
 * curation: when it is missing the first decision deploys; when it is broken the decision says so
 * and treats it as missing (a deploy too many, never one lost).
 */
import { EMPTY_PUBLISH_STATE, type PublishState } from '../publish/decide.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { isoTime, nullableIsoTime } from '../validation/common-schemas.js';
import { DataFileError, readJsonFile, writeFileAtomic } from './files.js';
import { DATA_FILES } from './layout.js';
import { stableStringify } from '../text/stable-json.js';
import { asStore, type StoreRef } from './store.js';

export const PUBLISH_STATE_FILE = DATA_FILES.publish;

const isPublishState = compileValidator<PublishState>(createAjv(), {
  type: 'object',
  required: ['last_deploy_at', 'deploys'],
  additionalProperties: false,
  properties: { last_deploy_at: nullableIsoTime, deploys: { type: 'array', items: isoTime } },
});

export async function loadPublishState(ref: StoreRef): Promise<PublishState> {
  const path = asStore(ref).path(PUBLISH_STATE_FILE);
  const stored = await readJsonFile(path, EMPTY_PUBLISH_STATE);
  if (!isPublishState(stored)) throw new DataFileError(path, `is invalid: ${isPublishState.errors()}`);
  return stored;
}

export async function savePublishState(ref: StoreRef, state: PublishState): Promise<void> {
  await writeFileAtomic(asStore(ref).path(PUBLISH_STATE_FILE), stableStringify(state));
}
