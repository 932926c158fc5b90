//! The keys a message asks of a YAML answer: "as a YAML block with exactly the keys `queue`,
//! `walltime`, `nodes`", "a YAML list where each item has the keys …", "top-level keys
//! `summary`, `changed_files`". Read from the reply's YAML — a ```yaml block, an untagged block
//! that reads as YAML, or a reply that is YAML itself — by a small reader of block mappings and
//! sequences. A text the reader cannot follow (anchors, multi-document streams, prose) leaves
//! the rule silent: it breaks only on YAML it has read.

use crate::drift::text::Has;
use crate::drift::text::Lower;
use crate::gather::Gather;
use crate::gather::GatherSome;
use crate::gather::Keep;

#[derive(Debug, Clone, PartialEq)]
pub struct YamlKeys {
    pub keys: Vec<String>,
    /// No other keys beside them ("exactly the keys", "and no others").
    pub exact: bool,
    /// Said of the top level only ("top-level keys …"): a nested mapping that holds them does
    /// not count.
    pub top: bool,
    /// "… in that order".
    pub ordered: bool,
}

/// A file named in the sentence is a file, not the answer's format ("update `deploy.yaml`").
fn unfiled(lower: &str) -> String {
    lower.replace(".yaml", ".file").replace(".yml", ".file")
}

/// The sentence asks for the answer itself in YAML ("as YAML", "a YAML block", "reply in YAML
/// only"), not for a file or a component that uses it ("configurable from YAML").
fn asks_yaml_answer(plain: &str) -> bool {
    plain.has("yaml")
        && !plain.has("json")
        && super::has_any_in(
            plain,
            "as yaml|as a yaml|in yaml|into yaml|yaml only|only yaml|yaml block|yaml snippet|yaml document|yaml list|yaml entry|yaml mapping|yaml object|yaml report|yaml summary|yaml front matter|yaml with|yaml containing|yaml whose|output yaml|return yaml|reply with yaml|respond with yaml|valid yaml|raw yaml|```yaml|output a yaml|output the yaml|return a yaml|give me a yaml|produce a yaml|generate a yaml|generate the yaml|provide a yaml|reply with a yaml|respond with a yaml|answer with a yaml",
        )
}

/// The keys a sentence asks of the answer's YAML; `before` is the sentence before it ("Reply
/// in YAML only. The top level must have exactly two keys, `station` and `incidents`").
pub fn asked(
    sentence: &str,
    lower: &str,
    before: Option<&str>,
    message_lower: &str,
) -> Option<YamlKeys> {
    let plain = unfiled(lower);
    let here = asks_yaml_answer(&plain);
    // Said after the ask, of it ("The YAML must have exactly three top-level keys: …").
    let after = !here
        && (!plain.has("yaml") || plain.has("the yaml"))
        && !plain.has("json")
        && before.is_some_and(|b| asks_yaml_answer(&unfiled(&b.lower())));
    if !(here || after) {
        return None;
    }
    // A note on a key is no part of the list ("`changes` (a list), `known_issues` (a list, may
    // be empty)").
    // "… exactly two keys, `a` and `b`" lists them as a colon does.
    // The clause that lists them ("…, `a` and `b`; keys under `b` are up to you").
    let sentence = &crate::drift::text::outside_parentheses(sentence)
        .replace("keys, `", "keys: `")
        .replace("fields, `", "fields: `");
    let sentence = sentence
        .split("; ")
        .find(|c| super::has_any_in(&c.lower(), "keys|fields"))
        .unwrap_or(sentence);
    let lower = &sentence.lower();
    let mut keys = super::named_list(sentence, lower, "keys|fields")?;
    // Quoted names are the names ("keys are exactly `a`, `b`"), not the words around them.
    if keys.iter().any(|k| k.contains('`')) {
        let at = super::outside_code_find(lower, "keys")
            .or_else(|| super::outside_code_find(lower, "fields"))
            .unwrap_or(0);
        keys = crate::drift::text::code_spans(sentence.get(at..).unwrap_or_default())
            .into_iter()
            .map(str::to_string)
            .gather()
            .kept(|k| !k.is_empty());
    }
    keys.keep(|k| !k.contains(&['/', '*', ' ', '.'][..]));
    // "You can omit `notes` when …": an optional key is not required.
    keys.keep(|k| {
        !crate::drift::text::any_in_built(
            message_lower,
            &format!("omit `{k}`|leave out `{k}`|`{k}` is optional|`{k}` (optional|`{k}` may be omitted|`{k}` can be omitted|`{k}` only if|`{k}` only when"),
        )
    });
    if keys.len() < 2 {
        return None;
    }
    let exact = super::has_any_in(
        &plain,
        "exactly the|exactly these|exactly two|exactly three|exactly four|exactly five|exactly six|are exactly|be exactly|exactly:|only the keys|only the top-level keys|only these keys|and no others|no other keys|no other top-level keys|no other fields|no extra keys|no additional keys|and nothing else|nothing else in the block|nothing else in the yaml|nothing else at the top",
    );
    let top = super::has_any_in(&plain, "top-level|top level");
    let ordered = super::has_any_in(&plain, "in that order|in this order|in the order given");
    Some(YamlKeys {
        keys,
        exact,
        top,
        ordered,
    })
}

