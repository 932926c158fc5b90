// Generated from the Rust types by src/ts_types.rs (ts-rs). Do not edit: change the Rust
// type and run `BG_UPDATE_TYPES=1 cargo test --lib ts_types`.
import type { JsonValue } from "../types.js";

export type DriftReport = { 
/**
 * 0 = fully consistent, 1 = fully drifted.
 */
score: number, 
/**
 * 1..5, the seed's judge scale (5 = fully aligned).
 */
alignment: number, status: DriftStatus, 
/**
 * Weighted share of the instruction's concepts found in the result.
 */
coverage: number, jaccard: number, preserved: Array<Concept>, added: Array<Concept>, lost: Array<Concept>, checklist: Array<ChecklistItem>, violations: Array<Violation>, reasons: Array<string>, expectedModality: Modality, deliveredModality: Modality, 
/**
 * Requirement ids (`[REQ-12]`, `REQ-12`) in the instructions, and those the result addresses.
 */
requirements: Array<string>, requirementsAddressed: Array<string>, 
/**
 * The message's explicit, checkable constraints and whether the result keeps each.
 */
checked: Array<Checked>, 
/**
 * Every declared signal with its value and evidence (`signals/`).
 */
signals: Array<Signal>, 
/**
 * Calibrated probability that the result drifted (the fitted weights of `weights.rs`).
 */
probability: number, decision: Decision, 
/**
 * The instructions ask for an unhelpful or wrong answer: content scores are inverted.
 */
inverted: boolean, 
/**
 * Distinct concepts (content stems and identifiers) the result states: how much it says
 * of its own, which is what makes a miss of the instruction's concepts evidence.
 */
resultConcepts: number, };

export type DriftStatus = "CONSISTENT" | "POTENTIAL_DRIFT" | "SIGNIFICANT_DRIFT";

export type Concept = { concept: string, weight: number, };

/**
 * One signal's measurement.
 */
export type Signal = { name: string, 
/**
 * 0..1; 1 = the strongest evidence of drift this signal can give.
 */
value: number, 
/**
 * What the value rests on, for the reasons and the per-pair evaluation.
 */
evidence: Array<string>, };

/**
 * What the stage decides on its own: only where its calibrated probability is confident;
 * `unsure` is what sends a result to the judge.
 */
export type Decision = "consistent" | "unsure" | "drift";

/**
 * A parsed constraint and whether the result keeps it.
 */
export type Checked = { 
/**
 * Stable kind: `words`, `sentences`, `paragraphs`, `bullets`, `highlights`, `sections`,
 * `placeholders`, `no-commas`, `lowercase`, `uppercase`, `capital-words`, `title`,
 * `quoted`, `json`, `postscript`, `ending`, `two-responses`, `fixed-answer`, `includes`,
 * `forbids`, `word-count`, `letter-count`, `script`, `language`, `list-items`,
 * `no-bullets`, `numbered-list`, `bullet-words`, `iso-dates`, `no-markdown`,
 * `section-order`, `british-spelling`, `title-characters`, `title-words`, `text-characters`, `lines`, `table`,
 * `no-tables`, `clock-24`, `number-format`, `commit-form`, `placeholder-style`,
 * `json-types`, `no-placeholders`, `first-holds`, `heading-form`, `line-characters`.
 */
kind: string, 
/**
 * The constraint in plain words.
 */
constraint: string, holds: boolean, 
/**
 * What breaks it, when it does not hold.
 */
evidence?: string, };

export type ChecklistItem = { item: string, fulfilled: boolean, 
/**
 * Share of the item's weighted concepts found in the result.
 */
coverage: number, evidence?: string, 
/**
 * A quantity the item names ("20 requests per IP") that the result, which otherwise covers
 * the item, never states. Not a violation by itself: numbers also describe scales and
 * targets ("a 0-5 scale", "the top 50") that a good answer need not repeat.
 */
missingQuantity?: string, };

export type Violation = { 
/**
 * The constraint as written in the instructions.
 */
constraint: string, 
/**
 * What in the result breaks it.
 */
reason: string, 
/**
 * The offending text from the result.
 */
evidence?: string, };

