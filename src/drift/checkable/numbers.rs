//! Number formats a message asks of the figures in the reply: "every percentage with exactly
//! one decimal place", "money amounts with a dollar sign and two decimals, e.g. $12.00",
//! "thousands separators for counts of 1,000 or more (e.g. 12,400 km)", "a comma as the
//! decimal separator". A figure is told by what stands beside it: a per-cent sign, a currency
//! mark, the unit of the message's example. Silent where the kind of figure cannot be told.

use crate::drift::text::str_in;
use crate::drift::text::ListTests;
use crate::drift::text::Lower;
use crate::gather::Gather;
use crate::gather::GatherText;
use crate::gather::Keep;
/// Which figures a rule holds for.
#[derive(Debug, Clone, PartialEq)]
pub enum Figures {
    /// Per-cent figures: "12.5%", "12,5 %", "12 percent".
    Percent,
    /// Money: a currency mark before or after the number ("$12", "CHF 79.00", "45,00 €"). With
    /// a mark, the one the message's example shows: an amount with another mark breaks the form.
    Money(Option<String>),
    /// Figures with the unit the message's example or words show ("km", "t", "°C").
    Unit(String),
    /// Any count: bare numbers, for a thousands separator only.
    Count,
}

/// The form asked of those figures.
#[derive(Debug, Clone, PartialEq)]
pub enum Form {
    /// Exactly this many decimals ("one decimal place", "two decimals", "whole numbers").
    Decimals(usize),
    /// A thousands separator (`,` or a space) in every figure of 1,000 or more.
    Thousands(char),
    /// No thousands separator.
    NoThousands,
    /// The decimal mark (`.` or `,`).
    DecimalMark(char),
    /// Counts as digits, not words ("3, not three").
    Digits,
    /// Numbers under ten as words, larger ones as digits (a house style).
    WordsUnderTen,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NumberFormat {
    pub figures: Figures,
    pub form: Form,
    /// The decimal mark the example shows (`.` unless it shows "45,00").
    pub mark: char,
    /// The least figure a thousands separator is asked of ("counts of 10,000 or more").
    pub from: u64,
    /// The bare numbers the message itself names ("service code 1104"): names, not counts.
    pub named: Vec<String>,
    /// What the counts count, where the rule names it ("every learner count"): counts of other
    /// things are free.
    pub of: Option<String>,
}

// Not "cad" ("12 CAD drawings") nor "aud".
const CURRENCY_CODES: &str = "usd|eur|gbp|chf|jpy|sek";
const CURRENCY_SIGNS: [char; 4] = ['$', '€', '£', '¥'];

/// The number formats a (lowercased) sentence asks of the reply's figures. Not asked where it
/// is negated, soft, excepted or said of another text (a file, a column, an export).
pub fn asked(lower: &str, message: &str) -> Vec<NumberFormat> {
    // By clause: "Percentages with one decimal place; counts as whole numbers".
    let mut out: Vec<NumberFormat> = lower.split("; ").flat_map(asked_in).gather();
    if out.is_empty() {
        return out;
    }
    // The figures the message names itself ("service code 1104", "fires above 90%"): not the
    // reply's to format. Read only once a form is asked (a long message of figures is common).
    let all = tokens(message);
    let named: Vec<String> = all.iter().map(|t| t.text.to_string()).gather();
    // A second currency the message asks for ("also give the EUR price"): no one mark is asked.
    let marks: Vec<&str> = all.iter().filter_map(|t| t.currency.as_deref()).gather();
    let several = marks
        .windows(2)
        .any(|p| matches!(p, [a, b] if !a.eq_ignore_ascii_case(b)));
    for f in &mut out {
        f.named.clone_from(&named);
        if several {
            if let Figures::Money(want) = &mut f.figures {
                *want = None;
            }
        }
    }
    out
}

fn asked_in(lower: &str) -> Vec<NumberFormat> {
    let ws = super::ws_of(lower);
    let has = |list: &'static str| crate::drift::text::any_word_in(&ws, list);
    let forms = forms_in(lower, &ws);
    if forms.is_empty() {
        return Vec::new();
    }
    // Asked of every figure of its kind, by a quantifier or a plural ("percentages with one
    // decimal place"); not "the fill level as a percentage", which may be one figure.
    // (In the form's own clause: "Give the total as a plain integer with no thousands
    // separators, then add any context" asks it of the total.)
    let form_clause = lower
        .split(", then ")
        .find(|c| super::has_any_in(c, "separator|decimal|integer|digit"))
        .unwrap_or(lower);
    let every = super::ws_of(form_clause)
        .iter()
        .any(|w| crate::drift::text::in_list("every|all|each|any|throughout|everywhere", w));
    // "every percentage", "all percentages", "percentages with …" (not "each error rate as a
    // percentage": one kind of figure among others).
    // Nor "give germination rates as whole-number percentages": those rates only.
    let every_percentage = ws.iter().enumerate().any(|(i, w)| {
        *w == "percentages" && !(i.saturating_sub(3)..i).any(|j| ws.get(j) == Some(&"as"))
    }) || ws.windows(2).any(|p| {
        matches!(
            p,
            ["every" | "each" | "any" | "all", "percentage" | "percent"]
        )
    });
    let soft = has("ideally|prefer|preferably|optional|optionally|if|unless|except|where|when")
        || super::has_any_in(
            lower,
            "if possible|if you can|feel free|not required|not needed|no need",
        );
    // Said of a text the task builds or changes (not "the currency code"; not in the reason:
    // "… (e.g. 83.4%) — the dashboard parser is strict about it").
    let asked_part = lower
        .split(&['\u{2014}', '\u{2013}'][..])
        .next()
        .unwrap_or_default()
        .split(" because ")
        .next()
        .unwrap_or_default();
    let head = super::ws_of(asked_part);
    let elsewhere = head.iter().enumerate().any(|(i, w)| {
        crate::drift::text::in_list("csv|config|file|files|ui|column|columns|field|fields|json|api|code|export|exports|database|schema|spreadsheet|sheet|cell|cells|yaml|query|sql|log|logs|script|function|test|tests|template|formatter|parser|validator|input|inputs|label|labels|table|tables|chart|axis|generator|tool|bot|cli|print|prints|emit|emits|render|renders|formatter|output|dashboard|screen|page|widget|invoice|invoices|receipt|receipts|email|sms|notification|notice", w)
            && !(*w == "code" && i.checked_sub(1).and_then(|j| head.get(j)) == Some(&"currency"))
    });
    if soft || elsewhere {
        return Vec::new();
    }
    let example = example_of(lower);
    let mark = example
        .as_ref()
        .and_then(|e| decimal_comma(&e.number).then_some(','))
        .unwrap_or('.');
    let percent = has("percentage|percentages|percent|percents") || lower.contains('%');
    let unit_example = example
        .as_ref()
        .is_some_and(|e| e.unit.is_some() && e.currency.is_none());
    let count_words =
        has("count|counts|number|numbers|figure|figures|total|totals|volume|volumes|value|values");
    let counts_not_money = count_words && example.as_ref().is_some_and(|e| e.currency.is_none());
    // ("revenue figures", "sales totals": money whatever the example shows.)
    let money_words = has("revenue|turnover|income")
        || !(unit_example || counts_not_money)
        && has("money|monetary|amount|amounts|price|prices|fee|fees|cost|costs|currency|dollar|dollars|euro|euros|spend|payout|payouts|refund|refunds|charge|charges|fine|fines")
        || example.as_ref().is_some_and(|e| e.currency.is_some());
    let mut out = Vec::new();
    for form in forms {
        let percent_example = example.as_ref().is_some_and(|e| e.percent);
        let figures = if matches!(form, Form::Digits | Form::WordsUnderTen) {
            Some(Figures::Count)
        } else if percent
            && (every_percentage || (every && percent_example && !has("percentage")))
            && example.as_ref().is_none_or(|e| e.percent)
        {
            Some(Figures::Percent)
        } else if money_words && !percent && (every || has("amounts|prices|fees|costs")) {
            // ("an ISO currency code in front, like `USD 34.00`": a code, any currency.)
            Some(Figures::Money(
                example.as_ref().and_then(|e| e.currency.clone()).map(|c| {
                    if super::has_any_in(lower, "currency code|iso code|iso currency")
                        && !super::has_any_in(lower, "not a currency code|no currency code|not the currency code|without a currency code|instead of a currency code|rather than a currency code")
                    {
                        "code".to_string()
                    } else {
                        c
                    }
                }),
            ))
        } else if let Some(unit) = example
            .as_ref()
            .and_then(|e| e.unit.clone())
            .or_else(|| unit_named(lower))
        {
            Some(Figures::Unit(unit))
        } else if !percent
            && !money_words
            && match form {
                // Every count, not "the total" alone.
                Form::Thousands(_) | Form::NoThousands => {
                    count_words
                        && (every || has("counts|numbers|figures|totals|volumes|values|quantities"))
                }
                // "Write all decimal numbers with a dot as the decimal separator": figures with
                // a unit, read in `first_break`.
                // ("Use a dot as the decimal separator, never a comma": every decimal.)
                Form::DecimalMark(_) => count_words || has("decimals|separator"),
                _ => false,
            }
        {
            Some(Figures::Count)
        } else {
            None
        };
        if let Some(figures) = figures {
            out.push(NumberFormat {
                figures,
                form,
                mark,
                from: least_of(lower),
                named: Vec::new(),
                of: counted_thing(&ws),
            });
        }
    }
    out
}

/// The rule in words, for a report.
pub fn describe(rule: &NumberFormat) -> String {
    let figures = match &rule.figures {
        Figures::Percent => "every percentage".to_string(),
        Figures::Money(Some(c)) if c == "code" => {
            "every money amount (with a currency code)".to_string()
        }
        Figures::Money(Some(c)) => format!("every money amount (in {c})"),
        Figures::Money(None) => "every money amount".to_string(),
        Figures::Unit(u) => format!("every figure in {u}"),
        Figures::Count => "every count".to_string(),
    };
    let form = match rule.form {
        Form::Decimals(0) => "as a whole number".to_string(),
        Form::Decimals(n) => format!("with exactly {n} decimal place(s)"),
        Form::Thousands(' ') => "with a space as the thousands separator".to_string(),
        Form::Thousands(c) => format!("with '{c}' as the thousands separator"),
        Form::NoThousands => "with no thousands separator".to_string(),
        Form::DecimalMark(c) => format!("with '{c}' as the decimal mark"),
        Form::Digits => "as digits, not words".to_string(),
        Form::WordsUnderTen => "under ten as words".to_string(),
    };
    format!("{figures} {form}")
}

/// The thing a count is of: "every learner count" → "learner" (not "all counts").
fn counted_thing(ws: &[&str]) -> Option<String> {
    let k = ws
        .iter()
        .position(|w| crate::drift::text::in_list("count|counts", *w))?;
    let thing = ws.get(k.checked_sub(1)?)?;
    (!crate::drift::text::in_list(
        "all|every|each|any|the|your|as|of|for|in|to|and|or|with|word|head",
        thing,
    ) && thing.chars().all(|c| c.is_ascii_alphabetic()))
    .then(|| (*thing).to_string())
}

/// The least figure a form is asked of: "counts of 10,000 or more", "every number above 999"
/// (1,000 unless told).
fn least_of(lower: &str) -> u64 {
    let value = |t: &str| t.replace(',', "").parse::<u64>().ok();
    tokens(lower)
        .iter()
        .find_map(|t| {
            let n = value(t.text)?;
            let tail = lower.get(t.start + t.text.len()..).unwrap_or_default();
            let head = lower.get(..t.start).unwrap_or_default();
            if crate::drift::text::starts_with_any(
                tail,
                " or more| or above| or over| or higher| and above| and over| and up",
            ) {
                Some(n)
            } else if head.ends_any("above |over ") {
                Some(n + 1)
            } else {
                None
            }
        })
        .unwrap_or(1000)
        .max(1000)
}

/// The forms a sentence names: decimals, thousands separators, the decimal mark.
fn forms_in(lower: &str, ws: &[&str]) -> Vec<Form> {
    let w = |i: usize| ws.get(i).copied().unwrap_or_default();
    let mut out = Vec::new();
    let amount = |x: &str| match x {
        "one" | "1" | "a" | "single" => Some(1),
        "two" | "2" => Some(2),
        "three" | "3" => Some(3),
        "no" | "zero" | "0" => Some(0),
        _ => None,
    };
    for (i, x) in ws.iter().enumerate() {
        // "exactly one decimal place", "two decimals", "to one decimal place".
        if crate::drift::text::in_list("decimal|decimals", *x) {
            let noun = *x == "decimals" || str_in(ws, i + 1, "place|places|digit|digits");
            if let (true, Some(n)) = (noun, i.checked_sub(1).map(w).and_then(amount)) {
                // "no decimal places" is a form; "no more than two decimals" is a bound.
                let bound = (i.saturating_sub(4)..i)
                    .any(|j| str_in(ws, j, "most|max|maximum|than|up|least|under"));
                if !bound && !out.contains(&Form::Decimals(n)) {
                    out.push(Form::Decimals(n));
                }
            }
        }
    }
    if super::has_any_in(lower, "whole number|whole-number|as integers|whole percent|rounded to the nearest whole|round to the nearest whole")
        && !out.contains(&Form::Decimals(0))
    {
        out.push(Form::Decimals(0));
    }
    let thousands = super::has_any_in(
        lower,
        "thousands separator|thousand separator|thousands-separator|thousands comma|comma separator|comma thousands",
    );
    if thousands {
        let negated = super::has_any_in(
            lower,
            "no thousands|without thousands|no thousand|without a thousands|without any thousands|no comma separator|not use thousands|don't use thousands|never use thousands",
        );
        let sep = if super::has_any_in(lower, "space as the thousands|space as thousands|space as a thousands|a space for thousands") {
            ' '
        } else if super::has_any_in(lower, "period as the thousands|dot as the thousands|period as thousands|dot as thousands|point as the thousands") {
            '.'
        } else {
            ','
        };
        out.push(if negated {
            Form::NoThousands
        } else {
            Form::Thousands(sep)
        });
    }
    // "Write all counts as digits (3, not three)", "use numerals for all animal counts"; "numbers
    // under ten as words" (a house style).
    let under_ten = super::has_any_in(
        lower,
        "under ten|below ten|under 10|below 10|one to nine|zero to nine|1 to 9|0 to 9|less than ten|less than 10",
    ) && super::has_any_in(lower, "as words|spell out|spelled out|spelt out|in words|written out");
    if under_ten {
        out.push(Form::WordsUnderTen);
    } else if super::has_any_in(lower, "as digits|in digits|as numerals|in numerals|use numerals|use digits|numerals for|digits for")
        && super::has_any_in(lower, "not words|not as words|never as words|not spelled|not spelt|not spelled-out|not three|not seven|not seventeen|not five|not two|not four|not six|not eight|not nine|not ten|not twelve, not")
    {
        // One number's form, not every count's: "Give the head count as digits, not words".
        let one = super::super::text::parts("as digits|in digits|as numerals|in numerals").iter().any(|c| {
            lower.find(c).is_some_and(|i| {
                let before: Vec<&str> = lower.get(..i).unwrap_or_default().split_whitespace().gather();
                before.last().is_some_and(|w| super::super::text::in_list("count|total|number|figure|amount|tally|estimate|answer", w))
                    && !before.contains(&"all")
                    && !before.contains(&"every")
                    && !before.contains(&"each")
            })
        });
        if !one {
            out.push(Form::Digits);
        }
    }
    let comma_mark = super::has_any_in(
        lower,
        "comma as the decimal|comma as decimal|comma as a decimal|decimal comma|decimal commas|commas as decimal|commas as the decimal",
    );
    let point_mark = super::has_any_in(
        lower,
        "period as the decimal|dot as the decimal|point as the decimal|period as decimal|dot as decimal|decimal point|decimal dot|dots as decimal|periods as decimal|a dot as the decimal|a period as the decimal",
    );
    match (comma_mark, point_mark) {
        (true, false) => out.push(Form::DecimalMark(',')),
        (false, true) => out.push(Form::DecimalMark('.')),
        _ => {}
    }
    // A negated form is no form ("don't bother with decimals").
    let negated = ws.iter().enumerate().any(|(i, x)| {
        crate::drift::text::in_list("decimal|decimals|separator|separators", *x)
            && (i.saturating_sub(4)..i).any(|j| str_in(ws, j, "don't|not|never|without|skip|avoid"))
    });
    if negated {
        out.keep(|f| matches!(f, Form::NoThousands));
    }
    out
}

/// The example a message gives of the form: "(e.g. 12,400 km)", "like `$1,204.50`", "for
/// example CHF 79.00".
#[derive(Debug)]
struct Example {
    number: String,
    percent: bool,
    currency: Option<String>,
    unit: Option<String>,
}

fn example_of(lower: &str) -> Option<Example> {
    let at = crate::drift::text::first_end(
        lower,
        "e.g.|for example|for instance|such as|like |as `|example:|(|format:|formatted as|format like",
    )?;
    let rest = lower.get(at..)?;
    let tokens = tokens(rest);
    let t = tokens.first()?;
    // Within a few characters of the cue.
    if t.start > 12 {
        return None;
    }
    // The example's unit: a known one, or a short word that is no common word ("4.5 out of 5",
    // "2 pages max" show none).
    let unit = t.unit.clone().filter(|u| {
        crate::drift::text::in_list(UNITS, u)
            || (u.chars().count() <= 4
                && !crate::drift::text::in_list("out|of|and|or|per|in|to|the|a|an|max|min|page|pages|day|days|week|weeks|year|years|not|e|g|is|are|was|more|less|from|at|on|by|for|with", u))
    });
    Some(Example {
        number: t.text.to_string(),
        percent: t.percent,
        currency: t.currency.clone(),
        unit,
    })
}

/// A unit named in words: "every weight in kilograms", "in tonnes", "temperature in °C".
fn unit_named(lower: &str) -> Option<String> {
    lower.match_indices(" in ").find_map(|(i, m)| {
        let next: String = lower
            .get(i + m.len()..)?
            .trim_start_matches("degrees ")
            .chars()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '°' | '/' | 'µ'))
            .gather_text();
        let unit = match next.as_str() {
            "kilograms" | "kg" => "kg",
            "tonnes" | "t" => "t",
            "kilometres" | "kilometers" | "km" => "km",
            "litres" | "liters" => "l",
            "°c" | "celsius" => "°c",
            "mg/l" => "mg/l",
            _ => return None,
        };
        Some(unit.to_string())
    })
}

