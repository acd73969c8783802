// The cribcheck adapter helper for Node.js: turns any engine callable from JavaScript (or
// TypeScript) into a cribcheck adapter. The twin of harness/engine/adapter.py.
//
// This one file needs no package: Node.js 18 or later runs it. Copy it next to your adapter, under
// any name (for example `cribcheck_adapter.js`); an installed cribcheck holds it as
// cribcheck/harness/engine/adapter.js, with its TypeScript declarations (adapter.d.ts) and those
// of every protocol message (cribcheck-protocol.d.ts) beside it: `cribcheck helpers` prints where,
// `cribcheck helpers --copy DIR` copies them as cribcheck_adapter.js, cribcheck_adapter.d.ts...
//
//   const { Adapter, Rejected } = require("./cribcheck_adapter.js");
//
//   new Adapter({
//     name: "my-engine", version: "1.0", language: "JavaScript", profiles: ["six-card"],
//     handlers: { show: (input, profile) => ({ total: myEngine.count(input.cards, input.starter, !!input.crib) }) },
//   }).serve();
//
// A handler takes the request's `input` (an object) and `profile` (a string) and returns the
// result (an object shaped as schema/protocol/result.schema.json says), or a Promise of it. It
// throws `new Rejected(code, message, { index, hand, game })` for illegal input and `new Skip(reason)`
// to decline a case; any other exception becomes an `error` answer carrying its stack. The helper:
//
// - answers hello with the profiles, operations and features given, and an error for another
//   protocol version; features of one operation only go in `operationFeatures`
//   (`{ show: ["breakdown"] }`), and an engine that trusts its callers says `judgesInput: false`
//   (or lists the operations where it does judge, or maps each of those to the rejection codes it
//   judges there: `{ play: ["over_31"] }`): the harness then sends it no rejection case it does
//   not judge (docs/PROTOCOL.md, "claims per operation"); an engine that stops the
//   winner's score at the target (121, not 119 + 6 = 125) says `stopsAtTarget: true`;
// - answers each request in the order received (requests may be pipelined), even when a handler
//   answers with a Promise, and `unknown_profile` for a profile it was not given, without calling
//   the handler (`beforeUnknownProfile(op, input)` may throw Rejected first, for a fault that
//   comes before it in the rejection order);
// - answers the batch form (`"batch": [input, ...]`) when `batch` is among the features, calling
//   the handler once per input, or a batch handler once for all (`batchHandlers: { op: handler }`,
//   taking the inputs and the profile and returning one answer per input, each `{ ok: result }`,
//   `{ rejected: { code } }`, `{ skipped: { reason } }` or `{ error: { message } }`);
// - stops on bye or at the end of its input;
// - never dies on its input: a line it can attribute (a JSON object with a string `seq`) that is
//   malformed gets an `error` answer for that seq; a line it cannot attribute (not JSON, not an
//   object, no seq or a seq that is not a string, too long, a blank line) gets one line on stderr.
//
// For a game loop that cannot be driven, `Recorder` and `HandLog` write what it did as a transcript
// for `cribcheck check FILE.jsonl` (docs/checking-your-engine.md, "Record a transcript").
"use strict";

const fs = require("node:fs");

const PROTOCOL_VERSION = 1;
const MAX_LINE_BYTES = 8 * 1024 * 1024; // the protocol's longest line
const MAX_DEPTH = 64; // no request nests deeper than a few levels
const MAX_DIGITS = 100; // no number of a request has more digits (or characters, with a fraction)
const UNKNOWN_PROFILE = "unknown_profile";
const BYE = Symbol("bye"); // what answerLine gives for bye: the session is over
// A line that opens with its seq (as the harness writes every request) can be answered even when
// the rest cannot be read.
const LEADING_SEQ = /^\s*\{\s*"seq"\s*:\s*("(?:[^"\\\x00-\x1f]|\\.){0,200}")/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The input breaks a rule: answered as `rejected` with a code from the closed set. */
class Rejected extends Error {
  constructor(code, message = "", { index, hand, game } = {}) {
    super(message || code);
    this.name = "Rejected";
    this.code = code;
    this.detail = message;
    this.index = index;
    this.hand = hand;
    this.game = game; // in a match: the offending game, from 0
  }

