/** JSON Schema parts of model responses (entries, details, prices), used by schemas.ts. */
import { LIFECYCLE_STATUSES } from '../models/lifecycle.js';
import { PROVENANCE_SOURCES } from '../models/overrides.js';
import { MODALITIES_SCHEMA, MODEL_TYPES, PRICE_KINDS, PRICE_SOURCES, PRICE_UNITS } from '../sources/facts.js';
import { OFFER_KINDS } from '../sources/providers.js';
import { endpointStatsSchema, entryStatusSchema, modelStatusSchema } from './model-status-schemas.js';
import {
  benchmarks,
  calendarDate,
  capabilities,
  endpointSchema,
  IMAGE_QUALITY,
  IMAGE_SIZE,
  isoTime,
  modelId,
  nullableDate,
  nullableIsoTime,
  pricePerM,
  pricedAt,
  publishedTokenCount,
  priceTier,
  tokenPrices,
} from '../validation/common-schemas.js';

const OFFER_SOURCE_IDS = ['openrouter', ...PRICE_SOURCES, 'maker'] as const;

const clockTime = { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' } as const;

export const apiPriceSchema = {
  type: 'object',
  required: ['input', 'output', 'blended', 'cache_read', 'cache_write'],
  additionalProperties: false,
  description: 'USD per 1,000,000 tokens; null = unknown, 0 = free. blended = (3 × input + output) / 4.',
  properties: { input: pricePerM, output: pricePerM, blended: pricePerM, cache_read: pricePerM, cache_write: pricePerM },
} as const;

const lifecycleStatus = {
  enum: [...LIFECYCLE_STATUSES, null],
  description:
    "the maker's lifecycle status as of meta.as_of: active (offered; a preview or GA model too), legacy (no longer updated), deprecated (a retirement is announced), retired (its retirement date has passed, or the maker says so); null when neither the maker nor a date says (docs/api.md, Lifecycle)",
} as const;
const notBefore = { ...nullableDate, description: 'the tentative earliest retirement date the maker gives ("not sooner than …"): no retirement date, and no deprecation' } as const;

/** The lifecycle a model entry carries; the detail adds its dates and source. */
const entryLifecycle = {
  type: 'object',
  required: ['status', 'not_before'],
  additionalProperties: false,
  properties: { status: lifecycleStatus, not_before: notBefore },
} as const;

const detailLifecycle = {
  type: 'object',
  required: ['status', 'not_before', 'basis', 'maker_state', 'deprecated_at', 'retirement_date', 'source_url'],
  additionalProperties: false,
  properties: {
    status: lifecycleStatus,
    not_before: notBefore,
    basis: { enum: ['maker', 'dates', null], description: "what the status rests on: the maker's own page (its state, or its listing), the dates (a retirement date announced or passed), or nothing (status null)" },
    maker_state: { type: ['string', 'null'], description: "the state as the maker's page writes it (Active, GA, PublicPreview, Legacy, Deprecated, Retired), or null where it gives none" },
    deprecated_at: { ...nullableDate, description: 'when the maker deprecated the model, where its page says' },
    retirement_date: nullableDate,
    source_url: { type: ['string', 'null'], format: 'uri', description: "the maker's page that lists the model, else the source of the retirement date, else null" },
  },
} as const;

const modelEntryProperties = {
  id: {
    ...modelId,
    description:
      '<author>/<slug>, lowercase; safe as a file path on every OS: no segment ends in an extension the API publishes (.json, .xml, .ics, .js, .svg, .html, .txt…) or is a Windows device name (con, prn, aux, nul, com1-9, lpt1-9)',
  },
  name: { type: 'string' },
  author: { type: 'string' },
  price: { $ref: '#/$defs/price' },
  context_length: publishedTokenCount,
  max_output: publishedTokenCount,
  capabilities,
  benchmarks,
  retirement_date: nullableDate,
  has_free_variant: { type: 'boolean' },
  unit_prices: {
    type: 'array',
    description:
      "prices not per text token, each in USD per its unit: 1M audio or image tokens (unit 1m_tokens), an image, a second, a minute, 1M characters, a request, 1K requests, a song or clip; kind says what is priced. The maker's own where it gives any, else OpenRouter's description for a model sold per song or image (its token prices then null, never 0); empty when none is known",
    items: {
      type: 'object',
      required: ['unit', 'kind', 'usd', 'source'],
      additionalProperties: false,
      properties: {
        unit: { enum: [...PRICE_UNITS] },
        kind: { enum: [...PRICE_KINDS] },
        usd: { type: 'number', exclusiveMinimum: 0, maximum: 10000, description: 'USD per unit' },
        source: { enum: [...OFFER_SOURCE_IDS] },
        size: IMAGE_SIZE,
        quality: IMAGE_QUALITY,
      },
    },
  },
  cheapest_offer: {
    anyOf: [
      {
        type: 'object',
        description: 'the cheapest paid headline (kind standard) offer among the model detail\'s endpoints: who sells it for the least, at what price',
        required: ['provider', 'provider_name', 'source', 'price'],
        additionalProperties: false,
        properties: { provider: { type: 'string' }, provider_name: { type: 'string' }, source: { enum: [...OFFER_SOURCE_IDS] }, price: { $ref: '#/$defs/price' } },
      },
      { type: 'null' },
    ],
  },
  lifecycle: entryLifecycle,
  // Issue 35 (catalog): type and modalities.
  type: { enum: [...MODEL_TYPES], description: 'what the model is for, from its sources\' own modes: chat and completion are text generation (the only types cheapest, the cost index and the blended order rank); other for a mode we do not know' },
  modalities: MODALITIES_SCHEMA,
  on_sale: {
    type: 'boolean',
    description: "a source that lists what is on sale now offers it, as of meta.as_of: OpenRouter's current catalog, or the maker's own page listing it as active. false for a model only a price list carries (kept so old bills can be priced): it takes no part in cheapest, the cost index or the blended order",
  },
} as const;

export const modelEntry = {
  type: 'object',
  required: Object.keys(modelEntryProperties),
  additionalProperties: false,
  properties: modelEntryProperties,
} as const;

/** An entry of the models lists: the model entry and its compact status (cheapest's entries have none). */
const modelListEntryProperties = { ...modelEntryProperties, status: entryStatusSchema } as const;
export const modelListEntry = {
  type: 'object',
  required: Object.keys(modelListEntryProperties),
  additionalProperties: false,
  properties: modelListEntryProperties,
} as const;

/** A price change: the window in which it happened, which source's price changed, and whether it lies ahead. */
export const priceChangeSchema = {
  type: 'object',
  required: ['model_id', 'name', 'at', 'previous', 'current', 'change_pct', 'previous_seen_at', 'source', 'source_date', 'upcoming'],
  additionalProperties: false,
  properties: {
    model_id: modelId,
    name: { type: 'string' },
    at: { ...isoTime, description: 'when the new price took effect: when it was first seen, or the start of the day its source dates it (source_date)' },
    previous: { $ref: '#/$defs/price' },
    current: { $ref: '#/$defs/price' },
    change_pct: { type: ['number', 'null'], description: 'change of the blended price, in percent' },
    previous_seen_at: {
      ...nullableIsoTime,
      description: 'when the previous price was last seen: the change happened between previous_seen_at and at (equal where the source dates the change); null where not known (data recorded before windows were)',
    },
    source: { enum: [...OFFER_SOURCE_IDS], description: "whose price changed: OpenRouter's listed price, or the record published for the maker's own offer (genai-prices, LiteLLM, models.dev, or maker: the maker's own page) where it sets the model's price; every change has a witness (docs/data.md, Witnesses)" },
    source_date: { ...nullableDate, description: 'the day the source dates the change (genai-prices\' start_date), or null' },
    upcoming: { type: 'boolean', description: 'dated after the data\'s as-of day: announced, not yet the price' },
  },
} as const;

/** The names the offer's provider API accepts (docs/api.md, "API names"). */
const apiNamesSchema = {
  type: 'array',
  items: { type: 'string', minLength: 1, maxLength: 160 },
  uniqueItems: true,
  description: "the names this provider's API accepts for the model at this offer's place (dated snapshots, -latest aliases, Bedrock/Vertex/Azure ids with their region or data-zone prefix), as genai-prices' match rules, LiteLLM's keys, models.dev and the makers' own alias lists give them; sorted; [] when none is known",
} as const;

/** One price an offer showed: when it took effect and the day its source dates it. */
const offerPoint = {
  type: 'object',
  required: ['at', 'input', 'output', 'cache_read', 'cache_write', 'source_date'],
  additionalProperties: false,
  properties: { at: isoTime, input: pricePerM, output: pricePerM, cache_read: pricePerM, cache_write: pricePerM, source_date: nullableDate },
} as const;

const storedEndpoint = endpointSchema({ $ref: '#/$defs/price' });
/** An offer: OpenRouter's endpoint shape, plus where it comes from, who sells it and its retirement. */
const endpoint = {
  type: 'object',
  required: [...storedEndpoint.required, 'provider_name', 'kind', 'region', 'source', 'source_key', 'first_party', 'retirement_date', 'price_tiers', 'prices_checked', 'price_history', 'time_window', 'stale', 'api_names', 'stats'],
  additionalProperties: false,
  properties: {
    ...storedEndpoint.properties,
    provider: { type: 'string', description: 'the canonical provider id, one per provider across sources (amazon-bedrock, google-vertex, fireworks…; see docs/data.md, Providers)' },
    provider_name: { type: 'string', description: 'the provider for people (OpenRouter\'s name for its endpoints)' },
    kind: {
      enum: [...OFFER_KINDS],
      description: "standard: a provider's headline price; regional, data_zone, provisioned (a commitment), batch, fine_tune and time_window (a daily off-peak or peak rate) prices are never headline",
    },
    region: { type: ['string', 'null'], description: 'the region or data zone the price holds in (us-gov-east-1, eu), or null' },
    source: {
      enum: [...OFFER_SOURCE_IDS],
      description: "OpenRouter's provider endpoints, or a direct offer as genai-prices (the makers' own prices, checked by people), LiteLLM or models.dev list it, or maker: the maker's own page, where its price stands and no other record says it",
    },
    source_key: { type: 'string', description: 'the endpoint tag (OpenRouter) or the source\'s own key' },
    tag: { type: ['string', 'null'], description: 'OpenRouter\'s endpoint tag (fireworks/fast beside fireworks); null for direct offers' },
    first_party: { type: 'boolean', description: 'sold by the model\'s own author' },
    quantization: { type: ['string', 'null'] },
    capabilities: { anyOf: [storedEndpoint.properties.capabilities, { type: 'null' }], description: 'null where the source does not say' },
    retirement_date: { ...nullableDate, description: 'when this provider retires its copy (the model\'s own date only for the author\'s offer)' },
    price_tiers: {
      type: ['array', 'null'],
      description: "long-context tiers of this offer, ascending: a tier applies to a request whose total input tokens are strictly above min_prompt_tokens, to the whole request; [] where the source states none, null where it cannot say (OpenRouter's endpoint list gives no tiers)",
      items: priceTier(apiPriceSchema),
    },
    prices_checked: { ...nullableDate, description: "the day the source's curators last checked this price (genai-prices, where its file says), or null" },
    price_history: {
      type: 'array',
      items: offerPoint,
      description:
        "the offer's price over time as its witnesses show it, oldest first: at is when a witness that agrees first saw it, or the start of the day its source dates it (source_date); a source's corrections applied, only witnessed changes date a new price (docs/data.md, Witnesses)",
    },
    time_window: {
      anyOf: [{ type: 'object', required: ['start', 'end'], additionalProperties: false, properties: { start: clockTime, end: clockTime } }, { type: 'null' }],
      description: 'for kind time_window: the daily window (UTC, HH:MM; past midnight when end is before start) in which this price holds; null for the others',
    },
    stale: {
      type: 'boolean',
      description: "its source was last read before a change the model's maker dates (genai-prices), now in force: older news, listed after the current offers and never cheapest_offer",
    },
    api_names: apiNamesSchema,
    stats: { anyOf: [endpointStatsSchema, { type: 'null' }], description: "OpenRouter's real-traffic figures of this endpoint (the day's first read, at most one change a day: docs/api.md, \"Model status\"); null for direct offers and endpoints without figures" },
  },
} as const;

const fieldProvenance = {
  type: 'object',
  required: ['source', 'url'],
  additionalProperties: false,
  properties: {
    source: { enum: [...PROVENANCE_SOURCES] },
    url: { type: 'string', format: 'uri' },
  },
} as const;
const nullableFieldProvenance = { anyOf: [fieldProvenance, { type: 'null' }] } as const;

export const modelDetailProperties = {
  ...modelEntryProperties,
  lifecycle: detailLifecycle,
  description: { type: 'string' },
  created_at: nullableIsoTime,
  first_seen_at: isoTime,
  delisted_at: nullableIsoTime,
  part_of: {
    anyOf: [modelId, { type: 'null' }],
    description: "the model this one is part of: one model found under two ids (a maker's dated name, a price list's spelling, a shell OpenRouter came to list under its own spelling) is published once; this id keeps answering, listed nowhere and never on sale, its offers, price history and lifecycle on that model. Null otherwise",
  },
  input_modalities: { type: 'array', items: { type: 'string' } },
  output_modalities: { type: 'array', items: { type: 'string' } },
  source_url: { type: 'string', format: 'uri' },
  price_history: {
    type: 'array',
    description: "the model's price (the headline) over time, oldest first, back to the earliest price any source showed; each entry names its source, and a change of which source sets the price is no price change",
    items: {
      ...pricedAt(apiPriceSchema),
      required: [...pricedAt(apiPriceSchema).required, 'source', 'source_date', 'previous_seen_at'],
      properties: {
        ...pricedAt(apiPriceSchema).properties,
        source: { enum: [...OFFER_SOURCE_IDS] },
        source_date: { ...nullableDate, description: 'the day the source dates this price, or null' },
        previous_seen_at: { ...nullableIsoTime, description: 'when the price before this one was last seen; null on the first entry and where not known' },
      },
    },
  },
  upcoming_price_changes: { type: 'array', items: priceChangeSchema, description: "prices the maker dates after the data's as-of day (genai-prices' start_date): changes announced ahead, soonest first" },
  endpoints: { type: 'array', items: endpoint },
  endpoints_updated_at: nullableIsoTime,
  price_tiers: {
    type: 'array',
    description: 'prices in force from min_prompt_tokens on (long-context tiers); the blended price of the model stays that of its base prices',
    items: priceTier(apiPriceSchema),
  },
  direct_prices: {
    type: 'array',
    description: "the author's own price list, as genai-prices, LiteLLM and models.dev publish it (USD per 1M tokens, in force on the data's as-of day)",
    items: {
      type: 'object',
      required: ['source', 'provider', 'source_key', 'price', 'tiers', 'deprecated'],
      additionalProperties: false,
      properties: {
        source: { enum: [...PRICE_SOURCES] },
        provider: { type: 'string' },
        source_key: { type: 'string' },
        price: { $ref: '#/$defs/price' },
        tiers: { type: 'array', items: priceTier(tokenPrices) },
        deprecated: { type: 'boolean', description: 'the source marks this offer deprecated' },
      },
    },
  },
  provider_retirements: {
    type: 'array',
    description: "retirements of one provider's copy of the model (for example Azure's), not of the model itself",
    items: {
      type: 'object',
      required: ['source', 'provider', 'source_key', 'date', 'source_url'],
      additionalProperties: false,
      properties: { source: { type: 'string' }, provider: { type: 'string' }, source_key: { type: 'string' }, date: calendarDate, source_url: { type: 'string', format: 'uri' } },
    },
  },
  pending_price: {
    anyOf: [
      pricedAt(apiPriceSchema),
      { type: 'null' },
    ],
    description: 'a price that jumped by more than the allowed factor (default 5×) at once: not published until a later observation confirms it',
  },
  deprecation: {
    anyOf: [
      {
        type: 'object',
        description: "the deprecation notice of a model that is deprecated or retired, or has a retirement date: what its maker's own deprecation page says (or a curated override), or the retirement date an aggregator gives. null for an active or legacy model without a retirement date (its tentative earliest date is lifecycle.not_before)",
        required: ['retirement_date', 'deprecated_at', 'note', 'replacement', 'replacement_id', 'source_url'],
        additionalProperties: false,
        properties: {
          retirement_date: nullableDate,
          deprecated_at: { ...nullableDate, description: 'when the maker deprecated the model, where its page says' },
          note: { type: ['string', 'null'], description: 'why there is no retirement date, as the maker says: "to be announced", "not sooner than YYYY-MM-DD"' },
          replacement: { type: ['string', 'null'], description: 'our model id where we track the replacement, else the maker\'s name for it (as written), or null' },
          replacement_id: { anyOf: [modelId, { type: 'null' }], description: 'the replacement as our model id, or null' },
          source_url: { type: 'string', format: 'uri' },
        },
      },
      { type: 'null' },
    ],
  },
  provenance: {
    type: 'object',
    required: ['price', 'benchmarks', 'retirement_date', 'corrections', 'price_corrections'],
    additionalProperties: false,
    description: 'where each field group came from and when it was last confirmed',
    properties: {
      price: nullableFieldProvenance,
      benchmarks: fieldProvenance,
      retirement_date: nullableFieldProvenance,
      corrections: {
        type: 'array',
        items: {
          type: 'object',
          required: ['field', 'value', 'reason', 'source_url'],
          additionalProperties: false,
          properties: { field: { type: 'string' }, value: { type: ['string', 'number', 'boolean', 'null'] }, reason: { type: 'string' }, source_url: { type: 'string', format: 'uri' } },
        },
      },
      price_corrections: {
        type: 'array',
        description:
          "prices a source showed for one of the model's offers and later corrected without a witness of a change (docs/data.md, \"Witnesses\"): the corrected price replaces them from their first sighting on, so they are never in price_history, /price-changes or the feeds; oldest first",
        items: {
          type: 'object',
          required: ['source', 'source_key', 'superseded', 'first_seen_at', 'last_seen_at', 'corrected_to', 'corrected_at', 'evidence'],
          additionalProperties: false,
          properties: {
            source: { type: 'string', description: 'the source that showed the superseded price' },
            source_key: { type: 'string', description: "the source's own key of the offer" },
            superseded: { ...tokenPrices, description: 'what the source showed, USD per 1M tokens' },
            first_seen_at: { ...isoTime, description: 'when the source first showed it' },
            last_seen_at: { ...isoTime, description: 'when the source last showed it' },
            corrected_to: { ...tokenPrices, description: 'the price that replaced it' },
            corrected_at: { ...isoTime, description: 'when the source first showed the corrected price' },
            evidence: {
              type: 'array',
              items: { type: 'string' },
              description: 'the other witnesses (`source key`) that showed the corrected price while the superseded one stood; [] where no other witness ever showed the superseded price',
            },
          },
        },
      },
    },
  },
  status: modelStatusSchema,
} as const;