/// A YAML value as far as keys go.
#[derive(Debug)]
enum Node {
    Map(Vec<(String, Node)>),
    Seq(Vec<Node>),
    Leaf,
}

/// A line's indent and content, comments and blank lines left out.
fn lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .map(|l| l.trim_end())
        .filter(|l| {
            let t = l.trim_start();
            !t.is_empty() && !t.starts_with('#') && *l != "---" && *l != "..."
        })
        .map(|l| {
            (
                l.len() - l.trim_start_matches(' ').len(),
                l.trim_start_matches(' '),
            )
        })
        .gather()
}

/// A mapping entry's key and the rest of its line: `key: value`, `"key": value`, `key:`.
fn entry(content: &str) -> Option<(String, &str)> {
    let (key, rest) = if let Some(q) = content.strip_prefix('"') {
        let end = q.find('"')?;
        (q.get(..end)?, q.get(end + 1..)?)
    } else if let Some(q) = content.strip_prefix('\'') {
        let end = q.find('\'')?;
        (q.get(..end)?, q.get(end + 1..)?)
    } else {
        if content.starts_with(&['[', '{', '&', '*', '!', '|', '>', '%', '@', '`', '-', '?'][..]) {
            return None;
        }
        let end = content
            .find_str(": ")
            .or_else(|| content.strip_suffix(':').map(str::len))?;
        (content.get(..end)?, content.get(end..)?)
    };
    let rest = rest.strip_prefix(':')?;
    if !(rest.is_empty() || rest.starts_with(' ')) || key.is_empty() {
        return None;
    }
    let rest = rest.trim_start();
    // A trailing comment is no value.
    let rest = if rest.starts_with('#') { "" } else { rest };
    Some((key.trim().to_string(), rest))
}

/// The keys of a one-line flow mapping (`{name: a, start: "10:00"}`).
fn flow_keys(content: &str) -> Option<Vec<(String, Node)>> {
    let inner = content.trim().strip_prefix('{')?.strip_suffix('}')?;
    let mut out = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None::<char>, 0usize);
    let mut pieces = Vec::new();
    for (i, c) in inner.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '[' | '{') => depth += 1,
            (None, ']' | '}') => depth -= 1,
            (None, ',') if depth == 0 => {
                pieces.push(inner.get(start..i)?);
                start = i + 1;
            }
            _ => {}
        }
    }
    pieces.push(inner.get(start..)?);
    for p in pieces.into_iter().map(str::trim).filter(|p| !p.is_empty()) {
        let (key, _) = entry(p).or_else(|| entry(&format!("{p} ")).map(|(k, _)| (k, "")))?;
        out.push((key, Node::Leaf));
    }
    Some(out)
}

struct Reader<'t> {
    lines: Vec<(usize, &'t str)>,
    at: usize,
    /// The first value no YAML parser takes: a plain scalar holding ": " ("mapping values are
    /// not allowed here") or opening with a reserved indicator (`` ` ``, `@`).
    invalid: Option<String>,
}