/// A figure in a text: the number as written, with what stands beside it.
#[derive(Debug)]
struct Token<'a> {
    text: &'a str,
    start: usize,
    percent: bool,
    currency: Option<String>,
    unit: Option<String>,
    /// A letter, `#`, `-`, `/`, `.`, `:` or `_` touches it (an id, a version, a date, a time).
    bound: bool,
    /// The word before it.
    before: String,
}

/// Whether a number's last separator is a comma with one or two digits after it ("45,00").
fn decimal_comma(number: &str) -> bool {
    number
        .rsplit_once(',')
        .is_some_and(|(_, d)| (1..=2).contains(&d.len()) && !number.contains('.'))
}

fn tokens(text: &str) -> Vec<Token<'_>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
            continue;
        }
        let start = i;
        let mut end = i;
        while end < b.len() {
            let c = b.get(end).copied().unwrap_or_default();
            let next_digit = b.get(end + 1).is_some_and(u8::is_ascii_digit);
            if c.is_ascii_digit() || (matches!(c, b',' | b'.') && next_digit) {
                end += 1;
            } else {
                break;
            }
        }
        i = end;
        let (Some(number), Some(head), Some(tail)) =
            (text.get(start..end), text.get(..start), text.get(end..))
        else {
            continue;
        };
        let prev = head.chars().next_back();
        let bound_before = prev.is_some_and(|c| {
            c.is_alphabetic()
                || matches!(
                    c,
                    '#' | '/' | '.' | ':' | '_' | '-' | '\u{2013}' | '+' | '=' | '>' | '<'
                )
        }) && !prev.is_some_and(|c| CURRENCY_SIGNS.contains(&c));
        let next = tail.chars().next();
        let after_sep = tail.chars().nth(1);
        let bound_after = matches!(next, Some('-' | '/' | ':' | '_' | '\u{2013}'))
            && after_sep.is_some_and(|c| c.is_ascii_alphanumeric())
            || matches!(next, Some('.' | ','))
                && after_sep.is_some_and(|c| c.is_ascii_alphanumeric());
        let percent = tail.starts_with('%')
            || tail.starts_with(" %")
            || tail.starts_with("\u{a0}%")
            || tail.starts_with(" percent");
        // The word right after, a unit if short ("12 km", "12kg", "1.0 °C").
        let glued = tail.starts_with(crate::drift::text::char_test(|c: char| {
            c.is_alphabetic() || c == '°'
        }));
        let word: String = tail
            .trim_start_matches(&[' ', '\u{a0}', '\u{202f}'][..])
            .chars()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '°' | '/' | '³' | '²' | 'µ'))
            .gather_text()
            .lower();
        let code_after = crate::drift::text::in_list(CURRENCY_CODES, word.as_str());
        let sign_after = tail.trim_start_matches(&[' ', '\u{a0}'][..]).starts_with(
            crate::drift::text::char_test(|c: char| CURRENCY_SIGNS.contains(&c)),
        );
        let head_trim = head.trim_end_matches(&[' ', '\u{a0}'][..]);
        let sign_before = head_trim.ends_with(crate::drift::text::char_test(|c: char| {
            CURRENCY_SIGNS.contains(&c)
        }));
        // (The tail compared as it is: lowercasing the whole head per figure was quadratic.)
        let code_before = CURRENCY_CODES
            .split('|')
            .find(|c| {
                head_trim.len() >= c.len()
                    && head_trim
                        .get(head_trim.len() - c.len()..)
                        .is_some_and(|t| t.eq_ignore_ascii_case(c))
                    && !head_trim
                        .get(..head_trim.len() - c.len())
                        .unwrap_or_default()
                        .ends_with(crate::drift::text::char_test(|c: char| {
                            c.is_alphanumeric() || c == '/'
                        }))
            })
            .map(|c| c.to_string());
        let currency = if sign_before {
            head_trim.chars().next_back().map(String::from)
        } else if let Some(code) = code_before {
            Some(code)
        } else if sign_after {
            tail.trim_start_matches(&[' ', '\u{a0}'][..])
                .chars()
                .next()
                .map(String::from)
        } else if code_after {
            Some(word.clone())
        } else {
            None
        };
        // A short word after it, a unit perhaps ("12 km", "12kg", "1.0 °C", "12,400 TEU"); the
        // readers ask more of it where that matters.
        let unit = (!word.is_empty()
            && word.chars().count() <= 5
            && !code_after
            && !percent
            && !word.chars().all(|c| c.is_ascii_digit()))
        .then(|| word.clone());
        let bound = bound_before || bound_after || (glued && unit.is_none());
        // A label ("Students: 9870", "| 9870") is no name of the number.
        let labelled = head
            .trim_end_matches(&[' ', '*', '\'', '"', '(', '`'][..])
            .ends_with(&[':', '|', '='][..]);
        let before = if labelled {
            // "The affected record ids were: 8412, …": an id word just before the colon.
            let label = head
                .trim_end()
                .trim_end_matches(&[':', '|', '=', ' ', '*'][..]);
            label
                .rsplit(crate::drift::text::not_alnum_char)
                .filter(|w| !w.is_empty())
                .take(3)
                .map(crate::drift::text::lower)
                .find(|w| {
                    crate::drift::text::in_list(
                        "id|ids|code|codes|number|numbers|ref|refs|ticket|tickets",
                        w,
                    )
                })
                .unwrap_or_default()
        } else {
            head.split(crate::drift::text::char_test(|c: char| {
                !(c.is_alphanumeric() || c == '#')
            }))
            .rfind(|w| !w.is_empty())
            .unwrap_or_default()
            .lower()
        };
        out.push(Token {
            text: number,
            start,
            percent,
            currency,
            unit,
            bound,
            before,
        });
    }
    out
}

