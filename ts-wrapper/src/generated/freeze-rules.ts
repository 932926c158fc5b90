// Generated from src/freeze/rules.rs. Do not edit: change the Rust rules and run
// `BG_UPDATE_TYPES=1 cargo test --lib freeze_rules`.
export const RULES = {
  "kinds": {
    "array": 1,
    "binary": 8,
    "classInstance": 3,
    "date": 6,
    "function": 10,
    "map": 4,
    "opaque": 11,
    "plainObject": 2,
    "primitive": 0,
    "regExp": 7,
    "set": 5,
    "sharedBinary": 9
  },
  "ops": {
    "array": 10,
    "backRef": 20,
    "bigint": 6,
    "binary": 17,
    "date": 15,
    "false": 3,
    "function": 18,
    "instance": 12,
    "key": 8,
    "map": 13,
    "null": 1,
    "number": 4,
    "object": 11,
    "opaque": 19,
    "regExp": 16,
    "set": 14,
    "string": 5,
    "symbol": 7,
    "symbolKey": 9,
    "true": 2,
    "undefined": 0
  },
  "refusedCopy": [
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    true,
    true,
    true
  ],
  "refusedInPlace": [
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    true,
    false,
    false
  ],
  "notFrozen": [
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    true,
    false,
    false,
    false
  ],
  "locks": [
    null,
    null,
    null,
    null,
    {
      "methods": [
        "set",
        "delete",
        "clear"
      ],
      "message": "boomerang-guard: this Map is frozen (a child's context is read-only)"
    },
    {
      "methods": [
        "add",
        "delete",
        "clear"
      ],
      "message": "boomerang-guard: this Set is frozen (a child's context is read-only)"
    },
    {
      "methods": [
        "setDate",
        "setFullYear",
        "setHours",
        "setMilliseconds",
        "setMinutes",
        "setMonth",
        "setSeconds",
        "setTime",
        "setUTCDate",
        "setUTCFullYear",
        "setUTCHours",
        "setUTCMilliseconds",
        "setUTCMinutes",
        "setUTCMonth",
        "setUTCSeconds",
        "setYear"
      ],
      "message": "boomerang-guard: this Date is frozen (a child's context is read-only)"
    },
    null,
    null,
    null,
    null,
    {
      "methods": [
        "set",
        "add",
        "delete"
      ],
      "message": "boomerang-guard: this collection is frozen (a child's context is read-only)"
    }
  ],
  "maxDepth": 1000,
  "faults": {
    "freeze": 2,
    "read": 1,
    "refused": 0,
    "tooDeep": 3
  }
} as const;