  body() {
    const out = { code: this.code };
    for (const key of ["index", "hand", "game"]) {
      if (this[key] !== undefined && this[key] !== null) out[key] = this[key];
    }
    if (this.detail) out.message = this.detail;
    return out;
  }
}

/** The engine declines this case: answered as `skipped` with the reason. */
class Skip extends Error {
  constructor(reason = "") {
    super(reason);
    this.name = "Skip";
  }
}

const own = (object, key) => object !== null && typeof object === "object" && Object.prototype.hasOwnProperty.call(object, key);
const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isPromise = (value) => value !== null && typeof value === "object" && typeof value.then === "function";
const cut = (text, limit = 120) => JSON.stringify(String(text).slice(0, limit)) + (String(text).length > limit ? `... (${String(text).length} characters)` : "");

/** An engine's handlers, by operation, and what it claims in its hello response. */
class Adapter {
  constructor({
    name,
    version,
    language,
    profiles,
    handlers,
    features = [],
    extra = {}, // homepage, notes
    batchHandlers = {},
    beforeUnknownProfile = null,
    operationFeatures = {},
    judgesInput = true,
    stopsAtTarget = false, // the winner's score stopped at the target, as a board's game hole does
  }) {
    this.name = name;
    this.version = version;
    this.language = language;
    this.profiles = [...profiles];
    this.handlers = new Map(Object.entries(handlers));
    this.features = [...features];
    this.extra = { ...extra };
    this.batchHandlers = new Map(Object.entries(batchHandlers));
    this.beforeUnknownProfile = beforeUnknownProfile;
    this.operationFeatures = new Map(Object.entries(operationFeatures));
    // true (all, of every operation), false (none), the operations where it judges all, or an
    // object of the operations where it judges, each true or the rejection codes judged there; an
    // operation left out judges none
    this.judgesInput = typeof judgesInput === "boolean" || !Array.isArray(judgesInput) ? judgesInput : new Set(judgesInput);
    this.stopsAtTarget = stopsAtTarget === true;
  }

  /** What the engine claims to judge of the illegal input of `op`: all (true), none (false), or
   * the rejection codes listed. */
  judges(op) {
    const claim = this.judgesInput;
    if (typeof claim === "boolean") return claim;
    if (claim instanceof Set) return claim.has(op);
    const judged = own(claim, op) ? claim[op] : false;
    if (typeof judged === "boolean") return judged;
    const codes = typeof judged === "string" ? [judged] : [...judged];
    return codes.length ? codes : false;
  }

  /** The answer to hello: the operations as a list when every one judges its input and has the
   * same features, else an object of claims per operation (docs/PROTOCOL.md). */
  hello() {
    const ops = [...this.handlers.keys()];
    let operations = ops;
    if (this.operationFeatures.size > 0 || !ops.every((op) => this.judges(op) === true)) {
      operations = {};
      for (const op of ops) operations[op] = this.claimsOf(op);
    }
    const hello = {
      protocol: PROTOCOL_VERSION,
      engine: { name: this.name, version: this.version, language: this.language, ...this.extra },
      profiles: [...this.profiles],
      operations,
      features: [...this.features],
    };
    if (this.stopsAtTarget) hello.stops_at_target = true;
    return hello;
  }

  claimsOf(op) {
    const claims = {};
    const mine = (this.operationFeatures.get(op) || []).filter((name) => !this.features.includes(name));
    if (mine.length) claims.features = mine;
    const judged = this.judges(op);
    if (judged !== true) claims.judges_input = judged;
    return claims;
  }