/// Units a figure may carry.
const UNITS: &str = "km|kg|g|t|l|ml|m|cm|mm|h|hr|hrs|min|mins|s|ms|gb|mb|kb|tb|°c|°f|mg/l|ng/µl|µg|mg|lbs|lb|oz|ft|mi|kwh|kw|mw|w|v|m³|m²|kn|nm|hz|khz|mhz|ghz|px|pt|bar|psi|ppm|x";

/// Words before a number that make it a name or an id, not a count ("ticket 4821", "route 1104").
/// Months and days: a number right after one is a date ("March 5"), not after a comma ("In June,
/// 3 labels").
const DATE_WORDS: &str = "january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|sunday";

const ID_WORDS: &str = "iso|rfc|pep|cve|ieee|din|iec|figure|figures|fig|steps|python|java|node|ios|android|windows|chapter|chapters|bib|bibs|stop|stops|service|services|id|ids|code|codes|ticket|tickets|job|jobs|order|orders|pr|prs|issue|issues|build|builds|version|port|ports|room|rooms|route|routes|line|lines|step|number|no|ref|case|cases|batch|lot|invoice|account|error|http|status|model|page|pages|run|row|rows|release|sprint|item|form|flight|vessel|unit|bay|gate|platform|zone|station|store|branch|site|ext|extension|phone|tel|zip|postcode|year|years|fy|q1|q2|q3|q4|since|in|of|from|to|until|by|before|after|cohort|season|class|level|floor|aisle|shelf|bin|dock|berth|pier|stand|seat|tank|silo|hive|block|plot|lane|track|channel|sensor|meter|device|camera|truck|van|bus|tram|train|vehicle|car|cart|cell|rack|slot|pod|node|shard|cluster|table|chapter|section|part|phase|stage|task|story|epic|bug|incident|commit|tag|patch|rule|policy|claim|loan|member|user|customer|client|patient|student|employee|staff|driver|courier|agent|op|ops|wo|po|so|sku|upc|isbn|ean|pin|postcode|area|region|district|ward|county|lab|kit|sample|specimen|vial|well|plate|tube|lane|court|pitch|hole";

