//! Finding the structured result inside a child's text. Models answer with bare JSON, a fenced
//! ```json block, or a sentence of preamble and then the object; all three are accepted, in
//! that order of preference, and the first candidate that parses wins.

use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Extraction {
    /// The whole text is the JSON value.
    Bare,
    /// From a fenced code block (```json, or an untagged fence holding an object or array).
    Fenced,
    /// From the first balanced `{...}` or `[...]` that parses, after a preamble.
    Embedded,
    /// No JSON found: the text is taken as the summary.
    Plain,
    /// The contract accepts text: the string itself is validated.
    Text,
}

pub struct Extracted {
    pub value: Value,
    pub how: Extraction,
    /// Characters outside the JSON that were dropped.
    pub dropped_chars: usize,
}

/// Looks for a JSON object or array in `text`. Parse errors other than "too deep" just mean
/// "not this candidate"; a too-deep candidate is reported so the caller can say so.
pub fn extract_json(text: &str) -> Result<Option<Extracted>, DepthExceeded> {
    let trimmed = text.trim();
    if let Some(v) = parse_structured(trimmed)? {
        return Ok(Some(Extracted {
            value: v,
            how: Extraction::Bare,
            dropped_chars: 0,
        }));
    }
    for body in fenced_blocks(text) {
        if let Some(v) = parse_structured(body.trim())? {
            return Ok(Some(Extracted {
                value: v,
                how: Extraction::Fenced,
                dropped_chars: text.chars().count() - body.chars().count(),
            }));
        }
    }
    // Embedded: try each opening bracket (bounded), parsing the longest prefix that is JSON.
    // Code in another language is not a result object, even where it parses (`catch {}`,
    // `xs[0]`): brackets inside non-JSON fences are skipped, and an embedded value must carry
    // data (a non-empty object, or an array of objects).
    let code = code_spans(text);
    for (start, _) in text
        .match_indices(&['{', '['][..])
        .filter(|(i, _)| !code.iter().any(|r| r.contains(i)))
        .take(32)
    {
        let rest = text.get(start..).unwrap_or_default();
        let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<Value>();
        match stream.next() {
            Some(Ok(v)) if carries_data(&v) => {
                let used = stream.byte_offset();
                let kept = rest.get(..used).unwrap_or_default().chars().count();
                return Ok(Some(Extracted {
                    value: v,
                    how: Extraction::Embedded,
                    dropped_chars: text.chars().count() - kept,
                }));
            }
            Some(Err(e)) if e.to_string().contains("recursion limit") => return Err(DepthExceeded),
            _ => {}
        }
    }
    Ok(None)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DepthExceeded;

/// Openings tried by [`json_values`]: each failed attempt stops at the first byte that is not
/// JSON, so the scan stays linear in practice; this caps the worst case.
const MAX_OPENINGS: usize = 4096;

/// Every JSON object or array in `text`, up to `max`: the whole text, fenced blocks, then values
/// embedded in prose (each opening bracket not inside a value already found). Used to recognise
/// quoted JSON, where every candidate matters, not only the first.
pub fn json_values(text: &str, max: usize) -> Vec<Value> {
    let mut out = Vec::new();
    if let Ok(Some(v)) = parse_structured(text.trim()) {
        out.push(v);
        return out;
    }
    for body in fenced_blocks(text) {
        if out.len() >= max {
            return out;
        }
        if let Ok(Some(v)) = parse_structured(body.trim()) {
            out.push(v);
        }
    }
    let mut skip_to = 0;
    for (start, _) in text.match_indices(&['{', '['][..]).take(MAX_OPENINGS) {
        if out.len() >= max {
            break;
        }
        if start < skip_to {
            continue;
        }
        let rest = text.get(start..).unwrap_or_default();
        let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<Value>();
        if let Some(Ok(v)) = stream.next() {
            skip_to = start + stream.byte_offset();
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

fn carries_data(v: &Value) -> bool {
    match v {
        Value::Object(m) => !m.is_empty(),
        Value::Array(a) => !a.is_empty() && a.iter().all(|x| x.is_object() && carries_data(x)),
        _ => false,
    }
}

/// Byte ranges of fenced blocks tagged with a language other than JSON (an unclosed fence runs
/// to the end of the text).
fn code_spans(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut spans = Vec::new();
    let mut at = 0;
    while let Some(open) = text.get(at..).and_then(|r| r.find("```")).map(|o| at + o) {
        let after = open + 3;
        let line_end = text
            .get(after..)
            .and_then(|r| r.find('\n'))
            .map_or(text.len(), |e| after + e);
        let tag = text.get(after..line_end).unwrap_or_default().trim();
        let close = text
            .get(line_end..)
            .and_then(|r| r.find("```"))
            .map_or(text.len(), |c| line_end + c);
        let json = tag.is_empty()
            || crate::drift::text::in_list("json|jsonc|json5", tag.to_ascii_lowercase().as_str());
        if !json {
            spans.push(open..close);
        }
        at = (close + 3).min(text.len());
        if close >= text.len() {
            break;
        }
    }
    spans
}

/// The text of a result that may be bare JSON (an object or array once trimmed), as
/// [`extract_json`] first tries it.
pub fn bare(text: &str) -> Option<&str> {
    let trimmed = text.trim();
    (trimmed.starts_with('{') || trimmed.starts_with('[')).then_some(trimmed)
}

fn parse_structured(s: &str) -> Result<Option<Value>, DepthExceeded> {
    if !(s.starts_with('{') || s.starts_with('[')) {
        return Ok(None);
    }
    match serde_json::from_str::<Value>(s) {
        Ok(v) => Ok(Some(v)),
        Err(e) if e.to_string().contains("recursion limit") => Err(DepthExceeded),
        Err(_) => Ok(None),
    }
}

/// Bodies of fenced code blocks: ```json first, then untagged fences.
fn fenced_blocks(text: &str) -> Vec<&str> {
    let mut tagged = Vec::new();
    let mut untagged = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("```") {
        let after = rest.get(open + 3..).unwrap_or_default();
        let Some(line_end) = after.find('\n') else {
            break;
        };
        let tag = after
            .get(..line_end)
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase();
        let body_start = line_end + 1;
        let body_rest = after.get(body_start..).unwrap_or_default();
        let Some(close) = body_rest.find("```") else {
            break;
        };
        let body = body_rest.get(..close).unwrap_or_default();
        if tag == "json" || tag == "jsonc" || tag == "json5" {
            tagged.push(body);
        } else if tag.is_empty() {
            untagged.push(body);
        }
        rest = body_rest.get(close + 3..).unwrap_or_default();
    }
    tagged.extend(untagged);
    tagged
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_fenced_and_embedded() {
        let bare = extract_json(" {\"a\":1} ").unwrap().unwrap();
        assert_eq!(bare.how, Extraction::Bare);
        let fenced = "Done.\n```json\n{\"status\":\"completed\"}\n```\nThanks";
        let f = extract_json(fenced).unwrap().unwrap();
        assert_eq!(f.how, Extraction::Fenced);
        assert_eq!(f.value["status"], "completed");
        let emb = "Here is the result: {\"code\": \"x\"} hope it helps";
        let e = extract_json(emb).unwrap().unwrap();
        assert_eq!(e.how, Extraction::Embedded);
        assert_eq!(e.value["code"], "x");
        assert!(e.dropped_chars > 0);
    }

    #[test]
    fn code_in_another_language_is_not_a_result_object() {
        let js = "Here is a retry helper:\n```js\nfunction retry(fn) { try { return fn() } catch {} }\nconst m = {\"a\": 1};\n```";
        assert!(extract_json(js).unwrap().is_none());
        assert!(extract_json("Use xs[0] or call f({}) to reset.")
            .unwrap()
            .is_none());
        // Data after the code still counts.
        let both = format!("{js}\nResult: {{\"status\": \"completed\"}}");
        let e = extract_json(&both).unwrap().unwrap();
        assert_eq!(e.value["status"], "completed");
        let rows = extract_json("Rows: [{\"id\": 1}, {\"id\": 2}] as asked")
            .unwrap()
            .unwrap();
        assert_eq!(rows.how, Extraction::Embedded);
        assert!(extract_json("Counts were [1, 2, 3].").unwrap().is_none());
    }

    #[test]
    fn prose_with_braces_is_plain() {
        assert!(extract_json("I used {curly} braces and [brackets]")
            .unwrap()
            .is_none());
        assert!(extract_json("<result><code>x</code></result>")
            .unwrap()
            .is_none());
    }

    #[test]
    fn too_deep_is_reported() {
        let deep = "[".repeat(500) + &"]".repeat(500);
        assert_eq!(extract_json(&deep).err(), Some(DepthExceeded));
    }
}
