//! "Keep credentials out of the report": a ban on secrets in the result, and the secret values a
//! result shows. A value counts only in a shape a secret has — a key, password or token given a
//! value after `=` or `:`, a password inside a connection string, or a provider's key format —
//! and never a placeholder (`***`, `<token>`, `${DB_PASSWORD}`, "redacted"): naming a secret's
//! vault path or its variable is what the ban asks for.
use crate::drift::text::Clip;
use crate::drift::text::ListTests;
use crate::drift::text::Words;
use crate::gather::Gather;

/// Words that name a secret, in a ban's sentence.
const SECRET_WORDS: &str =
    "secret|password|credential|token|api key|access key|private key|connection string";

/// Names a result gives a secret before its value (lowercased, as a suffix of the key:
/// `SMTP_PASSWORD=…`, `aws_secret_access_key = …`).
const SECRET_KEYS: &str =
    "secret_key|private_key|signing_key|password|passwd|pwd|secret|token|api_key|apikey|access_key|secret_access_key";

/// Whether a lowercased sentence bans secrets from the result: a secret word with a negation
/// or a request to keep them out, mask or redact them ("never paste passwords into the
/// report", "keep credentials out of the report", "mask any tokens").
pub fn bans(lower: &str) -> bool {
    if !crate::drift::text::parts(SECRET_WORDS)
        .iter()
        .any(|w| lower.contains(w))
    {
        return false;
    }
    let words: Vec<&str> = lower.words_by(crate::drift::text::char_test(|c: char| {
        !(c.is_alphanumeric() || c == '\'' || c == '’')
    }));
    // Whole words: "token" is not "tokenizer", "log" not "login".
    let secret = words.iter().enumerate().any(|(i, w)| {
        let next = words.get(i + 1).copied().unwrap_or("");
        crate::drift::text::in_list(
            "secret|secrets|password|passwords|credential|credentials|token|tokens",
            w,
        ) || (crate::drift::text::in_list("api|access|private", w)
            && crate::drift::text::in_list("key|keys", next))
            || (*w == "connection" && crate::drift::text::in_list("string|strings", next))
    });
    if !secret {
        return false;
    }
    let negated = words
        .iter()
        .any(|w| crate::drift::text::in_list("never|not|no|without", w) || w.ends_any("n't|n’t"));
    let out = crate::drift::text::contains_any(lower, "out of|mask|redact|omit|scrub");
    // What it is kept from: the report or what is pasted, printed or logged.
    let shown = words.iter().any(|w| {
        crate::drift::text::starts_with_any(w, "report|paste|print|output|reply|respons|answer|summar|show|includ|expos|leak|reveal|echo|message|chat|quot")
            || crate::drift::text::in_list("log|logs|logged|logging", w)
    });
    (negated || out) && shown
}

/// The first line of the result that shows a secret's value.
pub fn shown(result: &str) -> Option<String> {
    result
        .lines()
        .find(|l| line_shows(l))
        .map(|l| l.trim().clip())
}

fn line_shows(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    // A key's value: `SMTP_PASSWORD=Tq7…`, `"api_key": "…"`, `token: abc…`.
    let assigned = lower.match_indices(&['=', ':'][..]).any(|(at, _)| {
        let head = lower
            .get(..at)
            .unwrap_or_default()
            .trim_end()
            .trim_end_matches(&['"', '\''][..]);
        // The run of name characters that ends it.
        let from = head
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
            .last()
            .map_or(head.len(), |(i, _)| i);
        let key = head.get(from..).unwrap_or_default().replace('-', "_");
        crate::drift::text::parts(SECRET_KEYS)
            .iter()
            .any(|k| key.ends_with(k))
            && value_at(line, at + 1).is_some_and(is_secret_value)
    });
    // A password in a connection string: `postgres://etl_user:s3cr3t@db:5432`.
    let in_url = lower.match_indices("://").any(|(at, _)| {
        let rest = line.get(at + 3..).unwrap_or_default();
        let auth = rest
            .split(&['/', ' ', '"', '\''][..])
            .next()
            .unwrap_or_default();
        auth.rsplit_once('@')
            .and_then(|(cred, _)| cred.split_once(':'))
            .is_some_and(|(_, pass)| is_secret_value(pass))
    });
    // Providers' formats: AWS key ids, GitHub, GitLab, Slack and Stripe tokens.
    let provider = line
        .split(crate::drift::text::char_test(|c: char| {
            !c.is_ascii_alphanumeric() && c != '_' && c != '-'
        }))
        .any(|w| {
            (w.len() == 20
                && w.starts_with("AKIA")
                && w.bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()))
                || token_after(w, "ghp_|gho_|ghs_|ghu_|github_pat_", 36)
                || token_after(w, "xoxb-|xoxp-|glpat-|sk_live_|rk_live_", 24)
        });
    // A bearer token written out: `Authorization: Bearer eyJhbGciOi…` (not `Bearer $TOKEN`).
    let bearer = lower.match_indices("bearer ").any(|(at, m)| {
        // A JWT's dots are no code (its value is read to 128 bytes: the second dot may lie past).
        let jwt = |v: &str| v.starts_with("eyJ") && v.contains('.');
        value_at(line, at + m.len())
            .is_some_and(|v| v.len() >= 20 && (jwt(v) || is_secret_value(v)))
    });
    assigned || in_url || provider || bearer
}