/// The first figure of `text` (prose outside code and quotes) that breaks the form, as written.
pub fn first_break(rule: &NumberFormat, text: &str) -> Option<String> {
    if rule.form == Form::Digits {
        return number_word(text, rule.of.as_deref());
    }
    for line in text.lines().filter(|l| !l.trim_start().starts_with('>')) {
        if rule.form == Form::WordsUnderTen {
            if let Some(d) = digit_under_ten(line) {
                return Some(d);
            }
            continue;
        }
        // The end of the last figure passed over as an id: a list of ids goes on after a comma
        // ("ids were: 8412, 13001").
        let mut id_end: Option<usize> = None;
        for t in tokens(line) {
            if t.bound {
                continue;
            }
            let listed = id_end.is_some_and(|end| {
                crate::drift::text::in_list(
                    ", |,|, and | and | or |/",
                    line.get(end..t.start).unwrap_or_default(),
                )
            });
            // "NORAD 43013", "CVE 2024": a figure after a name in capitals is a number of it.
            let named = line
                .get(..t.start)
                .and_then(|h| h.split_whitespace().next_back())
                .is_some_and(|w| {
                    w.len() >= 3
                        && w.bytes().all(|b| b.is_ascii_uppercase())
                        && !crate::drift::text::in_list(CURRENCY_CODES, w.to_ascii_lowercase())
                });
            // A decimal mark is read on any figure with a unit or a per-cent sign ("to 198,4
            // ms", "91,5%"), whatever word stands before it.
            let marked = matches!(
                (&rule.form, &rule.figures),
                (Form::DecimalMark(_), Figures::Count)
            ) && (t.percent || t.unit.is_some());
            if matches!(rule.figures, Figures::Count)
                && !marked
                && (listed || named || crate::drift::text::in_list(ID_WORDS, &t.before))
            {
                id_end = Some(t.start + t.text.len());
                continue;
            }
            let kind_ok = match &rule.figures {
                Figures::Percent => t.percent,
                Figures::Money(_) => t.currency.is_some() && !money_scaled(line, &t),
                Figures::Unit(u) => t.unit.as_deref() == Some(u.as_str()) && t.currency.is_none(),
                Figures::Count => {
                    !t.percent
                        && t.currency.is_none()
                        && !crate::drift::text::in_list(ID_WORDS, &t.before)
                        && !t.before.starts_with('#')
                        // "0063": a migration's or a form's number.
                        && !t.text.starts_with('0')
                        // "1080p", "4xl": a name.
                        && !line
                            .get(t.start + t.text.len()..)
                            .is_some_and(|r| r.starts_with(crate::drift::text::char_test(|c: char| c.is_alphabetic())))
                        // "31 80 6651 123-4": four digits among spaced digit groups (no
                        // thousands grouping) write a name's number.
                        && !(t.text.len() >= 4
                            && (line.get(..t.start).is_some_and(|h| {
                                h.strip_suffix(' ').is_some_and(|h| h.ends_with(crate::drift::text::digit_char))
                            }) || line.get(t.start + t.text.len()..).is_some_and(|r| {
                                r.strip_prefix(' ').is_some_and(|r| r.starts_with(crate::drift::text::digit_char))
                            })))
                        // "1042 Harrogate Station", "1042 Riverside.": a place's number, its
                        // name after it (not "12315 Stripe refunds", a count of a brand's things).
                        && !line.get(t.start + t.text.len()..).is_some_and(|r| {
                            let mut ws = r.split_whitespace();
                            let proper = |w: &str| {
                                let mut cs = w.chars();
                                cs.next().is_some_and(|c| c.is_ascii_uppercase())
                                    && cs.next().is_some_and(|c| c.is_ascii_lowercase())
                            };
                            r.starts_with(' ')
                                && ws.next().is_some_and(|w| {
                                    proper(w)
                                        && (w.ends_with(&[',', '.', ';', ')'][..])
                                            || ws.next().is_none_or(proper))
                                })
                        })
                        // "every learner count": counts of other things are free.
                        && rule.of.as_deref().is_none_or(|thing| {
                            // Another noun right after ("2300 concurrent sessions"); a label
                            // before ("Student: 9870") leaves it the thing's.
                            let next = line
                                .get(t.start + t.text.len()..)
                                .unwrap_or_default()
                                .trim_start_matches(' ');
                            !next.starts_with(crate::drift::text::char_test(|c: char| c.is_ascii_lowercase()))
                                || next
                                    .get(..thing.len())
                                    .is_some_and(|w| w.eq_ignore_ascii_case(thing))
                        })
                }
            };
            // A figure the message itself names (not its example of the form).
            if !(kind_ok || marked)
                || (matches!(
                    rule.form,
                    Form::Decimals(_) | Form::Thousands(_) | Form::NoThousands
                ) && rule.named.iter().any(|n| n == t.text))
            {
                continue;
            }
            let shown = || {
                let end = t.start + t.text.len();
                let from = line
                    .get(..t.start)
                    .and_then(|h| h.char_indices().rev().nth(3).map(|(i, _)| i))
                    .unwrap_or(0);
                line.get(from..(end + 6).min(line.len()))
                    .or_else(|| line.get(from..end))
                    .unwrap_or(t.text)
                    .trim()
                    .to_string()
            };
            if let (Figures::Money(Some(want)), Some(have)) = (&rule.figures, &t.currency) {
                if !same_currency(want, have) && matches!(rule.form, Form::Decimals(_)) {
                    return Some(shown());
                }
            }
            let breaks = match rule.form {
                Form::Decimals(n) => decimals(t.text, rule.mark).is_some_and(|d| d != n),
                Form::Thousands(sep) => {
                    let int = integer_part(t.text, rule.mark);
                    let digits = int.chars().filter(char::is_ascii_digit).count();
                    // A year, not a count: this century's or the last, or an older one said
                    // as a date ("an 1887 piano", "built in 1862").
                    // (Not a count of things after it: "from 1764 customer accounts".)
                    let counted = line.get(t.start + t.text.len()..).is_some_and(|r| {
                        r.starts_with(' ')
                            && r.get(1..2)
                                .is_some_and(|c| c.chars().all(|c| c.is_ascii_lowercase()))
                    });
                    let dated = !counted
                        && line.get(..t.start).is_some_and(|b| {
                            crate::drift::text::ends_with_any(
                                &format!(" {}", b.to_ascii_lowercase()),
                                " a | an | in | since | from | built ",
                            )
                        });
                    let year_like = digits == 4
                        && matches!(rule.figures, Figures::Count)
                        && int.parse::<u32>().is_ok_and(|y| {
                            (1900..=2100).contains(&y) || (dated && (1600..1900).contains(&y))
                        });
                    let grouped = match sep {
                        ',' => int.contains(','),
                        ' ' => false,
                        _ => return None,
                    };
                    // A space-grouped figure is read as its last group ("12 480"): only a
                    // comma in it shows another separator.
                    if sep == ' ' {
                        int.contains(',') && rule.mark == '.'
                    } else {
                        let value = int.replace(&[',', ' '][..], "").parse::<u64>().unwrap_or(0);
                        digits >= 4
                            && value >= rule.from
                            && !grouped
                            && !year_like
                            && !int.contains('.')
                    }
                }
                Form::NoThousands => {
                    rule.mark == '.'
                        && t.text.split(',').skip(1).any(|g| g.len() == 3)
                        && t.text
                            .split(',')
                            .next()
                            .is_some_and(|g| (1..=3).contains(&g.len()))
                }
                // Read above.
                Form::Digits | Form::WordsUnderTen => false,
                Form::DecimalMark(m) => {
                    let other = if m == '.' { ',' } else { '.' };
                    t.text
                        .rsplit_once(other)
                        .is_some_and(|(_, d)| (1..=2).contains(&d.len()) && !t.text.contains(m))
                        && (!matches!(rule.figures, Figures::Count)
                            || t.percent
                            || t.unit.as_deref().is_some_and(|u| {
                                crate::drift::text::in_list(UNITS, u)
                                    || crate::drift::text::in_list(
                                        "hours|minutes|seconds|days|percent",
                                        u,
                                    )
                            }))
                }
            };
            if breaks {
                return Some(shown());
            }
        }
    }
    None
}

