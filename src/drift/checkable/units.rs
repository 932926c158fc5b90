//! Figures in one unit: "Give every duration in minutes", "all distances in kilometres, not
//! miles", "Give all temperatures in °C only", "Express memory in GiB, never GB". Checked on
//! the figures of the reply's prose (outside code and quotes; a conversion in brackets is a
//! figure too) whose unit measures the same thing: any other unit of a
//! duration, weight, volume, temperature or data size; for a length, another system's (a
//! reply in kilometres may still say "within 5 m"); for a latency, seconds against
//! milliseconds only (a test's "30 minutes" is not a latency).
use crate::drift::text::Words;
use crate::drift::text::{str_in, str_is};
use crate::gather::Gather;

/// What a unit measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dim {
    Duration,
    Length,
    Weight,
    Volume,
    Temperature,
    Data,
}

/// Units by what they measure and whether they are imperial: '|'-joined groups of a canonical
/// name and then the forms written for it, space-separated (one string per kind, where a table
/// of pairs was two pointers and lengths per form).
const UNITS: [(Dim, bool, &str); 10] = [
    (Dim::Duration, false, "ms ms msec millisecond milliseconds|s s sec secs second seconds|min min mins minute minutes|h h hr hrs hour hours|d day days|wk week weeks"),
    (Dim::Length, false, "mm mm millimetres millimeters|cm cm centimetres centimeters|m m metre metres meter meters|km km kilometre kilometres kilometer kilometers"),
    (Dim::Length, true, "in inch inches|ft ft foot feet|yd yd yds yard yards|mi mi mile miles"),
    (Dim::Weight, false, "g g gram grams|kg kg kgs kilo kilos kilogram kilograms|t t tonne tonnes"),
    (Dim::Weight, true, "lb lb lbs pound pounds|oz oz ounces|bu bu bushels"),
    (Dim::Volume, false, "ml ml millilitres milliliters|l l litre litres liter liters|hl hl hectolitres hectoliters"),
    (Dim::Volume, true, "gal gal gallon gallons"),
    (Dim::Temperature, false, "c °c celsius"),
    (Dim::Temperature, true, "f °f fahrenheit"),
    (Dim::Data, false, "kb kb|mb mb|gb gb|tb tb|kib kib|mib mib|gib gib|tib tib"),
];

fn unit(word: &str) -> Option<(&'static str, Dim, bool)> {
    let w = word.to_ascii_lowercase();
    UNITS.iter().find_map(|&(d, i, groups)| {
        groups.split('|').find_map(|g| {
            let mut forms = g.split(' ');
            let canon = forms.next()?;
            forms.any(|a| a == w).then_some((canon, d, i))
        })
    })
}

/// The unit every figure of a kind must be in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InUnit {
    /// The canonical unit ("min", "km", "c").
    pub unit: String,
    /// A latency's figures: seconds against milliseconds only.
    pub latency: bool,
    /// One figure's unit ("Give the estimate in hours, not days"): the first figure of its kind
    /// is that figure (the reply's later durations measure other things).
    pub one: bool,
}

/// Nouns of a kind of figure a sentence puts in one unit.
const NOUNS: &str = "duration|durations|time|times|latency|latencies|distance|distances|length|lengths|measurement|measurements|weight|weights|quantity|quantities|temperature|temperatures|volume|volumes|size|sizes|memory|estimate|estimates|answer";

/// The unit a sentence asks every figure of a kind in (its lowercased form).
pub fn asked(lower: &str) -> Option<InUnit> {
    // One part's figures ("In the table, give all weights in tonnes"), a field's, or a
    // rate's ("per minute").
    // (Nor a clock form: "every finish time as H:MM:SS".)
    if super::has_any_in(lower, "table|column|field|chart|per |h:mm|mm:ss") {
        return None;
    }
    let ws: Vec<&str> = lower.words_by(crate::drift::text::char_test(|c: char| {
        !(c.is_alphanumeric() || c == '°' || c == '-')
    }));
    let w = |i: usize| ws.get(i).copied().unwrap_or_default();
    let (j, (canon, ..)) = (0..ws.len()).find_map(|j| {
        if !str_in(&ws, j, "in|as") {
            return None;
        }
        // "in degrees Celsius", "in °C".
        let next = if str_is(&ws, j + 1, "degrees") {
            w(j + 2)
        } else {
            w(j + 1)
        };
        unit(next).map(|u| (j, u))
    })?;
    // The noun before it, after "all", "every", "each" or "any" ("Give every patient weight
    // in kilograms"), or "the answer".
    let noun = (j.saturating_sub(6)..j)
        .rev()
        .find(|&i| str_in(&ws, i, NOUNS))?;
    // ("Give the p95 latency in milliseconds" is one figure's unit, not every latency's.)
    // "… in minutes only", "… in minutes as integers, never in hours".
    let only = (j + 2..ws.len()).any(|i| str_in(&ws, i, "only|never|not"));
    let quantified = str_is(&ws, noun, "answer")
        || only
        || (noun.saturating_sub(4)..noun).any(|i| str_in(&ws, i, "all|every|each|any"));
    // A verb that sets the figures' unit, not one that reads them ("Convert the weights in
    // pounds", "the times in seconds are wrong").
    let asks = crate::drift::text::in_list(
        "give|express|write|report|state|show|list|use|keep|put|quote",
        w(noun.saturating_sub(4)),
    ) || (noun.saturating_sub(4)..noun)
        .any(|i| str_in(&ws, i, "give|express|write|report|state|show|list|quote"))
        || only;
    if !quantified || !asks {
        return None;
    }
    Some(InUnit {
        unit: canon.to_string(),
        latency: str_in(&ws, noun, "latency|latencies"),
        one: (noun.saturating_sub(2)..noun).any(|i| str_in(&ws, i, "the|your"))
            && !w(noun).ends_with('s')
            && !str_is(&ws, noun, "answer"),
    })
}