export type Modality = "code" | "tests" | "comparison" | "summary" | "docs" | "diagnosis" | "unknown";

/**
 * The fields of a host `HistoryItem` the guard reads.
 */
export type HostRecord = { id: string, 
/**
 * The task's first message: for a child, the `new_task` message it was given.
 */
task?: string, mode?: string, status?: string, parentTaskId?: string, rootTaskId?: string, childIds?: Array<string>, delegatedToId?: string, awaitingChildId?: string, completedByChildId?: string, 
/**
 * When the host last wrote the record (ms since the epoch).
 */
ts?: number, };

/**
 * Which host wrote the records: it decides the status set a record may carry.
 */
export type HostKind = "zoo" | "roo" | "seed";

/**
 * A disagreement between what the guard expects at a boundary and the host's records. Never
 * silent: it is carried in the verdict, the summary and the log.
 */
export type Finding = { 
/**
 * Stable code: `missing-record`, `unknown-status`, `not-delegated`, `awaiting-other-child`,
 * `not-a-child`, `child-not-active`, `invalid-transition`.
 */
code: string, taskId: string, message: string, };

/**
 * Something the host must do for a parent: give it `text` as its child's result.
 */
export type HostDelivery = { parentTaskId: string, childTaskId: string, text: string, 
/**
 * Why the guard delivers it (a reload, a deadline, a cancelled or lost child).
 */
why: string, };

export type IntegrationStatus = "CONSISTENT" | "POTENTIAL_DRIFT" | "SIGNIFICANT_DRIFT" | "CONTRACT_VIOLATION" | "UNVERIFIED";

/**
 * Strategy B's round to keep for the child.
 */
export type NextRound = { round: number, score: number, };

/**
 * How the host hands a parent its child's result.
 */
export type ParentApi = "today" | "seed";

export type CheckReport = { ok: boolean, mode: string, 
/**
 * Short name of the contract schema that was applied (e.g. `code.input`).
 */
contract?: string, errors: Array<ContractError>, 
/**
 * The sanitized value; absent when it equals the input (`valueUnchanged`).
 */
value?: JsonValue, valueUnchanged: boolean, changes: Array<Change>, summary: string, errorObject?: ErrorObject, 
/**
 * Results only: the text to hand the parent (sanitized result, or the error object).
 */
text?: string, 
/**
 * Results only: how the structured value was found in the text.
 */
extraction?: Extraction, };

/**
 * Seed 001 Example 1: what the parent receives instead of a malformed result. A struct, so
 * that `error` and `details` come first when it is printed for the parent.
 */
export type ErrorObject = { error: string, details: string, mode: string, contract: string | null, errors: Array<ErrorEntry>, };

export type ErrorEntry = { path: string, keyword: string, message: string, };

/**
 * Which crossing a report is about, for its wording.
 */
export type Crossing = "Input" | "Result";

export type ContractError = { instancePath: string, schemaPath: string, keyword: string, params: { [key: string]: JsonValue }, message: string, };

export type Change = { op: ChangeOp, 
/**
 * JSON pointer to the changed place.
 */
path: string, reason: string, };

/**
 * What sanitization did to one place in the value.
 */
export type ChangeOp = "remove" | "truncate" | "strip-chars" | "replace-chars" | "normalize-newlines" | "rename" | "prune" | "undecided" | "extract";

export type Extraction = "bare" | "fenced" | "embedded" | "plain" | "text";

/**
 * One run of bytes a freeze met: where, what it is, how large, and what was done with it.
 */
export type BinaryNote = { 
/**
 * JSON pointer of the value in the context ("" for the root).
 */
path: string, 
/**
 * Its constructor's name: `Uint8Array`, `Buffer`, `DataView`, `ArrayBuffer`...
 */
type: string, byteLength: number, handling: BinaryHandling, };

/**
 * What happens to bytes (a [`ValueKind::Binary`]) in a freeze.
 */
export type BinaryHandling = "copied" | "not-frozen";