impl<'t> Reader<'t> {
    fn check_plain(&mut self, value: &str) {
        let quoted_or_flow = value.starts_with(&['"', '\'', '[', '{', '&', '*', '!'][..]);
        let value = value.split(" #").next().unwrap_or(value);
        if self.invalid.is_none()
            && !quoted_or_flow
            && (value.has(": ") || value.ends_with(':') || value.starts_with(&['`', '@'][..]))
        {
            self.invalid = Some(value.to_string());
        }
    }

    fn peek(&self) -> Option<(usize, &'t str)> {
        self.lines.get(self.at).copied()
    }

    /// Lines indented deeper than `indent` (a block scalar's or a plain scalar's text).
    fn skip_deeper(&mut self, indent: usize) {
        while self.peek().is_some_and(|(i, _)| i > indent) {
            self.at += 1;
        }
    }

    fn block(&mut self, indent: usize, depth: usize) -> Option<Node> {
        if depth > 64 {
            return None;
        }
        let (_, first) = self.peek()?;
        if first == "-" || first.starts_with("- ") {
            self.seq(indent, depth)
        } else {
            self.map(indent, depth)
        }
    }

    /// A value after `key:` on its own line: a nested block, a sequence at the key's own indent,
    /// or nothing.
    fn value(&mut self, indent: usize, rest: &str, depth: usize) -> Option<Node> {
        if rest.starts_with(&['|', '>'][..]) {
            self.skip_deeper(indent);
            return Some(Node::Leaf);
        }
        if rest.starts_with('{') && rest.ends_with('}') {
            return flow_keys(rest).map(Node::Map);
        }
        if !rest.is_empty() {
            // A plain or quoted scalar, maybe folded over deeper lines.
            self.check_plain(rest);
            self.skip_deeper(indent);
            return Some(Node::Leaf);
        }
        match self.peek() {
            Some((i, _)) if i > indent => self.block(i, depth + 1),
            Some((i, c)) if i == indent && (c == "-" || c.starts_with("- ")) => {
                self.seq(indent, depth + 1)
            }
            _ => Some(Node::Leaf),
        }
    }

    fn map(&mut self, indent: usize, depth: usize) -> Option<Node> {
        let mut out = Vec::new();
        while let Some((i, content)) = self.peek() {
            if i < indent {
                break;
            }
            if i > indent {
                return None;
            }
            // A sequence at the map's indent belongs to the key before it.
            let (key, rest) = entry(content)?;
            self.at += 1;
            let v = self.value(indent, rest, depth)?;
            out.push((key, v));
        }
        Some(Node::Map(out))
    }

    fn seq(&mut self, indent: usize, depth: usize) -> Option<Node> {
        let mut out = Vec::new();
        while let Some((i, content)) = self.peek() {
            if i < indent {
                break;
            }
            if i > indent {
                return None;
            }
            let Some(rest) = content.strip_prefix('-') else {
                break;
            };
            if !(rest.is_empty() || rest.starts_with(' ')) {
                return None;
            }
            let item = rest.trim_start();
            let inner = indent + 1 + (rest.len() - item.len());
            if item.is_empty() {
                self.at += 1;
                match self.peek() {
                    Some((j, _)) if j > indent => out.push(self.block(j, depth + 1)?),
                    _ => out.push(Node::Leaf),
                }
            } else if item.starts_with('{') && item.ends_with('}') {
                self.at += 1;
                out.push(Node::Map(flow_keys(item)?));
            } else if entry(item).is_some() {
                // `- key: value` opens a mapping whose entries sit at the item's indent.
                if let Some(line) = self.lines.get_mut(self.at) {
                    *line = (inner, item);
                }
                out.push(self.map(inner, depth + 1)?);
            } else {
                self.at += 1;
                self.skip_deeper(indent);
                out.push(Node::Leaf);
            }
        }
        Some(Node::Seq(out))
    }
}

/// A YAML document as read: its tree, and the first value no parser takes.
struct Doc {
    node: Node,
    invalid: Option<String>,
}

/// The YAML of `text` read as a mapping or a sequence, all of it.
fn read(text: &str) -> Option<Doc> {
    let lines = lines(text);
    let indent = lines.first()?.0;
    let mut r = Reader {
        lines,
        at: 0,
        invalid: None,
    };
    let node = r.block(indent, 0)?;
    (r.at == r.lines.len()).then_some(Doc {
        node,
        invalid: r.invalid,
    })
}