/// A count written in words ("three cranes") in `text`: two to twenty, lowercase or opening a
/// sentence, not joined by a hyphen ("two-factor", "one-off") nor a name ("Two Rivers").
fn number_word(text: &str, of: Option<&str>) -> Option<String> {
    const WORDS: &str = "two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty";
    for line in text.lines().filter(|l| !l.trim_start().starts_with('>')) {
        let mut from = 0;
        for word in line.split(crate::drift::text::char_test(|c: char| {
            !(c.is_alphanumeric() || c == '-' || c == '\'')
        })) {
            let at = line
                .get(from..)
                .and_then(|r| r.find(word))
                .map_or(from, |i| from + i);
            from = at + word.len();
            let lower = word.to_ascii_lowercase();
            if word.is_empty() || !crate::drift::text::in_list(WORDS, &lower) {
                continue;
            }
            let head = line.get(..at).unwrap_or_default().trim_end();
            let opens = head.is_empty() || head.ends_with(&['.', '!', '?', ':', '-', '*'][..]);
            if word.starts_with(crate::drift::text::char_test(char::is_uppercase)) && !opens {
                continue;
            }
            // "eight to six": the second of a pair of number words.
            let paired = head.strip_suffix(" to").is_some_and(|h| {
                h.rsplit(' ')
                    .next()
                    .is_some_and(|w| crate::drift::text::in_list(WORDS, w.to_ascii_lowercase()))
            });
            if paired {
                continue;
            }
            // A count: a word follows ("three cranes"), not "the two" alone.
            let next = line.get(from..).unwrap_or_default();
            let counted: String = next
                .trim_start()
                .chars()
                .take(24)
                .gather_text()
                .to_ascii_lowercase();
            // "the two of us", "two or three": no count of things; "*Three Men in a Boat*": a
            // title's capitalised words.
            let idiom = crate::drift::text::starts_with_any(&counted, "of |to |or ")
                || (word.starts_with(crate::drift::text::char_test(char::is_uppercase))
                    && next
                        .trim_start()
                        .starts_with(crate::drift::text::char_test(char::is_uppercase)));
            if next.starts_with(' ')
                && !idiom
                && counted.starts_with(crate::drift::text::char_test(|c: char| {
                    c.is_ascii_lowercase()
                }))
                && of.is_none_or(|thing| counted.starts_with(thing))
            {
                return Some(format!(
                    "{word}{}",
                    next.split_whitespace()
                        .next()
                        .map_or(String::new(), |n| format!(" {n}"))
                ));
            }
        }
    }
    None
}