  /** The answer to one message (a parsed JSON object), or a Promise of it; null for bye and for a
   * message without a string seq (which cannot be answered). */
  respond(message) {
    if (own(message, "hello")) {
      const asked = isObject(message.hello) ? message.hello.protocol : undefined;
      if (asked !== PROTOCOL_VERSION) {
        return { error: { message: `this adapter speaks protocol ${PROTOCOL_VERSION}, not ${JSON.stringify(asked) ?? "undefined"}` } };
      }
      return { hello: this.hello() };
    }
    const seq = message.seq;
    if (own(message, "bye") || typeof seq !== "string") return null;
    const problem = requestProblem(message);
    if (problem) return { seq, error: { message: problem } };
    const body = own(message, "batch")
      ? this.answerBatch(message.op, message.batch, message)
      : this.answer(message.op, own(message, "input") ? message.input : {}, message);
    return isPromise(body) ? body.then((done) => ({ seq, ...done })) : { seq, ...body };
  }

  /** The answer to one input: `{ ok }`, `{ rejected }`, `{ skipped }` or `{ error }` (or a Promise of it). */
  answer(op, input, message) {
    const handler = this.handlers.get(op);
    if (handler === undefined) return { error: { message: `operation ${JSON.stringify(op)} not supported` } };
    const profile = String(own(message, "profile") ? message.profile : "");
    if (!this.profiles.includes(profile)) return this.unknownProfile(op, input, profile);
    let result;
    try {
      result = handler(input, profile);
    } catch (error) {
      return failed(error);
    }
    return isPromise(result) ? result.then(succeeded, failed) : succeeded(result);
  }

  unknownProfile(op, input, profile) {
    try {
      if (this.beforeUnknownProfile) this.beforeUnknownProfile(op, input);
    } catch (error) {
      return failed(error);
    }
    return { rejected: { code: UNKNOWN_PROFILE, message: `profile ${JSON.stringify(profile)} is not played here` } };
  }

  /** The answer to a batch request: `{ batch: [answer, ...] }`, or one error for all (or a Promise of it). */
  answerBatch(op, inputs, message) {
    if (!this.handlers.has(op)) return { error: { message: `operation ${JSON.stringify(op)} not supported` } };
    if (!Array.isArray(inputs)) return { error: { message: `the batch is not a list of inputs: ${typeof inputs}` } };
    const profile = String(own(message, "profile") ? message.profile : "");
    const handler = this.batchHandlers.get(op);
    if (handler === undefined || !this.profiles.includes(profile)) {
      const answers = inputs.map((input) => this.answer(op, input, message));
      return answers.some(isPromise) ? Promise.all(answers).then((batch) => ({ batch })) : { batch: answers };
    }
    let answers;
    try {
      answers = handler(inputs, profile);
    } catch (error) {
      return failed(error);
    }
    const wrap = (list) => ({ batch: Array.from(list, (answer) => ({ ...answer })) });
    return isPromise(answers) ? answers.then(wrap, failed) : wrap(answers);
  }

