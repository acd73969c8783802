// TypeScript declarations of the Node helper, adapter.js (copy them beside it under the same
// name: cribcheck_adapter.js and cribcheck_adapter.d.ts, with cribcheck-protocol.d.ts, the
// protocol's messages generated from its schemas).
import type {
  AnyInput,
  BatchAnswer,
  EngineIdentity,
  Feature,
  HelloResponse,
  InputOf,
  Operation,
  Profile,
  RejectionCode,
  ResultOf,
} from "./cribcheck-protocol";

export * from "./cribcheck-protocol";

/** An input as a transcript line holds it: any operation's, as written in the case file (docs/case-format.md). */
export type Input = Record<string, unknown>;

/** Answers one operation: its result, or a Promise of it, for its own input (InputOf: `input.cards`
 * of a show needs no cast); throws Rejected or Skip. */
export type Handler<Op extends Operation = Operation> = (input: InputOf[Op], profile: Profile) => ResultOf[Op] | Promise<ResultOf[Op]>;

/** Answers a whole batch of one operation: one answer per input, in order. */
export type BatchHandler<Op extends Operation = Operation> = (inputs: InputOf[Op][], profile: Profile) => BatchAnswer[] | Promise<BatchAnswer[]>;

export interface AdapterOptions {
  name: string;
  version: string;
  language: string;
  profiles: Profile[];
  handlers: { [Op in Operation]?: Handler<Op> };
  /** Features given for every operation. */
  features?: Feature[];
  /** homepage, notes */
  extra?: Partial<Pick<EngineIdentity, "homepage" | "notes">>;
  batchHandlers?: { [Op in Operation]?: BatchHandler<Op> };
  /** Called for a profile the engine does not play, before unknown_profile: may throw Rejected. */
  beforeUnknownProfile?: ((op: Operation, input: AnyInput) => void) | null;
  /** Features given for one operation only: { show: ["breakdown"] }. */
  operationFeatures?: { [Op in Operation]?: Feature[] };
  /** true: every operation judges illegal input; false: none (the harness sends legal input
   * only); the operations that judge all of it; or, by operation, true or the rejection codes
   * judged there ({ play: ["over_31"] }), an operation left out judging none. */
  judgesInput?: boolean | Operation[] | { [Op in Operation]?: boolean | RejectionCode[] };
  /** true: the winner's score stops at the target (121, not 119 + 6 = 125), as a board's game
   * hole does; hello `stops_at_target`. */
  stopsAtTarget?: boolean;
}

export class Rejected extends Error {
  constructor(code: RejectionCode, message?: string, where?: { index?: number; hand?: number; game?: number });
  code: RejectionCode;
  index?: number;
  hand?: number;
  game?: number;
}

export class Skip extends Error {
  constructor(reason?: string);
}

export const BYE: unique symbol;

export class Adapter {
  constructor(options: AdapterOptions);
  judges(op: Operation): boolean | RejectionCode[];
  hello(): Extract<HelloResponse, { hello: unknown }>["hello"];
  /** Answer messages from `input` on `output` (stdin and stdout) until bye or the end of input. */
  serve(input?: NodeJS.ReadableStream, output?: NodeJS.WritableStream): Promise<0>;
  /** The answer to one request line: the text to write (or a Promise of it), null, or BYE. The
   * one place a line comes in and its answer goes out: wrap it to see every exchange. */
  answerLine(raw: Buffer, number: number): string | Promise<string> | null | typeof BYE;
  /** One line on stderr for a line that cannot be answered. */
  complain(number: number, problem: string): void;
}

/** One hand as a game loop plays it, for a transcript's `hand` line (the twin of adapter.py's HandLog). */
export class HandLog {
  constructor(dealer: string, scores: Record<string, number>, firstHand?: boolean);
  dealt(seat: string, cards: string[]): void;
  /** The whole deck, top first, and the depth of the cut (instead of dealt and starter). */
  deck(cards: string[], cut: number): void;
  starter(card: string): void;
  discard(seat: string, cards: string[]): void;
  play(card: string): void;
  /** A player says go (once a series). */
  go(): void;
  readonly plays: string[];
  /** The hand's input; as one of a game's hands (inGame), without dealer and scores. */
  input(inGame?: boolean): Input;
}

export interface RecorderOptions {
  name: string;
  version: string;
  /** "JavaScript" unless given. */
  language?: string;
  profiles: Profile[];
  operations: Operation[];
  /** The optional parts the engine's answers hold (only those are compared). */
  features?: Feature[];
  /** true: the winner's score stops at the target (hello `stops_at_target`). */
  stopsAtTarget?: boolean;
}

/** Writes a transcript for `cribcheck check FILE.jsonl`, its hello first, each line at once (the
 * twin of adapter.py's Recorder). `target`: a file's path, or an open file descriptor (1: stdout). */
export class Recorder {
  constructor(target: string | number, options: RecorderOptions);
  /** Adds lines to a transcript whose hello is already written (a path, appended to, or a descriptor). */
  static continuing(target: string | number): Recorder;
  /** A game begins: a game begun and never ended is reported by `cribcheck check`. */
  beginGame(profile: Profile): void;
  /** A hand begins (written as beginGame), and its log. */
  beginHand(profile: Profile, dealer: string, scores: Record<string, number>, firstHand?: boolean): HandLog;
  /** Any operation: its input and the engine's answer, { ok: result } or { rejected: { code, index } }. */
  line(op: Operation, profile: Profile, input: Input, answer: { ok: Record<string, unknown> } | { rejected: { code: RejectionCode; index?: number; hand?: number; game?: number } }): void;
  show(profile: Profile, cards: string[], starter: string, crib: boolean, total: number, extra?: Record<string, unknown>): void;
  play(profile: Profile, count: string[], points: number, extra?: Record<string, unknown>): void;
  pegging(profile: Profile, pone: string[], dealer: string[], plays: string[], points: { pone: number; dealer: number }, extra?: Record<string, unknown>): void;
  hand(profile: Profile, hand: HandLog, scores: Record<string, number>, winner: string | null, extra?: Record<string, unknown>): void;
  game(profile: Profile, cuts: (string[] | string)[], hands: HandLog[], scores: Record<string, number>, winner: string | null, extra?: Record<string, unknown>): void;
  /** Closes the file it opened (a descriptor given stays open). */
  close(): void;
}

export function parseLine(raw: Buffer | string): [Record<string, unknown> | null, string];
export function encode(message: object): string;
export const PROTOCOL_VERSION: 1;
export const MAX_LINE_BYTES: number;
export const UNKNOWN_PROFILE: "unknown_profile";
