//! Mode restoration (seed 001 §3.3; Roo Code #5747, #2553): which mode the parent goes back to.
//! The host's asynchronous switch and read-back run in the binding; the decision is here.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RestorePlan {
    /// The mode to switch to first.
    pub target: String,
    /// The safe mode to fall back to if switching to `target` fails.
    pub fallback: String,
    /// Why `target` is not the saved mode, when it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// `saved`: `pausedModeSlug` (seeds) or `historyItem.mode` (today). `known`: the host's modes.
pub fn plan_restore(saved: Option<&str>, known: &[String], default_mode: &str) -> RestorePlan {
    let fallback = default_mode.to_string();
    match saved.map(str::trim) {
        None | Some("") => RestorePlan {
            target: fallback.clone(),
            fallback,
            reason: Some("no saved mode".into()),
        },
        Some(mode) if known.is_empty() || known.iter().any(|k| k == mode) => RestorePlan {
            target: mode.to_string(),
            fallback,
            reason: None,
        },
        Some(mode) => RestorePlan {
            target: fallback.clone(),
            fallback,
            reason: Some(format!("saved mode {mode:?} no longer exists")),
        },
    }
}