  /** Answer messages from `input` on `output` until bye or the end of input; a Promise of 0. */
  serve(input = process.stdin, output = process.stdout) {
    return new Promise((resolve) => {
      let chunks = [];
      let size = 0;
      let skipping = false; // the rest of an over-long line is read and dropped
      let number = 0;
      let done = false; // bye, or the end of input: nothing more is read
      let gone = false; // the harness has gone: nothing more is written
      let written = Promise.resolve(); // the answers, written in the order of the requests
      const onError = () => {
        gone = true;
      };
      output.on("error", onError);
      const write = (text) => {
        if (text === null || gone) return undefined;
        return new Promise((drained) => {
          try {
            if (output.write(text)) drained();
            else output.once("drain", drained);
          } catch {
            gone = true; // the harness has gone: nothing more to say
            drained();
          }
        });
      };
      const finish = () => {
        if (done) return;
        done = true;
        input.removeListener("data", onData);
        input.removeListener("end", finish);
        input.pause();
        if (typeof input.destroy === "function") input.destroy();
        written.then(() => {
          output.removeListener("error", onError);
          resolve(0);
        });
      };
      const onLine = (raw) => {
        number += 1;
        const answer = this.answerLine(raw, number);
        if (answer === BYE) return finish();
        if (answer === null) return undefined;
        written = written.then(() => answer).then(write, (error) => write(encode(failed(error))));
        return undefined;
      };
      const onData = (chunk) => {
        let start = 0;
        while (!done) {
          const end = chunk.indexOf(10, start);
          if (end === -1) break;
          const piece = chunk.subarray(start, end + 1);
          start = end + 1;
          if (skipping) {
            skipping = false;
            continue;
          }
          size += piece.length;
          if (size > MAX_LINE_BYTES + 1) {
            this.complain(number + 1, `a line longer than ${MAX_LINE_BYTES} bytes`);
            number += 1;
          } else {
            onLine(chunks.length ? Buffer.concat([...chunks, piece]) : piece);
          }
          chunks = [];
          size = 0;
        }
        if (done || start >= chunk.length) return;
        const rest = chunk.subarray(start);
        if (skipping) return;
        size += rest.length;
        if (size > MAX_LINE_BYTES) {
          this.complain(number + 1, `a line longer than ${MAX_LINE_BYTES} bytes`);
          number += 1;
          chunks = [];
          size = 0;
          skipping = true;
        } else {
          chunks.push(Buffer.from(rest)); // a copy: the stream may reuse its buffer
        }
      };
      input.on("data", onData);
      input.on("end", () => {
        if (chunks.length && !skipping && !done) onLine(Buffer.concat(chunks));
        finish();
      });
    });
  }

  /** The answer to one request line (the `number`th, a Buffer) as the text to write, or a Promise
   * of it; null when there is none (a line that cannot be answered is said on stderr), BYE at the
   * end of the session. The one place a line comes in and its answer goes out: wrap it to see
   * every exchange. */
  answerLine(raw, number) {
    const [message, problem] = parseLine(raw);
    if (message === null) {
      this.complain(number, problem);
      return null;
    }
    if (own(message, "bye") && !own(message, "seq")) return BYE;
    if (typeof message.seq !== "string" && (problem || !own(message, "hello"))) {
      const why = message.seq === undefined ? "no seq" : `a seq that is not a string (${cut(JSON.stringify(message.seq))})`;
      this.complain(number, problem ? `${problem}, and ${why} to answer it under` : `a request with ${why}`);
      return null;
    }
    const response = problem ? { seq: message.seq, error: { message: problem } } : this.respond(message);
    if (response === null) return null;
    return isPromise(response) ? response.then((done) => encode(done)) : encode(response);
  }

  /** One line on stderr for a line that cannot be answered. */
  complain(number, problem) {
    process.stderr.write(`${this.name}: line ${number} not answered: ${problem}\n`);
  }
}

function succeeded(result) {
  if (!isObject(result)) return { error: { message: `the handler returned ${cut(JSON.stringify(result) ?? String(result))}, not an object` } };
  return { ok: result };
}

function failed(error) {
  if (error instanceof Rejected) return { rejected: error.body() };
  if (error instanceof Skip) return { skipped: { reason: error.message || "skipped" } };
  const name = error && error.name ? error.name : "Error";
  let text = error && error.message !== undefined ? String(error.message) : String(error);
  if (text.length > 300) text = `${text.slice(0, 300)}... (${text.length} characters)`;
  return { error: { message: `${name}: ${text}`, details: (error && error.stack) || "" } };
}

/** A request line (a Buffer) as a message, and what is wrong with it ("" when nothing): [null,
 * problem] when the line cannot be attributed to a request; [message, problem] when it is a JSON
 * object (read leniently if need be) whose seq can be answered with the problem. */