/// A front matter block opening the text (`---` … `---`).
fn front_matter(text: &str) -> Option<&str> {
    let body = text.trim_start().strip_prefix("---")?;
    let body = body
        .strip_prefix('\n')
        .or_else(|| body.strip_prefix("\r\n"))?;
    let end = body.find_str("\n---")?;
    body.get(..end)
}

/// Where the reply keeps its YAML: ```yaml blocks, untagged blocks that read as YAML, else the
/// whole reply when it reads as YAML and opens with a key.
fn documents(text: &str) -> Vec<Doc> {
    if let Some(doc) = front_matter(text).and_then(read) {
        return vec![doc];
    }
    let blocks = crate::drift::modality::fenced_blocks(text);
    if blocks.is_empty() {
        let first = lines(text).first().map(|l| l.1).unwrap_or_default();
        let opens = first.strip_prefix("- ").unwrap_or(first);
        let keyed = entry(opens).is_some_and(|(k, _)| {
            k.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        });
        return if keyed {
            read(text).into_iter().gather()
        } else {
            Vec::new()
        };
    }
    blocks
        .iter()
        .filter(|b| {
            let info = b.info.trim().lower();
            info == "yaml" || info == "yml" || info.is_empty()
        })
        .filter_map(|b| read(b.body).filter(|d| !matches!(d.node, Node::Leaf)))
        .gather()
}

/// The mappings a set of keys can be asked of: the top level (one mapping, or every item of a
/// list of mappings), then, unless only the top is meant, each nested one.
fn holders<'n>(node: &'n Node, top: bool, out: &mut Vec<Vec<&'n [(String, Node)]>>) {
    match node {
        Node::Map(m) => out.push(vec![m.as_slice()]),
        Node::Seq(items) => {
            let maps: Option<Vec<&[(String, Node)]>> = items
                .iter()
                .map(|i| match i {
                    Node::Map(m) => Some(m.as_slice()),
                    _ => None,
                })
                .gather_some();
            if let Some(maps) = maps.filter(|m| !m.is_empty()) {
                out.push(maps);
            }
        }
        Node::Leaf => {}
    }
    if top {
        return;
    }
    // Below a list of mappings are its items' values, not the items one by one (one item that
    // holds the keys says nothing of the others).
    let children: Vec<&Node> = match node {
        Node::Map(m) => m.iter().map(|(_, v)| v).gather(),
        Node::Seq(items) => items
            .iter()
            .flat_map(|i| match i {
                Node::Map(m) => m.iter().map(|(_, v)| v).gather(),
                other => vec![other],
            })
            .gather(),
        Node::Leaf => Vec::new(),
    };
    for c in children {
        holders(c, false, out);
    }
}

/// What one holder lacks, has beside the keys (when exact), or has out of order.
fn fault(rule: &YamlKeys, maps: &[&[(String, Node)]]) -> (usize, Option<String>) {
    let has = |m: &[(String, Node)], k: &str| m.iter().any(|(x, _)| x == k);
    let missing: Vec<&str> = rule
        .keys
        .iter()
        .filter(|k| maps.iter().any(|m| !has(m, k)))
        .map(String::as_str)
        .gather();
    let present = rule.keys.len() - missing.len();
    if !missing.is_empty() {
        return (
            present,
            Some(format!("the YAML lacks {}", missing.join(", "))),
        );
    }
    if rule.exact {
        let mut extra: Vec<&str> = Vec::new();
        for m in maps {
            for (k, _) in m.iter() {
                if !rule.keys.contains(k) && !extra.contains(&k.as_str()) {
                    extra.push(k);
                }
            }
        }
        if !extra.is_empty() {
            return (
                present,
                Some(format!("the YAML has other keys: {}", extra.join(", "))),
            );
        }
    }
    if rule.ordered {
        for m in maps {
            let order: Vec<&String> = m
                .iter()
                .map(|(k, _)| k)
                .gather()
                .kept(|k| rule.keys.contains(k));
            if order.iter().zip(&rule.keys).any(|(a, b)| *a != b) {
                return (
                    present,
                    Some("the YAML's keys are out of order".to_string()),
                );
            }
        }
    }
    (present, None)
}