/// A number from 1 to 9 written as a digit in a line of prose, standing for a count ("up to 7
/// days"), not a list's marker, a table cell, a step, an id, a time or a measurement.
fn digit_under_ten(line: &str) -> Option<String> {
    const UNITS: &str = "km|kg|g|t|l|ml|m|cm|mm|h|hr|hrs|min|mins|s|ms|gb|mb|kb|tb|°c|°f|x|px|pt|kwh|kw|v|mg|µg|lb|lbs|oz|ft|in|mph|kmh|am|pm|bar|psi";
    if line.trim_start().starts_with('|') || line.trim_start().starts_with('#') {
        return None;
    }
    for t in tokens(line) {
        let head = line.get(..t.start).unwrap_or_default();
        let marker = head.trim().is_empty()
            && line
                .get(t.start + t.text.len()..)
                .is_some_and(|r| r.starts_with(&['.', ')'][..]));
        let unit = t
            .unit
            .as_deref()
            .is_some_and(|u| crate::drift::text::in_list(UNITS, u));
        if t.bound
            || marker
            || unit
            || t.percent
            || t.currency.is_some()
            || t.text.len() != 1
            || t.text == "0"
            || crate::drift::text::in_list(ID_WORDS, &t.before)
            || (crate::drift::text::in_list(DATE_WORDS, &t.before)
                && head.ends_with(' ')
                && !head.trim_end().ends_with(','))
        {
            continue;
        }
        let tail = line.get(t.start + 1..).unwrap_or_default();
        let next = tail.split_whitespace().next().unwrap_or_default();
        // "3 p.m.", "at 3 o'clock": a time.
        let time = crate::drift::text::parts("a.m|p.m|am|pm|o'clock|o\u{2019}clock")
            .iter()
            .any(|p| {
                next.get(..p.len())
                    .is_some_and(|w| w.eq_ignore_ascii_case(p))
            });
        // "3 of 4", "7 days": a count, a word after it.
        if !time
            && tail.starts_with(' ')
            && tail
                .trim_start()
                .starts_with(crate::drift::text::char_test(|c: char| c.is_alphabetic()))
        {
            return Some(format!(
                "{}{}",
                t.text,
                tail.split_whitespace()
                    .next()
                    .map_or(String::new(), |n| format!(" {n}"))
            ));
        }
    }
    None
}

