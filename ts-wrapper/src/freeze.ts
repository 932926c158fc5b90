// The per-property loop of the freeze model (seed 001 §2.2): copies or freezes a context and
// writes the token stream the core hashes. It runs here because a walk from wasm pays several
// boundary crossings per property; it decides nothing itself. What is refused, copied, locked
// or left unfrozen comes from RULES (generated from src/freeze/rules.rs); the errors, the byte
// notes and the hash's canonical form (key order, back-references) are made by the core.
import { RULES } from "./generated/freeze-rules.js";
import type { BinaryNote } from "./generated/boundary.js";

/** What the walk needs from the module (src/wasm/freeze.rs). */
export interface FreezeBinding {
  hashStream(ops: Uint32Array, numbers: Float64Array, text: Uint8Array, bytes: Uint8Array): string;
  freezeFault(fault: number, kind: number, mode: number, path: PropertyKey[], detail: string): unknown;
  binaryNote(mode: number, path: PropertyKey[], type: string, byteLength: number): BinaryNote;
}

/** Walk modes, as the binding numbers them. */
export const HASH_ONLY = 0;
export const COPY = 1;
export const IN_PLACE = 2;

const K = RULES.kinds;
const OP = RULES.ops;
const F = RULES.faults;
const NOT_FROZEN: readonly boolean[] = RULES.notFrozen;
const LOCKS = RULES.locks;
const MAX_DEPTH = RULES.maxDepth;
/** Distinct keys the stream's key cache tries before it must have had as many hits, and holds at most. */
const KEY_CACHE_TRIAL = 1024;
const KEY_CACHE_MAX = 65536;
const OBJECT_PROTO = Object.prototype;
/** The stream's text goes to the core as UTF-8 (a lone surrogate as U+FFFD, one unit, as the
 * core's position map expects). */
const ENCODER = new TextEncoder();
const PROTO_NAMES = new Set<PropertyKey>(Reflect.ownKeys(Object.prototype));
const toStringTag = Object.prototype.toString;
const mapEntries = Map.prototype.entries;
const setValues = Set.prototype.values;
const mapSet = Map.prototype.set;
const setAdd = Set.prototype.add;
const getTime = Date.prototype.getTime;

// One throwing function per locked kind, shared by every frozen value of that kind.
const THROWERS: ((() => never) | undefined)[] = RULES.locks.map((lock) =>
  lock
    ? () => {
        throw new TypeError(lock.message);
      }
    : undefined,
);

function message(e: unknown): string {
  try {
    return e instanceof Error ? e.message : "";
  } catch {
    return "";
  }
}

