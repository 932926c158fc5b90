//! The hosts (Zoo Code, Roo Code v3.52.1, the specifications' older flow) as the guard sees
//! them: their persisted records, checked at each boundary, and the little the guard keeps
//! beside them.

mod records;
mod state;

pub use records::{check_completion, check_spawn, Finding, HistoryRecord, HostKind};
pub use state::{
    Deadline, Delivery, HostEvent, HostState, Parked, Reconciliation, Round, HOST_STATE_VERSION,
    MAX_ENTRIES,
};
