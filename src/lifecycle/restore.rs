//! Mode restoration (seed 001 §3.3; Roo Code #5747, #2553): which mode the parent goes back to.
//! The host's asynchronous switch and read-back run in the binding; the decision is here.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RestorePlan {
    /// The mode to switch to first; `None`: switch nothing (the host is already right, or the
    /// user chose a mode after the delegation).
    pub target: Option<String>,
    /// The host's own default mode, if switching to `target` fails.
    pub fallback: String,
    /// Why `target` is not the saved mode, when it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// What the host knows when it restores a parent's mode (fields in camelCase, every one
/// optional: [`RestoreInput::from_value`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RestoreInput {
    /// `pausedModeSlug` (seeds) or `historyItem.mode` (today).
    pub saved: Option<String>,
    /// The host's modes (empty: unknown, every saved mode is taken to exist).
    pub known: Vec<String>,
    /// The host's default mode (Roo Code's `defaultModeSlug`); else the guard's `defaultMode`.
    pub host_default: Option<String>,
    /// The mode the host is in now.
    pub current: Option<String>,
    /// The mode the host was put in for the child; a different `current` is the user's choice.
    pub delegated_mode: Option<String>,
}

impl RestoreInput {
    pub fn from_value(value: serde_json::Value) -> serde_json::Result<RestoreInput> {
        let mut f = crate::json_fields::Fields::of(value)?;
        Ok(RestoreInput {
            saved: f.opt_text("saved")?,
            known: f.opt_texts("known")?.unwrap_or_default(),
            host_default: f.opt_text("hostDefault")?,
            current: f.opt_text("current")?,
            delegated_mode: f.opt_text("delegatedMode")?,
        })
    }
}

pub fn plan_restore(input: &RestoreInput, guard_default: &str) -> RestorePlan {
    let fallback = input
        .host_default
        .clone()
        .filter(|d| !d.trim().is_empty())
        .unwrap_or_else(|| guard_default.to_string());
    let saved = input
        .saved
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let current = input.current.as_deref();
    if let (Some(now), Some(delegated)) = (current, input.delegated_mode.as_deref()) {
        if now != delegated && Some(now) != saved {
            return RestorePlan {
                target: None,
                fallback,
                reason: Some(format!(
                    "the user switched to {now:?} after the delegation; that choice is kept"
                )),
            };
        }
    }
    match saved {
        None => RestorePlan {
            target: Some(fallback.clone()).filter(|f| Some(f.as_str()) != current),
            fallback,
            reason: Some("no saved mode".into()),
        },
        Some(mode) if current == Some(mode) => RestorePlan {
            target: None,
            fallback,
            reason: None,
        },
        Some(mode) if input.known.is_empty() || input.known.iter().any(|k| k == mode) => {
            RestorePlan {
                target: Some(mode.to_string()),
                fallback,
                reason: None,
            }
        }
        Some(mode) => RestorePlan {
            target: Some(fallback.clone()).filter(|f| Some(f.as_str()) != current),
            fallback,
            reason: Some(format!("saved mode {mode:?} no longer exists")),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_input_reads_from_the_hosts_json() {
        let v = serde_json::json!({"saved": "code", "known": ["code", "ask"], "hostDefault": null, "x": 1});
        let read = RestoreInput::from_value(v).unwrap();
        assert_eq!(read.saved.as_deref(), Some("code"));
        assert_eq!((read.known.len(), read.host_default), (2, None));
        assert!(RestoreInput::from_value(serde_json::json!({"known": "code"})).is_err());
        assert!(RestoreInput::from_value(serde_json::json!("code")).is_err());
    }

    fn input(saved: &str, current: Option<&str>, delegated: Option<&str>) -> RestoreInput {
        RestoreInput {
            saved: Some(saved.into()),
            known: vec!["code".into(), "architect".into(), "orchestrator".into()],
            host_default: Some("architect".into()),
            current: current.map(Into::into),
            delegated_mode: delegated.map(Into::into),
        }
    }

    #[test]
    fn a_vanished_mode_falls_back_to_the_hosts_default() {
        let p = plan_restore(&input("gone", Some("code"), Some("code")), "orchestrator");
        assert_eq!(p.target.as_deref(), Some("architect"));
        assert!(p.reason.unwrap().contains("no longer exists"));
    }

    #[test]
    fn the_users_later_choice_is_kept() {
        let p = plan_restore(&input("orchestrator", Some("architect"), Some("code")), "x");
        assert_eq!(p.target, None);
        assert!(p.reason.unwrap().contains("user switched"));
        let p = plan_restore(&input("orchestrator", Some("code"), Some("code")), "x");
        assert_eq!(p.target.as_deref(), Some("orchestrator"));
    }

    #[test]
    fn nothing_to_switch_when_already_there() {
        let p = plan_restore(&input("code", Some("code"), None), "x");
        assert_eq!(p.target, None);
        assert_eq!(p.reason, None);
    }
}