/// Why the reply breaks the rule, if it does.
pub fn first_break(rule: &YamlKeys, text: &str) -> Option<String> {
    let docs = documents(text);
    if docs.is_empty() {
        // JSON where YAML was asked (a ```json block, or a reply that is a JSON object).
        let json_block = crate::drift::modality::fenced_blocks(text)
            .iter()
            .any(|b| b.info.trim().lower() == "json");
        let trimmed = text.trim();
        let json_whole = trimmed.starts_with('{')
            && serde_json::from_str::<serde_json::Value>(trimmed).is_ok_and(|v| v.is_object());
        return (json_block || json_whole).then(|| "JSON where YAML was asked".to_string());
    }
    let mut best: Option<(usize, String)> = None;
    for doc in &docs {
        let mut hs = Vec::new();
        holders(&doc.node, rule.top, &mut hs);
        for maps in &hs {
            match fault(rule, maps) {
                (present, None) => match &doc.invalid {
                    None => return None,
                    Some(v) => {
                        best = Some((present + 1, format!("not valid YAML: `{v}`")));
                    }
                },
                (present, Some(why)) => {
                    if best.as_ref().is_none_or(|(p, _)| present > *p) {
                        best = Some((present, why));
                    }
                }
            }
        }
    }
    best.map(|(_, why)| why)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(keys: &[&str], exact: bool, top: bool) -> YamlKeys {
        YamlKeys {
            keys: keys.iter().map(|k| k.to_string()).collect(),
            exact,
            top,
            ordered: false,
        }
    }

    #[test]
    fn reads_mappings_sequences_and_scalars() {
        let y = "owner: team-a\nwhen: |\n  at night\n  - not an item\nitems:\n- id: 1\n  tags: [a, b]\n- {id: 2, tags: []}\nnested:\n  deeper:\n    x: 1 # note\n";
        let Some(Doc {
            node: Node::Map(m), ..
        }) = read(y)
        else {
            panic!("not read: {y}");
        };
        let names: Vec<&str> = m.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, ["owner", "when", "items", "nested"]);
        assert!(matches!(&m[2].1, Node::Seq(items) if items.len() == 2));
        // Prose is no YAML.
        assert!(read("The job runs at night.\nowner: a").is_none());
        assert!(read("owner: a\n- item\n").is_none());
    }

    #[test]
    fn a_missing_renamed_or_extra_key_breaks() {
        let r = rule(&["name", "schedule", "command"], false, false);
        assert_eq!(
            first_break(&r, "```yaml\nname: a\nschedule: daily\ncommand: run\n```"),
            None
        );
        assert_eq!(
            first_break(
                &r,
                "```yaml\nname: a\nschedule: daily\ncmd: run\n```\nDone."
            ),
            Some("the YAML lacks command".into())
        );
        let exact = rule(&["a", "b"], true, false);
        assert!(first_break(&exact, "a: 1\nb: 2\nc: 3").is_some());
        assert_eq!(first_break(&exact, "a: 1\nb:\n  c: 3"), None);
        // Every item of a list holds them.
        let items = rule(&["date", "room"], true, false);
        assert_eq!(
            first_break(&items, "- date: x\n  room: y\n- date: z\n  room: w"),
            None
        );
        assert!(first_break(&items, "- date: x\n  room: y\n- date: z\n  hall: w").is_some());
        // Nested under one entry ("the block to add under `routes`"), unless the top is meant.
        let nested = "R1:\n  date: x\n  room: y";
        assert_eq!(first_break(&items, nested), None);
        assert!(first_break(&rule(&["date", "room"], false, true), nested).is_some());
    }

    #[test]
    fn silent_on_what_it_cannot_read() {
        let r = rule(&["a", "b"], true, false);
        assert_eq!(first_break(&r, "I set a to 1 and b to 2."), None);
        assert_eq!(first_break(&r, "```bash\nrun a b\n```"), None);
        assert_eq!(
            first_break(&r, "```json\n{\"a\": 1, \"b\": 2}\n```"),
            Some("JSON where YAML was asked".into())
        );
    }
}