function parseLine(raw) {
  const bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(String(raw), "utf8");
  let text;
  let problem = "";
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = bytes.toString("utf8");
    problem = "the line is not valid UTF-8";
  }
  if (!text.trim()) return [null, "a blank line"];
  let message;
  const tooLong = limitsProblem(text);
  try {
    message = JSON.parse(text);
    problem = problem || tooLong || shapeProblem(message);
  } catch (error) {
    problem = problem || tooLong || `not JSON (${error.message})`;
    message = leadingSeq(text);
    if (message === null) return [null, `${problem}: ${cut(text)}`];
  }
  if (!isObject(message)) return [null, `not a JSON object: ${cut(text)}`];
  return [message, problem];
}

/** What breaks the limits outside the strings of `text`: a number of more than MAX_DIGITS
 * characters, or nesting deeper than MAX_DEPTH ("" for neither). One pass, by character codes. */
function limitsProblem(text) {
  let inString = false;
  let depth = 0;
  let start = -1; // where the number being read began
  let integer = true;
  for (let at = 0; at <= text.length; at += 1) {
    const code = at < text.length ? text.charCodeAt(at) : 32;
    if (inString) {
      if (code === 92) at += 1; // a backslash: the next character is escaped
      else if (code === 34) inString = false;
      continue;
    }
    const digit = code >= 48 && code <= 57;
    if (digit || code === 45 || code === 43 || code === 46 || code === 101 || code === 69) {
      if (start === -1) start = at;
      if (code === 46 || code === 101 || code === 69) integer = false;
      continue;
    }
    if (start !== -1 && at - start > MAX_DIGITS) {
      const length = at - start;
      const digits = length - (text.charCodeAt(start) === 45 ? 1 : 0);
      return integer
        ? `an integer of ${digits} digits (at most ${MAX_DIGITS})`
        : `a number of ${length} characters (at most ${MAX_DIGITS})`;
    }
    start = -1;
    integer = true;
    if (code === 34) inString = true;
    else if (code === 91 || code === 123) {
      depth += 1;
      if (depth > MAX_DEPTH) return `nested deeper than ${MAX_DEPTH} levels`;
    } else if (code === 93 || code === 125) depth -= 1;
  }
  return "";
}

/** A lone surrogate in a string or a key of `value`, as a problem ("" for none). */
function shapeProblem(value) {
  const waiting = [value];
  while (waiting.length) {
    const item = waiting.pop();
    if (typeof item === "string") {
      if (LONE_SURROGATE.test(item)) return `a string holding a lone surrogate: ${cut(JSON.stringify(item))}`;
    } else if (Array.isArray(item)) {
      waiting.push(...item);
    } else if (item !== null && typeof item === "object") {
      for (const [key, part] of Object.entries(item)) waiting.push(key, part);
    }
  }
  return "";
}

/** `{ seq }` when the line opens with a string seq, whatever follows; else null. */
function leadingSeq(text) {
  const found = LEADING_SEQ.exec(text);
  if (!found) return null;
  try {
    const seq = JSON.parse(found[1]);
    return typeof seq === "string" ? { seq } : null;
  } catch {
    return null;
  }
}

/** What makes a request unanswerable by a handler: "" when it has the protocol's shape. */
function requestProblem(message) {
  if (typeof message.op !== "string") return `the request's op is not a string: ${cut(JSON.stringify(message.op) ?? "undefined")}`;
  if (own(message, "profile") && typeof message.profile !== "string") return "the request's profile is not a string";
  if (own(message, "batch")) return "";
  if (own(message, "input") && !isObject(message.input)) return "the request's input is not an object";
  return "";
}

/** One message as one line of strict JSON. An answer that cannot be written so (a handler returned
 * NaN, Infinity, a BigInt, a cycle or a lone surrogate) becomes an error for its seq. */
