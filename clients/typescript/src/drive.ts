// A table night through the typed TypeScript client, as an integrator writes it:
// the types generated from the OpenAPI document (src/schema.d.ts, openapi-typescript) and
// requests by openapi-fetch, compiled with `tsc` (so a drive that misreads a shape does not
// build).
//
//   node dist/drive.js http://127.0.0.1:8000 bk_..._...   (a scorekeeper's key)
//
// Creates a louisiana table with logged hands, plays a whole deal event by event with each
// card chosen from the typed legal plays (one renege on purpose: a refused card, whose
// ruling is narrowed by its `kind` to a `RenegeRulingMade`), takes a card back with an undo,
// closes the table, reads the settlement as JSON and as CSV, and follows the table's stream,
// resuming with `Last-Event-ID`. Prints what it saw as JSON (tests/clients reads it).
import createClient from "openapi-fetch";
import type { components, paths } from "./schema.js";

type Schemas = components["schemas"];
type PostedEvent = Schemas["PostedEvent"];
type StreamEvent = Schemas["Event"];

const HANDS: Record<string, string[]> = {
  ana: ["AS", "KS", "QH", "2D", "3C"],
  ben: ["2S", "3S", "5S", "6S", "8S"],
  cy: ["4S", "JH", "9H", "5D", "6C"],
  dee: ["7S", "8H", "TD", "4C", "2H"],
};
const PLAYERS = ["ana", "ben", "cy", "dee"];

interface Night {
  tableId: string;
  version: number;
  plays: [string, string][];
  renege: Renege | null;
  undone: number[];
  settlement: Schemas["SettlementOutput"] | null;
  settlementCsv: string;
  streamed: number[];
  streamedTypes: StreamEvent["type"][];
  resumedAfter: number;
}

const [baseUrl, key] = process.argv.slice(2);
if (!baseUrl || !key) {
  throw new Error("usage: node dist/drive.js BASE_URL API_KEY");
}
const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });

function refused(what: string, error: unknown): never {
  throw new Error(`${what}: ${JSON.stringify(error)}`);
}

function append(tableId: string, version: number, events: PostedEvent[]) {
  return client.POST("/api/v1/tables/{table_id}/events", {
    params: { path: { table_id: tableId } },
    body: { expected_version: version, events },
  });
}
// What an append answers (the 201 as openapi-fetch types it); a ruling of it narrowed by its
// `kind`.
type Appended = NonNullable<Awaited<ReturnType<typeof append>>["data"]>;
type Renege = Extract<Appended["rulings"][number], { kind: "renege" }>;

async function post(night: Night, ...events: PostedEvent[]): Promise<Appended> {
  const { data, error } = await append(night.tableId, night.version, events);
  if (!data) refused("append", error);
  night.version = data.version;
  return data;
}

async function state(night: Night): Promise<Schemas["TableState"]> {
  const { data, error } = await client.GET("/api/v1/tables/{table_id}/state", {
    params: { path: { table_id: night.tableId } },
  });
  if (!data) refused("state", error);
  return data;
}

async function playTheDeal(night: Night): Promise<void> {
  for (;;) {
    const table = await state(night);
    if (table.phase !== "exchanging" && table.phase !== "playing") return; // a lead ends the exchanges
    const plays = table.legal_plays;
    if (!plays || !plays.hand_known) throw new Error(`no legal plays for ${table.to_act}`);
    const wrong = plays.refused[0];
    const card = plays.player === "cy" && night.renege === null && wrong ? wrong.card : plays.allowed[0];
    if (card === undefined) throw new Error(`${plays.player} has nothing to play`);
    const answer = await post(night, { player: plays.player, play: card });
    night.plays.push([plays.player, card]);
    for (const ruling of answer.rulings) {
      if (ruling.kind === "renege") night.renege = ruling; // narrowed by its kind
    }
    if (night.plays.length === 1) {
      const undo = await post(night, { undo: { reason: "wrong tap" } });
      night.undone = undo.undone.map((u) => u.undone_version);
      await post(night, { player: plays.player, play: card });
    }
  }
}