/// A provider's token: one of `prefixes`, at least `len` bytes, and not a placeholder made of one
/// repeated character (`ghp_xxxxxxxx…`).
fn token_after(w: &str, prefixes: &'static str, len: usize) -> bool {
    crate::drift::text::parts(prefixes).iter().any(|p| {
        w.len() >= len
            && w.strip_prefix(p).is_some_and(|rest| {
                let mut seen = rest.chars().gather();
                crate::sort::sort(&mut seen);
                seen.dedup();
                seen.len() >= 5
            })
    })
}

/// The value after a `=` or `:` at byte `at`: its first run, unquoted.
fn value_at(line: &str, at: usize) -> Option<&str> {
    let rest = line.get(at..)?.trim_start();
    let rest = rest.trim_start_matches(&['"', '\'', '`'][..]);
    // A value ends at a separator or another key's mark, and is never longer than 128 bytes
    // (a line of `a=a=a=…` must not be rescanned per `=`).
    let end = rest
        .char_indices()
        .take(128)
        .find(|&(_, c)| c.is_whitespace() || matches!(c, '"' | '\'' | '`' | ',' | ';' | '=' | '&'))
        .map_or_else(
            || rest.char_indices().nth(128).map_or(rest.len(), |(i, _)| i),
            |(i, _)| i,
        );
    rest.get(..end).filter(|v| !v.is_empty())
}

/// Whether a value looks like a real secret rather than a placeholder or a description: at least
/// six characters, a letter and a digit or symbol mixed in, and none of the placeholder shapes.
fn is_secret_value(v: &str) -> bool {
    let lower = v.to_ascii_lowercase();
    let placeholder = v.contains('*')
        || v.contains('<')
        || v.contains('{')
        || v.starts_with('$')
        || v.starts_with('%')
        || v.chars().all(|c| c == 'x' || c == 'X' || c == '.')
        || crate::drift::text::contains_any(&lower, "redacted|masked|hidden|changeme|example|placeholder|vault|env|secret/|your_|your-|none|null|true|false");
    // Code, a path or a word is no value: `get_token()`, `settings.DB_PASSWORD`, `/home/x`,
    // "JWT-based".
    let code = v.contains(&['(', '[', '.'][..]) || v.starts_with('/');
    let letters = v.chars().any(|c| c.is_alphabetic());
    let mixed = v
        .chars()
        .any(|c| c.is_ascii_digit() || (c.is_ascii_punctuation() && !matches!(c, '-' | '_')));
    v.chars().count() >= 6 && letters && mixed && !placeholder && !code
}

#[cfg(test)]
mod tests {
    use super::{bans, shown};

    #[test]
    fn a_ban_names_secrets_and_keeps_them_from_the_report() {
        for ban in [
            "never paste passwords or tokens into your report; point to the vault path instead.",
            "keep every credential out of the summary.",
            "if you quote the config, mask the api key.",
        ] {
            assert!(bans(ban), "{ban}");
        }
        for not_a_ban in [
            "don't modify the tokenizer or its output format.",
            "do not change the login flow; report what you find.",
            "rotate the api key and restart the service.",
            "the password reset email is sent twice.",
            "do not change the token refresh interval.",
        ] {
            assert!(!bans(not_a_ban), "{not_a_ban}");
        }
    }

    #[test]
    fn a_value_in_a_secret_shape_is_shown_and_a_placeholder_is_not() {
        for line in [
            "Set REDIS_PASSWORD=k8#Lw2qZ!m in the env file.",
            "  \"api_key\": \"sk_live_4f9a2b7c1d\",",
            "APP_SECRET_KEY=q9T2mV7xLr4Kp0Zs",
            "DSN: postgres://report_user:Hq7x!2pLm@db.internal:5432/reports",
            "Used key AKIAIOSFODNN7EXAMPLF for the upload.",
            "curl -H \"Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl\" https://api.test",
            "gh api -H 'Authorization: token github_pat_11AAQ7Y2Q0b8Zr4LkVw9XpTm3NcHdE6sU1'",
        ] {
            assert!(shown(line).is_some(), "{line}");
        }
        for line in [
            "token = get_token()",
            "password=settings.DB_PASSWORD",
            "PWD=/home/runner/work",
            "Token: JWT-based auth",
            "Set REDIS_PASSWORD=${REDIS_PASSWORD} from the vault.",
            "api_key: ******** (masked)",
            "The password is in vault at secret/staging/redis.",
            "DSN: postgres://report_user:<password>@db.internal:5432/reports",
            "token: rotated yesterday",
            "Password: see 1Password entry 'staging redis'.",
            "curl -H \"Authorization: Bearer $GITHUB_TOKEN\" https://api.test",
            "Send it as a bearer token in the header.",
            "export GH_TOKEN=$TOKEN  # e.g. ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        ] {
            assert!(shown(line).is_none(), "{line}");
        }
    }
}