/// "$1.2M", "€3 million", "$5k": a scaled amount keeps no cents.
fn money_scaled(line: &str, t: &Token) -> bool {
    // The next few characters only (the whole rest per figure was quadratic).
    let tail: String = line
        .get(t.start + t.text.len()..)
        .unwrap_or_default()
        .trim_start()
        .chars()
        .take(10)
        .gather_text()
        .to_ascii_lowercase();
    tail.starts_with(&['k', 'm', 'b'][..]) && !tail.starts_with("km")
        || crate::drift::text::starts_with_any(
            &tail,
            "million|billion|trillion|thousand|bn|mn|tn|m ",
        )
}

fn same_currency(want: &str, have: &str) -> bool {
    // The mark as the example writes it: a code asked is not met by a sign ("EUR", not "€");
    // "a currency code" is met by any code.
    want.eq_ignore_ascii_case(have)
        || (want == "code" && have.len() == 3 && have.bytes().all(|b| b.is_ascii_alphabetic()))
}

/// The digits after the decimal mark, none for a whole number; unknown (`None`) where the
/// separators leave it open ("1,234" under a comma mark, "1.2.3").
fn decimals(number: &str, mark: char) -> Option<usize> {
    let group = if mark == '.' { ',' } else { '.' };
    if number.matches(mark).count() > 1 {
        return None;
    }
    match number.rsplit_once(mark) {
        Some((_, d)) => Some(d.len()),
        None => {
            // A lone group separator with one or two digits after it is a decimal in the other
            // convention ("0,41" under a point): not told.
            let last = number.rsplit_once(group).map(|(_, d)| d.len());
            match last {
                Some(3) | None => Some(0),
                Some(_) => None,
            }
        }
    }
}