function encode(message) {
  try {
    return `${JSON.stringify(message, strict)}\n`;
  } catch (error) {
    const fallback = { error: { message: `the answer cannot be written as JSON: ${cut(String(error.message || error))}` } };
    return `${JSON.stringify(typeof message.seq === "string" ? { seq: message.seq, ...fallback } : fallback)}\n`;
  }
}

function strict(key, value) {
  if (typeof value === "number" && !Number.isFinite(value)) throw new TypeError(`${value} is not JSON`);
  if (typeof value === "string" && LONE_SURROGATE.test(value)) throw new TypeError("a string holding a lone surrogate");
  return value;
}

// --- recording a transcript (`cribcheck check FILE.jsonl`) -----------------------------------------

/** One hand as a game loop plays it, for a transcript's `hand` line: call `dealt` (or `deck`),
 * `discard`, `starter`, then `play` and `go` in the order they happen. Cards are strings as the
 * protocol writes them (`5H`, `TS`); seats are `A` and `B` (or `A`..`D`). The twin of adapter.py's. */
class HandLog {
  constructor(dealer, scores, firstHand = false) {
    this.dealer = dealer;
    this.scores = { ...scores }; // before the hand
    this.firstHand = firstHand;
    this.cards = {}; // dealt + starter, or deck + cut
    this.discards = {};
    this.plays = [];
  }

  dealt(seat, cards) {
    (this.cards.dealt = this.cards.dealt || {})[seat] = [...cards];
  }

  /** The whole deck, top first, and the depth of the cut for the starter (instead of `dealt` and `starter`). */
  deck(cards, cut) {
    this.cards.deck = [...cards];
    this.cards.cut = cut;
  }

  starter(card) {
    this.cards.starter = card;
  }

  discard(seat, cards) {
    this.discards[seat] = [...(this.discards[seat] || []), ...cards];
  }

  play(card) {
    this.plays.push(card);
  }

  /** A player says go (once a series; a player with no cards left says nothing). */
  go() {
    this.plays.push("go");
  }

  /** The hand's input; as one of a game's hands (`inGame`), without dealer and scores. */
  input(inGame = false) {
    const head = inGame ? {} : { dealer: this.dealer, scores: { ...this.scores }, first_hand: this.firstHand };
    const discards = Object.fromEntries(Object.entries(this.discards).map(([seat, cards]) => [seat, [...cards]]));
    return { ...head, ...structuredClone(this.cards), discards, plays: [...this.plays] };
  }
}

/** Writes a transcript: one line per operation an engine did, with its answer, for `cribcheck check
 * FILE.jsonl`. The first line is the engine's hello (what it claims: only the optional parts listed
 * in `features` are compared; `stopsAtTarget: true` for an engine whose winner's score stops at
 * the target). `target` is a file's path (created or emptied) or an open file
 * descriptor (1: stdout). Each line is written synchronously, so a game that crashes leaves every
 * line before it. `beginGame` and `beginHand` write that a game or hand begins, so that one that
 * crashes or hangs before its `game` (or `hand`) line is reported by `cribcheck check`. The twin of
 * adapter.py's Recorder.
 *
 *   const record = new Recorder("games.jsonl", { name: "mycrib", version: "2.1", profiles: ["six-card"], operations: ["hand", "game"] });
 *   record.beginGame("six-card");
 *   const hand = record.beginHand("six-card", "A", { A: 0, B: 0 }, true);
 *   // ... hand.dealt("A", [...]), hand.discard("A", [...]), hand.starter("6D"), hand.play("5H"), hand.go()
 *   record.hand("six-card", hand, { A: 9, B: 4 }, null);
 *   record.close();
 */