function constructorName(v: object): string {
  try {
    const name = (v as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === "string" ? name : "";
  } catch {
    return "";
  }
}

/** Binary or SharedBinary for a buffer, by its built-in tag (a prototype swap cannot fake it). */
function bufferKind(v: object): number {
  const tag = toStringTag.call(v);
  if (tag === "[object ArrayBuffer]") return K.binary;
  if (tag === "[object SharedArrayBuffer]") return K.sharedBinary;
  return -1;
}

function classify(v: object): number {
  if (typeof v === "function") return K.function;
  if (Array.isArray(v)) return K.array;
  const proto = Object.getPrototypeOf(v);
  if (proto === OBJECT_PROTO || proto === null) return K.plainObject;
  if (v instanceof Map) return K.map;
  if (v instanceof Set) return K.set;
  if (v instanceof Date) return K.date;
  if (v instanceof RegExp) return K.regExp;
  if (ArrayBuffer.isView(v)) {
    // A view is bytes of the kind its buffer is.
    const kind = bufferKind((v as ArrayBufferView).buffer);
    return kind < 0 ? K.sharedBinary : kind;
  }
  const buffer = bufferKind(v);
  if (buffer >= 0) return buffer;
  if (v instanceof WeakMap || v instanceof WeakSet || v instanceof Promise) return K.opaque;
  return K.classInstance;
}

type Bag = Record<PropertyKey, unknown>;

/** An object a freeze must walk into (functions can hold properties too). */
function isObject(v: unknown): v is object {
  return v !== null && (typeof v === "object" || typeof v === "function");
}

/** Every own key, in Reflect.ownKeys's order (names, then symbols); two calls are faster than
 * Reflect.ownKeys in V8 (about 0.65× on a tree of small objects). */
function ownKeys(v: object): (string | symbol)[] {
  const names: (string | symbol)[] = Object.getOwnPropertyNames(v);
  const symbols = Object.getOwnPropertySymbols(v);
  return symbols.length === 0 ? names : names.concat(symbols);
}

/** A Map's entries and a Set's values by the built-in iterators on the internal slots: an own
 * `entries` or a proxy cannot lie. */
function entriesOf(v: Map<unknown, unknown>): [unknown, unknown][] {
  return Array.from(mapEntries.call(v) as IterableIterator<[unknown, unknown]>);
}
function valuesOf(v: Set<unknown>): unknown[] {
  return Array.from(setValues.call(v) as IterableIterator<unknown>);
}

class Walk {
  /** Objects met so far: one set operation per object. Their visit numbers (their places in
   * `order`) are looked up only when one is met again, through `visits`, filled from `order` as
   * far as needed (a map from the start cost a lookup and an insertion per object: 0.13 µs). */
  readonly seen = new Set<object>();
  readonly order: object[] = [];
  private readonly visits = new Map<object, number>();

  /** The visit number of an object met before. */
  visitOf(v: object): number {
    const visits = this.visits;
    let at = visits.get(v);
    for (let i = visits.size; at === undefined && i < this.order.length; i++) {
      const o = this.order[i] as object;
      visits.set(o, i);
      if (o === v) at = i;
    }
    return at as number;
  }
  readonly copies: unknown[] = [];
  /** The token stream (src/freeze/stream.rs): `n` used of `ops`, `m` of `numbers`. */
  ops = takeOps();
  n = 0;
  numbers = takeNumbers();
  m = 0;
  readonly texts: string[] = [];
  /** UTF-16 units in `texts`, and bytes in `chunks`, so far. */
  textLength = 0;
  byteLength = 0;
  /** Stream position of each object's first visit, by visit number. */
  readonly positions: number[] = [];
  /** The visit number of the object being opened (set by `object`). */
  visit = 0;
  readonly chunks: Uint8Array[] = [];
  readonly notes: BinaryNote[] = [];
  /** Keys from the root to the object being walked (only objects push; leaves need none). */
  readonly path: PropertyKey[] = [];
  depth = 0;
  private readonly refused: readonly boolean[];

  constructor(
    readonly mode: number,
    readonly hashing: boolean,
    readonly b: FreezeBinding,
  ) {
    this.refused = mode === COPY ? RULES.refusedCopy : mode === IN_PLACE ? RULES.refusedInPlace : [];
  }

  fault(fault: number, kind: number, e: unknown, key?: PropertyKey): unknown {
    const path = key === undefined ? this.path.slice() : [...this.path, key];
    return this.b.freezeFault(fault, kind, this.mode, path, message(e));
  }

  /** Room for `k` more ops in the stream (doubling: powers of two, which the spare keeps). */
  room(k: number): Uint32Array {
    if (this.n + k > this.ops.length) {
      const grown = new Uint32Array(Math.max(this.ops.length * 2, this.n + k));
      grown.set(this.ops.subarray(0, this.n));
      this.ops = grown;
    }
    return this.ops;
  }

  op(code: number): void {
    this.room(1)[this.n++] = code;
  }

  /** A number into `numbers`; its index. */
  num(value: number): number {
    if (this.m === this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    this.numbers[this.m] = value;
    return this.m++;
  }

  op2(code: number, a: number, b: number): void {
    const ops = this.room(3);
    ops[this.n] = code;
    ops[this.n + 1] = a;
    ops[this.n + 2] = b;
    this.n += 3;
  }

  /** Whether the text ends with a high surrogate. */
  highEnd = false;

  /** Appends `s` to the text; its start (in UTF-16 units). */
  str(s: string): number {
    const n = s.length;
    if (n === 0) return this.textLength;
    // A lone high surrogate followed by a lone low one would join into one character when the
    // text is encoded: a filler keeps them two strings (positions are explicit, so it is read
    // by no op).
    const first = s.charCodeAt(0);
    if (this.highEnd && first >= 0xdc00 && first <= 0xdfff) {
      this.texts.push(" ");
      this.textLength += 1;
    }
    const last = s.charCodeAt(n - 1);
    this.highEnd = last >= 0xd800 && last <= 0xdbff;
    const start = this.textLength;
    this.texts.push(s);
    this.textLength += n;
    return start;
  }

  /** Where each key's text starts: object keys usually repeat, so each is written once. */
  readonly keyStarts = new Map<string, number>();
  keyHits = 0;
  /** Off once keys turn out not to repeat (maps keyed by ids or paths): the cache would cost. */
  keyCache = true;

  /** A key's op, pointing at the first copy of the key in the text. */
  key(k: string): void {
    if (this.keyCache) {
      const at = this.keyStarts.get(k);
      if (at !== undefined) {
        this.keyHits++;
        this.op2(OP.key, at, k.length);
        return;
      }
      const size = this.keyStarts.size;
      if (size < KEY_CACHE_MAX && (size < KEY_CACHE_TRIAL || this.keyHits >= size)) {
        const start = this.str(k);
        this.keyStarts.set(k, start);
        this.op2(OP.key, start, k.length);
        return;
      }
      this.keyCache = false;
    }
    this.text(OP.key, k);
  }

  /** An op naming a string: its start and length in the text. */
  text(code: number, s: string): void {
    this.op2(code, this.str(s), s.length);
  }

  /** A container's op; its end is written by `close`. */
  open(code: number, count: number): number {
    const at = this.n;
    const ops = this.room(4);
    ops[at] = code;
    ops[at + 1] = this.visit;
    ops[at + 2] = count;
    this.n += 4;
    return at;
  }

  close(at: number): void {
    this.ops[at + 3] = this.n;
  }

  /** An object's op with its visit number, then `operands`. */
  objectOp(code: number, ...operands: number[]): void {
    const ops = this.room(2 + operands.length);
    ops[this.n] = code;
    ops[this.n + 1] = this.visit;
    ops.set(operands, this.n + 2);
    this.n += 2 + operands.length;
  }

  /** A string, number, boolean, null, undefined, bigint or symbol into the stream. */
  leaf(v: unknown): void {
    switch (typeof v) {
      case "string":
        this.text(OP.string, v);
        return;
      case "number": {
        const i = this.num(v);
        const ops = this.room(2);
        ops[this.n] = OP.number;
        ops[this.n + 1] = i;
        this.n += 2;
        return;
      }
      case "boolean":
        this.op(v ? OP.true : OP.false);
        return;
      case "undefined":
        this.op(OP.undefined);
        return;
      case "bigint":
        this.text(OP.bigint, v.toString(10));
        return;
      case "symbol":
        this.text(OP.symbol, v.description ?? "");
        return;
      default:
        this.op(OP.null);
    }
  }

  /** Walks `v` at `key` of the current object; returns what the parent should hold. */
  child(v: unknown, key: PropertyKey): unknown {
    if (!isObject(v)) {
      if (this.hashing) this.leaf(v);
      return v;
    }
    this.path.push(key);
    const out = this.object(v);
    this.path.pop();
    return out;
  }

  root(v: unknown): unknown {
    if (!isObject(v)) {
      if (this.hashing) this.leaf(v);
      return v;
    }
    return this.object(v);
  }

  object(v: object): unknown {
    let kind: number;
    try {
      kind = classify(v);
    } catch (e) {
      throw this.fault(F.read, 0, e);
    }
    const seen = this.seen;
    const index = seen.size;
    seen.add(v);
    if (seen.size === index) {
      const first = this.visitOf(v);
      if (this.hashing) this.op2(OP.backRef, first, this.positions[first] as number);
      return this.mode === COPY ? this.copies[first] : v;
    }
    this.order.push(v);
    if (this.refused[kind]) throw this.fault(F.refused, kind, undefined);
    if (this.depth >= MAX_DEPTH) throw this.fault(F.tooDeep, kind, undefined);
    if (this.hashing) {
      this.positions.push(this.n);
      this.visit = index;
    }
    this.depth++;
    let target: unknown;
    switch (kind) {
      case K.array:
        target = this.array(v as unknown[], index);
        break;
      case K.plainObject:
      case K.classInstance:
        target = this.properties(v as Bag, kind, index);
        break;
      case K.map:
        target = this.map(v as Map<unknown, unknown>, index);
        break;
      case K.set:
        target = this.set(v as Set<unknown>, index);
        break;
      case K.date:
        target = this.date(v as Date, index);
        break;
      case K.regExp:
        target = this.regExp(v as RegExp, index);
        break;
      case K.binary:
      case K.sharedBinary:
        target = this.bytes(v, index);
        break;
      default:
        target = this.named(v, kind);
    }
    this.depth--;
    if (this.mode !== HASH_ONLY && !NOT_FROZEN[kind]) this.lock(target as object, kind);
    return target;
  }

  lock(target: object, kind: number): void {
    try {
      lockIn(target, kind);
    } catch (e) {
      throw this.fault(F.freeze, kind, e);
    }
  }

  keep(index: number, copy: unknown): void {
    this.copies[index] = copy;
  }

  array(v: unknown[], index: number): unknown {
    let len: number;
    try {
      len = v.length;
    } catch (e) {
      throw this.fault(F.read, 0, e);
    }
    const at = this.hashing ? this.open(OP.array, len) : 0;
    const copy = this.mode === COPY ? new Array<unknown>(len) : undefined;
    if (copy) this.keep(index, copy);
    for (let i = 0; i < len; i++) {
      let item: unknown;
      try {
        item = v[i];
      } catch (e) {
        throw this.fault(F.read, 0, e, i);
      }
      const out = this.child(item, i);
      if (copy) copy[i] = out;
    }
    if (this.hashing) this.close(at);
    return copy ?? v;
  }

  properties(v: Bag, kind: number, index: number): unknown {
    let keys: (string | symbol)[];
    let enumerable = 0;
    try {
      keys = ownKeys(v);
      if (this.mode === COPY) enumerable = Object.keys(v).length;
    } catch (e) {
      throw this.fault(F.read, 0, e);
    }
    const n = keys.length;
    const hashing = this.hashing;
    const at = hashing ? this.open(kind === K.plainObject ? OP.object : OP.instance, n) : 0;
    let copy: Bag | undefined;
    if (this.mode === COPY) {
      let proto: object | null;
      try {
        proto = Object.getPrototypeOf(v);
      } catch (e) {
        throw this.fault(F.read, 0, e);
      }
      // Class instances keep their prototype; private #fields cannot be copied.
      copy = (proto === OBJECT_PROTO ? {} : Object.create(proto)) as Bag;
      this.keep(index, copy);
    }
    // Plain assignment is fastest, and right where it cannot meet an inherited setter or
    // read-only property: on an object of Object.prototype, for names Object.prototype lacks.
    const assign = copy !== undefined && enumerable === n && kind === K.plainObject && Object.getPrototypeOf(copy) === OBJECT_PROTO;
    for (let i = 0; i < n; i++) {
      const key = keys[i] as string | symbol;
      if (hashing) {
        if (typeof key === "string") this.key(key);
        else this.text(OP.symbolKey, key.description ?? "");
      }
      // One read per property; a getter runs once, as in deep-freeze-strict and Immer.
      let item: unknown;
      try {
        item = v[key];
      } catch (e) {
        throw this.fault(F.read, 0, e, key);
      }
      const out = this.child(item, key);
      if (copy === undefined) continue;
      if (assign && !PROTO_NAMES.has(key)) {
        copy[key] = out;
      } else {
        let isEnumerable = true;
        if (enumerable !== n) {
          try {
            isEnumerable = Object.getOwnPropertyDescriptor(v, key)?.enumerable === true;
          } catch (e) {
            throw this.fault(F.read, 0, e, key);
          }
        }
        // Accessors become data properties holding the value read above.
        Object.defineProperty(copy, key, { value: out, writable: true, enumerable: isEnumerable, configurable: true });
      }
    }
    if (hashing) this.close(at);
    return copy ?? v;
  }

  map(v: Map<unknown, unknown>, index: number): unknown {
    let entries: [unknown, unknown][];
    try {
      entries = entriesOf(v);
    } catch (e) {
      throw this.fault(F.read, 0, e);
    }
    const at = this.hashing ? this.open(OP.map, entries.length) : 0;
    const copy = this.mode === COPY ? new Map<unknown, unknown>() : undefined;
    if (copy) this.keep(index, copy);
    for (let i = 0; i < entries.length; i++) {
      const [key, value] = entries[i] as [unknown, unknown];
      const k = this.child(key, i);
      const val = this.child(value, i);
      if (copy) mapSet.call(copy, k, val);
    }
    if (this.hashing) this.close(at);
    return copy ?? v;
  }

  set(v: Set<unknown>, index: number): unknown {
    let values: unknown[];
    try {
      values = valuesOf(v);
    } catch (e) {
      throw this.fault(F.read, 0, e);
    }
    const at = this.hashing ? this.open(OP.set, values.length) : 0;
    const copy = this.mode === COPY ? new Set<unknown>() : undefined;
    if (copy) this.keep(index, copy);
    for (let i = 0; i < values.length; i++) {
      const out = this.child(values[i], i);
      if (copy) setAdd.call(copy, out);
    }
    if (this.hashing) this.close(at);
    return copy ?? v;
  }

  date(v: Date, index: number): unknown {
    let time: number;
    try {
      time = getTime.call(v);
    } catch (e) {
      throw this.fault(F.read, 0, e);
    }
    if (this.hashing) this.objectOp(OP.date, this.num(time));
    if (this.mode !== COPY) return v;
    const copy = new Date(time);
    this.keep(index, copy);
    return copy;
  }

  regExp(v: RegExp, index: number): unknown {
    let source: string;
    let flags: string;
    try {
      source = String(v.source);
      flags = String(v.flags);
    } catch (e) {
      throw this.fault(F.read, 0, e);
    }
    if (this.hashing) this.objectOp(OP.regExp, this.str(source), source.length, this.str(flags), flags.length);
    if (this.mode !== COPY) return v;
    const copy = new RegExp(source, flags);
    this.keep(index, copy);
    return copy;
  }

  /** Bytes: copied (the view's window only) or left as they are and noted; hashed as read now. */
  bytes(v: object, index: number): unknown {
    let window: Uint8Array;
    let type: string;
    try {
      window = ArrayBuffer.isView(v)
        ? new Uint8Array(v.buffer, v.byteOffset, v.byteLength)
        : new Uint8Array(v as ArrayBuffer);
      type = constructorName(v);
    } catch (e) {
      throw this.fault(F.read, 0, e);
    }
    const own = window.slice();
    if (this.hashing) {
      this.objectOp(OP.binary, this.str(type), type.length, this.byteLength, own.length);
      this.chunks.push(own);
      this.byteLength += own.length;
    }
    if (this.mode === HASH_ONLY) return v;
    this.notes.push(this.b.binaryNote(this.mode, this.path.slice(), type, own.length));
    if (this.mode !== COPY) return v;
    let copy: object = own.buffer;
    try {
      if (ArrayBuffer.isView(v)) {
        // A view of the same built-in type on the fresh buffer, with the original's prototype
        // (a Node Buffer stays a Buffer).
        const builtin = toStringTag.call(v).slice(8, -1);
        const Ctor = (globalThis as unknown as Record<string, new (b: ArrayBuffer) => object>)[builtin] ?? Uint8Array;
        copy = new Ctor(own.buffer);
      }
      const proto = Object.getPrototypeOf(v);
      if (Object.getPrototypeOf(copy) !== proto) Object.setPrototypeOf(copy, proto);
    } catch (e) {
      throw this.fault(F.read, 0, e);
    }
    this.keep(index, copy);
    return copy;
  }

  /** Functions and opaque objects: by name in the hash; never copied (the rules refuse them). */
  named(v: object, kind: number): unknown {
    if (this.hashing) {
      let name = "";
      if (kind === K.function) {
        try {
          const n = (v as { name?: unknown }).name;
          name = typeof n === "string" ? n : "";
        } catch {
          name = "";
        }
      } else {
        name = constructorName(v);
      }
      this.objectOp(kind === K.function ? OP.function : OP.opaque, this.str(name), name.length);
    }
    return v;
  }

  hash(): string {
    const chunks = this.chunks;
    let bytes: Uint8Array;
    if (chunks.length === 1) {
      bytes = chunks[0] as Uint8Array;
    } else {
      bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        bytes.set(c, at);
        at += c.length;
      }
    }
    return this.b.hashStream(this.ops.subarray(0, this.n), this.numbers.subarray(0, this.m), ENCODER.encode(this.texts.join("")), bytes);
  }
}

/**
 * A fault met by `freezeDeep`: it keeps no path while it walks (a push and a pop per object
 * were a fifth of its time), so the keys are gathered, innermost first, as the stack unwinds.
 */
class Pending {
  readonly keys: PropertyKey[] = [];
  constructor(
    readonly fault: number,
    readonly kind: number,
    readonly error: unknown,
    key?: PropertyKey,
  ) {
    if (key !== undefined) this.keys.push(key);
  }
}

/** A fault met below `key`: a child's fault gains the key; anything else was thrown by reading it. */
function below(e: unknown, key: PropertyKey): Pending {
  if (e instanceof Pending) {
    e.keys.push(key);
    return e;
  }
  return new Pending(F.read, 0, e, key);
}

/**
 * deepFreeze: the walk of `Walk.freezeInPlace` with no stream, copies or path. An object this
 * walk has met is frozen, so one that is not frozen is new; it is locked and frozen before its
 * entries are walked. Only objects frozen before the walk go into `seen` (a cycle through
 * objects the walk froze is walked at most once more, then stops at one of them). One `try` per
 * object, not per entry: the index of the entry being walked names the key of a fault.
 */
function freezeDeep(v: object, depth: number, seen: Set<object>, refused: readonly boolean[]): void {
  let kind: number;
  let frozen: boolean;
  try {
    kind = classify(v);
  } catch (e) {
    throw new Pending(F.read, 0, e);
  }
  try {
    frozen = Object.isFrozen(v);
  } catch (e) {
    throw new Pending(F.read, kind, e);
  }
  if (frozen) {
    if (seen.has(v)) return;
    seen.add(v);
  }
  if (refused[kind]) throw new Pending(F.refused, kind, undefined);
  if (depth >= MAX_DEPTH) throw new Pending(F.tooDeep, kind, undefined);
  if (!frozen && !NOT_FROZEN[kind]) {
    try {
      lockIn(v, kind);
    } catch (e) {
      throw new Pending(F.freeze, kind, e);
    }
  }
  const next = depth + 1;
  switch (kind) {
    case K.array: {
      let len: number;
      try {
        len = (v as unknown[]).length;
      } catch (e) {
        throw new Pending(F.read, 0, e);
      }
      let i = 0;
      try {
        for (; i < len; i++) {
          const item = (v as unknown[])[i];
          if (isObject(item)) freezeDeep(item, next, seen, refused);
        }
      } catch (e) {
        throw below(e, i);
      }
      return;
    }
    case K.plainObject:
    case K.classInstance: {
      let keys: (string | symbol)[];
      try {
        keys = ownKeys(v);
      } catch (e) {
        throw new Pending(F.read, 0, e);
      }
      let i = 0;
      try {
        for (; i < keys.length; i++) {
          // One read per property; a getter runs once, as in deep-freeze-strict and Immer.
          const item = (v as Bag)[keys[i] as string | symbol];
          if (isObject(item)) freezeDeep(item, next, seen, refused);
        }
      } catch (e) {
        throw below(e, keys[i] as string | symbol);
      }
      return;
    }
    case K.map: {
      let entries: [unknown, unknown][];
      try {
        entries = entriesOf(v as Map<unknown, unknown>);
      } catch (e) {
        throw new Pending(F.read, 0, e);
      }
      let i = 0;
      try {
        for (; i < entries.length; i++) {
          const [key, value] = entries[i] as [unknown, unknown];
          if (isObject(key)) freezeDeep(key, next, seen, refused);
          if (isObject(value)) freezeDeep(value, next, seen, refused);
        }
      } catch (e) {
        throw below(e, i);
      }
      return;
    }
    case K.set: {
      let values: unknown[];
      try {
        values = valuesOf(v as Set<unknown>);
      } catch (e) {
        throw new Pending(F.read, 0, e);
      }
      let i = 0;
      try {
        for (; i < values.length; i++) {
          const item = values[i];
          if (isObject(item)) freezeDeep(item, next, seen, refused);
        }
      } catch (e) {
        throw below(e, i);
      }
      return;
    }
  }
}

/** Locks a kind's mutating methods (RULES.locks) and freezes. */
function lockIn(target: object, kind: number): void {
  const lock = LOCKS[kind];
  if (lock) {
    const value = THROWERS[kind];
    for (const name of lock.methods) Object.defineProperty(target, name, { value });
  }
  Object.freeze(target);
}

export interface Isolated {
  value: unknown;
  hash: string;
  binary: BinaryNote[];
}

/** The stream's buffers of the last walk, for the next: growing (zero-filled) buffers took
 * 8–9 % of a 100k-leaf context hash (bench/freeze-ab.cjs). A walk takes them, so a walk started
 * inside a getter (through another guard) gets its own; they are kept up to SPARE_BYTES each. */
let spareOps: Uint32Array | undefined;
let spareNumbers: Float64Array | undefined;
const SPARE_BYTES = 4 << 20;
function takeOps(): Uint32Array {
  const o = spareOps ?? new Uint32Array(256);
  spareOps = undefined;
  return o;
}
function takeNumbers(): Float64Array {
  const o = spareNumbers ?? new Float64Array(64);
  spareNumbers = undefined;
  return o;
}
function giveBack(walk: Walk): void {
  const { ops, numbers } = walk;
  if (ops.byteLength <= SPARE_BYTES && (spareOps === undefined || spareOps.length < ops.length)) spareOps = ops;
  if (numbers.byteLength <= SPARE_BYTES && (spareNumbers === undefined || spareNumbers.length < numbers.length)) spareNumbers = numbers;
}

/** One walk: a frozen copy (COPY), the value frozen in place (IN_PLACE) or neither
 * (HASH_ONLY); with `hash`, the context hash of the content as it was read. deepFreeze (in
 * place, no hash, no report) has its own lighter walk, `freezeDeep`. */
export function isolate(b: FreezeBinding, value: unknown, mode: number, hash: boolean): Isolated {
  if (mode === IN_PLACE && !hash) {
    if (isObject(value)) {
      try {
        freezeDeep(value, 0, new Set(), RULES.refusedInPlace);
      } catch (e) {
        if (!(e instanceof Pending)) throw e;
        throw b.freezeFault(e.fault, e.kind, mode, e.keys.reverse(), message(e.error));
      }
    }
    return { value, hash: "", binary: [] };
  }
  const walk = new Walk(mode, hash, b);
  try {
    const out = walk.root(value);
    return { value: out, hash: hash ? walk.hash() : "", binary: walk.notes };
  } finally {
    giveBack(walk);
  }
}