fn integer_part(number: &str, mark: char) -> &str {
    number.split(mark).next().unwrap_or(number)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(m: &str) -> Vec<NumberFormat> {
        asked(&m.to_ascii_lowercase(), m)
    }

    #[test]
    fn forms_and_figures_are_read_from_the_sentence_and_its_example() {
        let r = rules("Give every percentage with exactly one decimal place (e.g. 12.5%).");
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].figures, Figures::Percent);
        assert_eq!(r[0].form, Form::Decimals(1));
        let r = rules(
            "Write every amount with two decimals followed by the currency code, like 45.00 USD.",
        );
        assert_eq!(r[0].figures, Figures::Money(Some("code".into())));
        assert!(same_currency("code", "cad") && !same_currency("code", "€"));
        let r = rules("Write every volume in litres with a thousands separator, like 12,400 L.");
        assert_eq!(r[0].figures, Figures::Unit("l".into()));
        assert_eq!(r[0].form, Form::Thousands(','));
        let r = rules("Write every monetary amount in euros with two decimals and the € sign after the number, e.g. `45,00 €`.");
        assert_eq!(r[0].mark, ',');
        // Soft, negated or said of another text: nothing.
        assert!(rules("Ideally give percentages with one decimal place.").is_empty());
        assert!(rules("The CSV export must write every amount with two decimals.").is_empty());
        assert!(rules("Don't bother with decimal places for the percentages.").is_empty());
        // One figure named, not every one.
        assert!(rules("Give the fill level as a percentage with one decimal place.").is_empty());
    }

    #[test]
    fn figures_that_break_the_form_are_found_and_names_are_not() {
        let pct = &rules("Give all percentages with exactly one decimal place.")[0];
        assert_eq!(
            first_break(pct, "Up 12.0% from 88.5%; v2.14 shipped.").as_deref(),
            None
        );
        assert!(first_break(pct, "Up 12% from 88.5%.").is_some());
        assert!(first_break(pct, "Up 12.25 % today.").is_some());
        let money =
            &rules("Write every money amount with a dollar sign and two decimals, e.g. $12.50.")[0];
        assert!(first_break(money, "Fees were $1,240.00 and $86.").is_some());
        assert!(first_break(money, "Fees were $1,240.00 and $86.10; revenue $1.2M.").is_none());
        let count = &rules("Use thousands separators for all counts (e.g. 12,408).")[0];
        assert!(first_break(count, "We received 14203 applications.").is_some());
        assert!(first_break(
            count,
            "We received 14,203 applications in 2024 (ticket 4821, LEAK-10452, #5531)."
        )
        .is_none());
        let km =
            &rules("Write all kilometre figures with comma thousands separators (e.g. 12,400 km).")
                [0];
        assert!(first_break(km, "SUVs: 18500 km; vans 12,400 km").is_some());
        assert!(first_break(km, "SUVs: 18,500 km on 1204 trips").is_none());
        let mark = &rules("Use a comma as the decimal separator throughout (e.g. 12,5 %).")[0];
        assert!(first_break(mark, "Lab value 13.5 % against 13,0 % on the label.").is_some());
        assert!(first_break(mark, "Lab value 13,5 % against 13,0 % on the label, v2.4.").is_none());
    }
}