class Recorder {
  constructor(target, { name, version, language = "JavaScript", profiles, operations, features = [], stopsAtTarget = false }) {
    this.owned = typeof target !== "number";
    this.fd = this.owned ? fs.openSync(target, "w") : target;
    const engine = { name, version, language };
    const hello = { protocol: PROTOCOL_VERSION, engine, profiles: [...profiles], operations: [...operations], features: [...features] };
    if (stopsAtTarget === true) hello.stops_at_target = true;
    this.write({ hello });
  }

  /** A recorder that adds lines to a transcript whose hello is already written (by another process:
   * a game played in a child process, that a timeout can end): `target` a path (appended to) or a
   * file descriptor. */
  static continuing(target) {
    const recorder = Object.create(Recorder.prototype);
    recorder.owned = typeof target !== "number";
    recorder.fd = recorder.owned ? fs.openSync(target, "a") : target;
    return recorder;
  }

  /** A game begins: written before its lines, so that a game that never ends (the engine crashed or
   * hung) is reported, with its last line, rather than silently missing. */
  beginGame(profile) {
    this.write({ begin: "game", profile });
  }

  /** A hand begins: written, as `beginGame`, and the hand's log returned. */
  beginHand(profile, dealer, scores, firstHand = false) {
    this.write({ begin: "hand", profile });
    return new HandLog(dealer, scores, firstHand);
  }

  /** Any operation: its input and the engine's answer, `{ ok: result }` or `{ rejected: { code, index } }`. */
  line(op, profile, input, answer) {
    if (!isObject(answer) || own(answer, "ok") === own(answer, "rejected")) {
      throw new TypeError("a transcript line has exactly one of ok and rejected");
    }
    const given = own(answer, "ok") ? { ok: { ...answer.ok } } : { rejected: { ...answer.rejected } };
    this.write({ op, profile, input: { ...input }, ...given });
  }

  /** A hand or crib counted in the show, and the engine's total (`{ breakdown }` in `extra` if claimed). */
  show(profile, cards, starter, crib, total, extra = {}) {
    this.line("show", profile, { cards: [...cards], starter, crib }, { ok: { total, ...extra } });
  }

  /** A card pegged: the cards of its count so far, the card last, and the points it pegged. */
  play(profile, count, points, extra = {}) {
    this.line("play", profile, { count: [...count] }, { ok: { points, ...extra } });
  }

  /** A whole pegging: the kept hands, the cards as played with the go's, and the points each role
   * pegged in it (`{ pone: n, dealer: n }`; `{ events }` in `extra` if claimed). */
  pegging(profile, pone, dealer, plays, points, extra = {}) {
    const input = { pone: [...pone], dealer: [...dealer], plays: [...plays] };
    this.line("pegging", profile, input, { ok: { points: { ...points }, ...extra } });
  }

  /** A hand played, and the scores after it (at the win, if the game was won in it). */
  hand(profile, hand, scores, winner, extra = {}) {
    this.line("hand", profile, hand.input(), { ok: { scores: { ...scores }, winner, ...extra } });
  }

  /** A game from the cut for the deal: its hands, and the final scores and winner. */
  game(profile, cuts, hands, scores, winner, extra = {}) {
    const input = { cuts: cuts.map((cut) => (Array.isArray(cut) ? [...cut] : cut)), hands: hands.map((hand) => hand.input(true)) };
    this.line("game", profile, input, { ok: { scores: { ...scores }, winner, hands_played: hands.length, ...extra } });
  }

  /** Closes the file the recorder opened (a descriptor it was given stays open). */
  close() {
    if (this.owned && this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
  }

  /** One line of strict JSON (no NaN, Infinity, BigInt or lone surrogate: a TypeError, nothing written). */
  write(message) {
    if (this.fd === null) throw new Error("the recorder is closed");
    fs.writeSync(this.fd, `${JSON.stringify(message, strict)}\n`);
  }
}

module.exports = {
  Adapter, Rejected, Skip, BYE, HandLog, Recorder, parseLine, encode, PROTOCOL_VERSION, MAX_LINE_BYTES, UNKNOWN_PROFILE,
};