/// The prose a figure is read in: outside code and quotes.
fn readable(text: &str) -> String {
    let prose = super::prose_of(text);
    let mut out = String::with_capacity(prose.len());
    let mut quote: Option<char> = None;
    for c in prose.chars() {
        match (quote, c) {
            (None, '"' | '\u{201c}') => quote = Some(if c == '"' { '"' } else { '\u{201d}' }),
            (Some(q), _) if c == q => {
                quote = None;
                out.push(' ');
            }
            (Some(_), '\n') => {
                quote = None;
                out.push('\n');
            }
            (Some(_), _) => {}
            (None, _) => out.push(c),
        }
    }
    out
}

/// The first figure in another unit of the same kind, as written.
pub fn first_break(rule: &InUnit, text: &str) -> Option<String> {
    let (asked_dim, asked_imperial) = UNITS.iter().find_map(|&(d, i, groups)| {
        groups
            .split('|')
            .any(|g| g.split(' ').next() == Some(rule.unit.as_str()))
            .then_some((d, i))
    })?;
    let text = readable(text);
    // Tokens split at spaces; a figure and its unit may be one token ("46°F", "1.5h").
    let toks: Vec<&str> = text.split_whitespace().gather();
    for (i, tok) in toks.iter().enumerate() {
        let t = tok.trim_start_matches(&['(', '~', '≈', '+', '±'][..]);
        let digits = t
            .find(crate::drift::text::char_test(|c: char| {
                !(c.is_ascii_digit() || c == '.' || c == ',' || c == '-' || c == '–')
            }))
            .unwrap_or(t.len());
        let (num, attached) = t.split_at(digits);
        if !num.starts_with(crate::drift::text::digit_char) {
            continue;
        }
        // A compound ("10-minute window") or a range's joint: read as its words are.
        if attached.starts_with('-') || num.ends_with(&['-', '\u{2013}'][..]) {
            continue;
        }
        let prev = i
            .checked_sub(1)
            .and_then(|p| toks.get(p))
            .map(|p| p.to_ascii_lowercase())
            .unwrap_or_default();
        if crate::drift::text::in_list(
            "last|past|next|every|per|first|each|top|£|$|€",
            prev.as_str(),
        ) || tok.starts_with(&['£', '$', '€'][..])
        {
            continue;
        }
        let attached = attached.trim_end_matches(crate::drift::text::char_test(|c: char| {
            !c.is_alphanumeric() && c != '°'
        }));
        let (word, after) = if attached.is_empty() {
            let next = toks.get(i + 1).copied().unwrap_or_default();
            let next = next.trim_end_matches(crate::drift::text::not_alnum_char);
            if next.eq_ignore_ascii_case("degrees") {
                (toks.get(i + 2).copied().unwrap_or_default(), i + 3)
            } else {
                (next, i + 2)
            }
        } else {
            (attached, i + 1)
        };
        let word = word.trim_end_matches(crate::drift::text::not_alnum_char);
        let word = if word == "°" { "" } else { word };
        // "the 1970s", "5G", "4K": a decade or a name, not a unit.
        let decade = word == "s" && num.len() == 4 && num.ends_with('0');
        let named = !attached.is_empty()
            && word.len() == 1
            && word != "L"
            && word.chars().all(|c| c.is_ascii_uppercase());
        if decade || named {
            continue;
        }
        let Some((canon, dim, imperial)) = unit(word).or_else(|| {
            // "46 °F" written apart.
            toks.get(i + 1)
                .filter(|n| n.starts_with('°'))
                .and_then(|n| unit(n.trim_end_matches(crate::drift::text::not_alnum_char)))
        }) else {
            continue;
        };
        // "2 days ago", "7 days a week", "3 hours later": a point or a rate, not a figure.
        let following = toks
            .get(after)
            .map(|n| {
                n.trim_matches(crate::drift::text::not_alnum_char)
                    .to_ascii_lowercase()
            })
            .unwrap_or_default();
        // ("3 hours from now" is a point; "12 miles from the harbour" a distance.)
        // ("2 days before the concert" is a point too.)
        // (Not a duration's: "takes 2 days before", "kept for 30 days before deletion".)
        let point = crate::drift::text::in_list("before|beforehand|ahead|prior", &following)
            && !crate::drift::text::in_list(
                "take|takes|took|taking|last|lasts|lasted|for|is|are|was|were|be|to|about|around|roughly|approximately|of|need|needs|within|than",
                &prev,
            );
        if point
            || crate::drift::text::in_list("ago|per|later|earlier|late|early|old", &following)
            || (following == "from" && dim != Dim::Length)
        {
            continue;
        }
        if dim != asked_dim {
            continue;
        }
        if canon == rule.unit {
            // (One figure's unit: the first figure of its kind is that figure.)
            if rule.one {
                return None;
            }
            continue;
        }
        let other = match dim {
            Dim::Length => imperial != asked_imperial,
            Dim::Duration if rule.latency => {
                crate::drift::text::in_list("ms|s", canon)
                    && crate::drift::text::in_list("ms|s", rule.unit.as_str())
            }
            _ => true,
        };
        if other {
            let shown = if attached.is_empty() {
                format!("{num} {word}")
            } else {
                t.trim_end_matches(crate::drift::text::not_alnum_char)
                    .to_string()
            };
            return Some(shown);
        }
    }
    None
}

/// The rule in words.
pub fn describe(rule: &InUnit) -> String {
    format!("figures in {}", rule.unit)
}