function sseEvents(text: string): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const block of text.split("\n\n")) {
    const lines = block.split("\n");
    const data = lines.filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trim());
    if (data.length && lines.some((l) => l.startsWith("id:"))) {
      events.push(JSON.parse(data.join("\n")) as StreamEvent);
    }
  }
  return events;
}

// The stream's events until the one of version `until` has come, then hang up (a live
// stream never ends: read as it comes, with fetch's streamed body).
async function readStream(night: Night, until: number, init: { query?: string; lastEventId?: number }): Promise<StreamEvent[]> {
  const abort = new AbortController();
  const stalled = setTimeout(() => abort.abort(new Error(`the stream sent nothing past version ${until} in 120 s`)), 120_000);
  const headers: Record<string, string> = { Authorization: `Bearer ${key}` };
  if (init.lastEventId !== undefined) headers["Last-Event-ID"] = String(init.lastEventId);
  const url = `${baseUrl}/api/v1/tables/${night.tableId}/stream${init.query ?? ""}`;
  const answer = await fetch(url, { headers, signal: abort.signal });
  if (!answer.ok || !answer.body) refused("stream", await answer.text());
  const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
  const seen: StreamEvent[] = [];
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return seen;
      buffer += value;
      const cut = buffer.lastIndexOf("\n\n");
      if (cut < 0) continue;
      seen.push(...sseEvents(buffer.slice(0, cut + 2)));
      buffer = buffer.slice(cut + 2);
      const last = seen[seen.length - 1];
      if (last && last.version >= until) return seen;
    }
  } finally {
    clearTimeout(stalled);
    abort.abort();
  }
}

async function followTheStream(night: Night): Promise<void> {
  const first = await readStream(night, Math.floor(night.version / 2), { query: "?after=0" });
  const last = first[first.length - 1];
  if (!last) throw new Error("the stream sent nothing");
  night.resumedAfter = last.version;
  const rest = await readStream(night, night.version, { lastEventId: night.resumedAfter });
  const all = [...first, ...rest];
  night.streamed = all.map((e) => e.version);
  night.streamedTypes = all.map((e) => e.type);
}

async function main(): Promise<Night> {
  const created = await client.POST("/api/v1/tables", {
    body: {
      name: "A night with the TypeScript client",
      variant: "louisiana",
      players: PLAYERS,
      options: { ante: 1 },
    },
    headers: { "Idempotency-Key": `ts-${process.pid}-${Date.now()}` },
  });
  if (!created.data) refused("create", created.error);
  const night: Night = {
    tableId: created.data.id,
    version: created.data.version,
    plays: [],
    renege: null,
    undone: [],
    settlement: null,
    settlementCsv: "",
    streamed: [],
    streamedTypes: [],
    resumedAfter: 0,
  };
  await post(
    night,
    { deal: { dealer: "dee", trump: "7S", hands: HANDS } },
    ...PLAYERS.map((player): PostedEvent => ({ player, declare: player === "ben" ? "pass" : "play" })),
  );
  await playTheDeal(night);
  await post(night, { close: {} });
  const path = { params: { path: { table_id: night.tableId } } };
  const settlement = await client.GET("/api/v1/tables/{table_id}/settlement", path);
  if (!settlement.data) refused("settlement", settlement.error);
  night.settlement = settlement.data;
  const csv = await client.GET("/api/v1/tables/{table_id}/settlement.csv", { ...path, parseAs: "text" });
  if (csv.data === undefined) refused("settlement.csv", csv.error);
  night.settlementCsv = csv.data;
  await followTheStream(night);
  return night;
}

const night = await main();
const renege = night.renege;
console.log(
  JSON.stringify({
    ...night,
    renegeObligation: renege ? renege.ruling.obligation : null,
    renegePlayer: renege ? renege.ruling.player : null,
  }),
);
