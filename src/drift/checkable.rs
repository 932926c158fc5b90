//! Explicit, verifiable instructions found in the message text itself (counts and limits of
//! words, sentences, paragraphs, bullets, highlights, sections and placeholders; required,
//! forbidden and counted words and letters; case; commas; quotation, title, postscript, ending,
//! JSON output, two responses, a fixed answer, the script of the language) and checked in the
//! result. Each check follows the published semantics of the IFEval checker (word = `\w+` run,
//! paragraphs split by `***`, bullets = lines starting `* ` or `-`, …) so that a verdict means
//! what a reader of that benchmark expects. Only what the text states plainly is parsed: a
//! constraint the parser is unsure of is left out, because a wrong "violated" costs more than
//! silence.

use crate::drift::text::Has;
use crate::drift::text::ListTests;
use crate::drift::text::Lower;
use crate::drift::text::Words;
use crate::drift::text::{str_in, str_is, word_in, word_is};
use crate::gather::Gather;
use crate::gather::GatherSome;
use crate::gather::GatherText;
use crate::gather::Keep;
use crate::gather::PushAll;
use serde::Serialize;

mod answer_line;
mod blanks;
mod bullet_start;
mod code_block;
mod commits;
mod first_line;
mod headings;
mod if_failed;
mod json_types;
mod language;
mod line_case;
mod line_length;
mod lists;
mod notes;
mod numbers;
mod parts;
mod placeholders;
mod sort_order;
mod tables;
mod timestamps;
mod titles;
mod units;
mod yaml_keys;

/// How a count compares with its bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rel {
    AtLeast,
    LessThan,
    Exactly,
}

impl Rel {
    fn holds(self, count: usize, n: usize) -> bool {
        match self {
            Rel::AtLeast => count >= n,
            Rel::LessThan => count < n,
            Rel::Exactly => count == n,
        }
    }
    fn words(self, n: usize) -> String {
        match self {
            Rel::AtLeast => format!("at least {n}"),
            Rel::LessThan => format!("fewer than {n}"),
            Rel::Exactly => format!("exactly {n}"),
        }
    }
}

// Not `Clone` outside tests: a rule is moved, never copied, and the derive is kilobytes of module.
#[derive(Debug)]
#[cfg_attr(test, derive(Clone, PartialEq))]
pub enum Rule {
    Words(Rel, usize),
    /// Words outside fenced code blocks ("the text outside the code block must be under 60
    /// words").
    ProseWords(Rel, usize),
    /// Words the prose must not use, code and quoted logs aside ("in your report's prose, do
    /// not use the word 'fixed'").
    ProseForbids(Vec<String>),
    /// [`Rule::ProseForbids`] of the reply's own words ("in your own wording"): block quotes
    /// left out too.
    OwnForbids(Vec<String>),
    Sentences(Rel, usize),
    /// Questions the reply asks the requester: "ask at most one question, at the end", "end
    /// with exactly one question for the director" ([`questions`]). With `true` the reply
    /// drafts a text, whose own questions are not asked: only those under a "Questions" label
    /// are counted.
    Questions(Rel, usize, bool),
    /// Paragraphs separated by the Markdown divider `***`.
    DividedParagraphs(usize),
    /// Paragraphs of plain prose, separated by blank lines ("in two paragraphs at most"):
    /// checked only on a result that is all prose, since whether a list, a heading or a
    /// block is a paragraph is not told.
    Paragraphs(Rel, usize),
    Bullets(Rel, usize),
    /// Words of each bullet: "each bullet under 15 words", "12 words per bullet".
    BulletWords(Rel, usize),
    /// A rule checked on the answer without the part named: "No URLs in the memo body; put any
    /// links in an 'Engineering links' appendix" (the whole answer where no such part is shown).
    ExceptPart(String, Box<Rule>),
    /// A Markdown table in the answer, with these columns if any are named: "present the
    /// results as a markdown table", "a table with exactly the columns Host, IP, Status".
    Table(tables::TableAsk),
    /// Lines of the reply, at most `n`: "reply in at most 3 lines", "one-line answer please".
    /// Non-empty lines, blank ones too with `true` ("blank lines count"). Not read on a reply
    /// with a fenced block (a paste the message may have asked for beside the lines).
    Lines(usize, bool),
    /// British spelling in the answer's prose: "Use British spelling throughout (colour,
    /// optimise)". Read on a short list of American forms outside code, quotes and names.
    BritishSpelling,
    /// No Markdown: "Plain text only, no markdown", "do not use markdown". Read on what shows
    /// Markdown for certain: a heading line or a `**bold**` span, outside code.
    NoMarkdown,
    /// Dates written in one form in the answer's own words: ISO 8601 (`2024-03-14`, "Use ISO
    /// 8601 dates (YYYY-MM-DD) in your report") or day or month first with slashes ("Write
    /// every date as DD/MM/YYYY").
    IsoDates(DateForm),
    /// Clock times on the 24-hour clock in the answer's own words: "Use 24-hour times (e.g.
    /// 14:30) throughout". Broken by a 12-hour time ("2:30 PM", "7pm") outside code and quotes.
    Clock24,
    /// A number format of the reply's figures: "every percentage with exactly one decimal
    /// place", "money as $12.00", "thousands separators in counts (e.g. 12,400 km)".
    NumberFormat(numbers::NumberFormat),
    /// Items of a (numbered or bulleted) list: "list exactly four caching strategies".
    ListItems(Rel, usize),
    Highlights(usize),
    /// Sections marked `<marker> <n>` ("SECTION 1").
    Sections(String, usize),
    Placeholders(usize),
    /// The placeholder style of the template the reply shows: "placeholders must use double
    /// curly braces, like `{{first_name}}`".
    PlaceholderStyle(placeholders::Style),
    /// No placeholder left unfilled in the text the reply delivers: "No placeholders such as
    /// TBD, TODO or [insert X]", "the notice must not contain any placeholders".
    NoPlaceholders(blanks::Blanks),
    /// A name asked in the reply's first line or sentence: "Put the ticket ID NEWS-4412 in the
    /// first line of your report".
    FirstHolds(first_line::FirstHolds),
    /// The form of the reply's headings: a level ("Use level-2 headings (`##`) for each
    /// section"), ALL CAPS, or sentence case.
    HeadingForm(headings::HeadingForm),
    /// The types of a JSON reply's values: "`tests_failed` must be an integer", "`ok` (a
    /// boolean)". Read only where the message asks for JSON.
    JsonTypes(Vec<json_types::Typed>),
    /// A commit subject's or a PR title's length in characters, at most `n`: "Commit subject
    /// line max 50 characters", "the PR title must be 60 characters or fewer". `true` for a
    /// commit, `false` for a PR title. Checked only where the reply shows one.
    /// With the last `true`, the message asks for the commit message itself: a reply that is
    /// one shows its subject first.
    TitleChars(bool, usize, bool),
    /// A title's length in words, at most `n`: "PR title under 8 words", "the title must be at
    /// most seven words". Checked only where the reply shows one ([`titles::shown`]: whether
    /// the message speaks of a PR, an issue or a ticket; the noun the title is of; whether the
    /// message names a file the reply reports on).
    TitleWords(usize, bool, String, bool),
    /// One line in capitals: "the subject line must be entirely in capital letters", "the
    /// first line must be the status word in all caps: GREEN, AMBER or RED". Read on the line
    /// the reply shows ([`line_case::holds`]).
    LineCase(line_case::LineCase),
    /// Figures of a kind in one unit: "give every duration in minutes", "all distances in
    /// kilometres, not miles" ([`units::first_break`]).
    InUnit(units::InUnit),
    /// A heading asked where a test fails: "If any test fails, list them under a `## Failures`
    /// heading". Checked where the reply reports a failed test ([`if_failed::failed`]).
    IfFailedHeading(String),
    /// A code block in the reply ("include the exact command you ran in a code block"), fenced
    /// where `true`; broken only by a reply with none ([`code_block::present`]).
    CodeBlock(bool),
    /// How every bullet of the reply starts ("every bullet must start with its ticket ID in
    /// square brackets, like `[HUT-123]`"), broken by a bullet plainly otherwise.
    BulletStart(bullet_start::BulletStart),
    /// The answer's YAML has these keys ("as a YAML block with exactly the keys …"); silent
    /// where the reply holds no YAML the reader can follow ([`yaml_keys::first_break`]).
    YamlKeys(yaml_keys::YamlKeys),
    /// A list or table in the order asked ("sorted by due date, earliest first"); broken only
    /// when every list the key reads is out of order ([`sort_order::first_break`]).
    SortOrder(sort_order::SortOrder),
    /// Every timestamp (a date with a time of day) in the form asked: ISO 8601, ending in `Z`,
    /// or with an offset ("all timestamps in ISO 8601 UTC with a `Z` suffix").
    TimeForm(timestamps::TimeForm),
    /// Lines of at most `n` characters: a commit body's wrap, every line of a text the reply
    /// shows or of the reply ("wrap the body at 72", "every line of the entry under 80
    /// characters").
    LineChars(line_length::LineChars),
    /// A short text's length in characters, at most `n`: "the SMS must be 160 characters or
    /// fewer", "meta description: 155 characters max". Read on the texts the reply labels with
    /// `noun` ("SMS:", "**Meta description:**"), and with `whole`, when the message asks for the
    /// text alone, on a reply of one line.
    TextChars {
        noun: &'static str,
        n: usize,
        whole: bool,
    },
    /// The opening asked of a commit message: "the commit message must start with
    /// `fix(scheduling):`". Checked, case and all, only on the subjects the reply shows.
    CommitStartsWith(String),
    /// The form of the commit subjects the reply shows: Conventional Commits, a ticket key
    /// first, a lowercase subject, no trailing period.
    CommitForm(commits::CommitForm),
    NoCommas,
    /// No exclamation mark in the prose: "no exclamation marks, it's a formal notice".
    NoExclamations,
    Lowercase,
    Uppercase,
    CapitalWords(Rel, usize),
    Title,
    Quoted,
    Json,
    /// The reply is code alone ("Code only, no explanation", "Reply with only the SQL"):
    /// nothing outside its fenced blocks. A reply without a fence is not read (which of its
    /// lines are code is not told).
    CodeOnly,
    Postscript(String),
    EndsWith(String),
    /// One of these phrases ends the answer ("a last line of the form `Risk: low`, `Risk:
    /// medium` or `Risk: high`").
    EndsWithOneOf(Vec<String>),
    /// The answer's first words, as quoted ("start your reply with 'STATUS:'").
    StartsWith(String),
    /// One of these phrases opens the answer ("the first line must be `RESULT: PASS` or
    /// `RESULT: FAIL`").
    StartsWithOneOf(Vec<String>),
    /// The first line is one of these answers and nothing else ("First line: only `yes` or
    /// `no`").
    FirstLineIs(Vec<String>),
    TwoResponses,
    FixedAnswer,
    Includes(Vec<String>),
    /// Words the answer must not use, fenced blocks aside (a quoted log or code).
    Forbids(Vec<String>),
    /// Words the answer must not use anywhere, fenced blocks too ("don't use "simply"
    /// anywhere").
    ForbidsAnywhere(Vec<String>),
    WordCount(String, Rel, usize),
    LetterCount(char, Rel, usize),
    /// The answer must be written in a script other than Latin (Devanagari, Cyrillic, …).
    Script(&'static str),
    /// The answer must be in this Latin-script language (German, Swahili, English …).
    Language(&'static language::Language),
    /// The answer starts with the request, repeated word for word.
    Repeats(String),
    /// These headings, each at the start of a line.
    Headings(Vec<String>),
    /// These sections in this order: "Sections in this order: Context, Decision, Consequences".
    /// Checked only where every one is found as a heading line.
    SectionOrder(Vec<String>),
    /// The whole answer a JSON object with these keys (an array of such objects too); with
    /// `true`, no other keys ("exactly the keys …", "no other keys"). The second flag: the
    /// message allows nothing but the JSON ("only", "nothing else", "a script parses it"); without
    /// it, one line before the JSON ("Lot checked; result below.") leaves the JSON the answer.
    JsonKeys(Vec<String>, bool, bool),
    /// No Markdown heading lines (`# …` outside fences): "no markdown headings, it goes into a
    /// ticket comment".
    NoHeadings,
    /// No URL (`http://`, `https://`, `www.`) outside fences: "no URLs or links in the report".
    NoUrls,
    /// No first-person pronoun outside quotes and code: "write it impersonally — no 'I' or
    /// 'we'". The pronouns named, lowercased (the default set when none is named).
    NoFirstPerson(Vec<String>),
    /// The answer ends with a JSON object with these keys, after whatever prose ("finish your
    /// report with a JSON object with keys …"), fenced or not.
    JsonKeysAtEnd(Vec<String>),
    NoCodeBlocks,
    /// No Markdown table: "No tables — Slack mangles them", "use a bulleted list, not a table".
    /// Broken by a header row over a delimiter row outside fenced code (pipes in a command are
    /// no table).
    NoTables,
    /// Prose: no bullet list line ("- ", "* ", "• ", "+ ") outside fenced code.
    /// No bullet lines; numbered items too with `true` ("prose — no bullet points or numbered
    /// lists").
    NoBullets(bool),
    /// The answer as a numbered list (or holding one): "return them as a numbered list".
    NumberedList,
    /// A count said of one named part of the answer ("a **Summary** section of exactly 3
    /// bullets"), checked on that part where the result shows it.
    InPart(String, Box<Rule>),
    /// A rule said of something that may be the whole answer or a part of it ("the description
    /// must be exactly 25 words", "no 'just' in the guidance"): checked on the part where the
    /// result labels one so, else on the whole.
    PartOrWhole(String, Box<Rule>),
    /// `paragraphs` paragraphs separated by blank lines, the `nth` starting with `word`.
    NthParagraphWord {
        paragraphs: usize,
        nth: usize,
        word: String,
    },
}

impl Rule {
    /// A count's number as stored ("at most 5" is fewer than 6).
    fn count_number(&self) -> Option<usize> {
        match self {
            Rule::Words(_, n)
            | Rule::ProseWords(_, n)
            | Rule::Sentences(_, n)
            | Rule::Questions(_, n, _)
            | Rule::Paragraphs(_, n)
            | Rule::Bullets(_, n)
            | Rule::BulletWords(_, n)
            | Rule::ListItems(_, n)
            | Rule::Lines(n, _) => Some(*n),
            _ => None,
        }
    }

    /// A bound on how many words, sentences, bullets or list items there are.
    fn is_count(&self) -> bool {
        matches!(
            self,
            Rule::Words(..)
                | Rule::ProseWords(..)
                | Rule::Sentences(..)
                | Rule::Questions(..)
                | Rule::Paragraphs(..)
                | Rule::Bullets(..)
                | Rule::BulletWords(..)
                | Rule::ListItems(..)
                | Rule::Lines(..)
        )
    }
}

/// A parsed constraint and whether the result keeps it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Checked {
    /// Stable kind: `words`, `sentences`, `paragraphs`, `bullets`, `highlights`, `sections`,
    /// `placeholders`, `no-commas`, `lowercase`, `uppercase`, `capital-words`, `title`,
    /// `quoted`, `json`, `postscript`, `ending`, `two-responses`, `fixed-answer`, `includes`,
    /// `forbids`, `word-count`, `letter-count`, `script`, `language`, `list-items`,
    /// `no-bullets`, `numbered-list`, `bullet-words`, `iso-dates`, `no-markdown`,
    /// `section-order`, `british-spelling`, `title-characters`, `title-words`, `text-characters`, `lines`, `table`,
    /// `no-tables`, `clock-24`, `number-format`, `commit-form`, `placeholder-style`,
    /// `json-types`, `no-placeholders`, `first-holds`, `heading-form`, `line-characters`.
    pub kind: &'static str,
    /// The constraint in plain words.
    pub constraint: String,
    pub holds: bool,
    /// What breaks it, when it does not hold.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub evidence: Option<String>,
}

/// Number words, and the value of each (by place).
const NUMBER_WORDS: &str = "zero|one|once|two|twice|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred";
const NUMBER_VALUES: [u8; 21] = [
    0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 20, 30, 40, 50, 100,
];

/// The words of a lowercased text with their byte offsets (letters, digits, `'`, `+`, `-`).
fn words_at(s: &str) -> Vec<(usize, &str)> {
    super::text::word_runs(s, |b| {
        b.is_ascii_alphanumeric() || matches!(b, b'\'' | b'+' | b'-')
    })
    .gather()
}

fn number(word: &str) -> Option<usize> {
    let w = word.trim_end_matches('+');
    if let Ok(n) = w.parse::<usize>() {
        return Some(n);
    }
    NUMBER_WORDS
        .split('|')
        .position(|n| n == w)
        .and_then(|k| NUMBER_VALUES.get(k))
        .map(|&v| usize::from(v))
}

/// Whether the word at `j` of a word scan negates the verb after it: "not", "never",
/// "cannot", "nobody", or a contraction ("don't"). "don’t" with a curly apostrophe is two words
/// to the scan, "don" and "t", with the apostrophe between ("column t" is not one).
fn negation_at(words: &[(usize, &str)], j: usize) -> bool {
    let Some(&(at, x)) = words.get(j) else {
        return false;
    };
    // Contraction stems whose "t" may follow any one mark or a space ("don t", "don`t").
    const STEMS: &str = "don|doesn|didn|isn|aren|wasn|weren|won|wouldn|shouldn|couldn|can|haven|hasn|hadn|mustn|needn|ain";
    crate::drift::text::in_list("not|never|cannot|nobody", x)
        || x.ends_with("n't")
        || (x == "t"
            && j.checked_sub(1)
                .and_then(|i| words.get(i))
                .is_some_and(|&(b, before)| {
                    let gap = at.saturating_sub(b + before.len());
                    (before.ends_with('n') && gap == '\u{2019}'.len_utf8())
                        || (crate::drift::text::in_list(STEMS, before) && (1..=3).contains(&gap))
                }))
}

/// Things a coding task builds or changes, whose own limits and formats a message may state.
/// Words that also name a piece of writing ("script", "program", "template", "post", "page")
/// are left out: "write a script for a short film in 100 words" bounds the answer.
const BUILT_THINGS: &str = "function|functions|method|methods|validator|validation|test|tests|cli|command|bot|chatbot|tool|endpoint|endpoints|api|logger|parser|field|fields|tooltip|tooltips|component|summarizer|counter|editor|linter|lint|regex|input|column|schema|ui|button|label|form|variable|generator|server|handler|hook|widget|banner|csv|query|helper|class|module|error|formatter|serializer|route";
/// Imperatives that open a coding task about the thing they name. Not "write": what is written
/// may be the answer itself ("write a JSON schema that includes a placeholder").
const BUILD_VERBS: &str = "add|implement|create|build|make|fix|refactor|change|update|ensure|validate|flag|extend|modify|configure|teach|allow|rewrite|adjust|patch|enforce";

/// The first of `words` with a letter: a list item's marker ("-", "2") opens no sentence.
fn first_word(words: &[(usize, &str)]) -> Option<usize> {
    words
        .iter()
        .position(|(_, x)| x.bytes().any(|b| b.is_ascii_alphabetic()))
}

/// Whether a sentence describes something the task builds rather than the answer: it opens
/// with that thing as its subject ("The error message must be under 20 words") or with a build
/// verb whose object it is ("Make the tooltip show at most 12 words"), or a clause says what
/// the thing does ("a function that truncates text to 50 words", "a test where the input has
/// fewer than 10 words").
fn describes_a_built_thing(words: &[(usize, &str)]) -> bool {
    let w = |i: usize| words.get(i).map_or("", |x| x.1);
    // A list item's marker ("-", "2") opens no sentence.
    let mut start = first_word(words).unwrap_or(0);
    if word_is(words, start, "please") {
        start += 1;
    }
    // "The chatbot writes in lowercase, so your reply must be too": the answer named as such.
    // Not after a build verb opening the sentence ("Write a function that returns 5 items;
    // your reply must include tests": the count is the function's).
    if !word_in(words, start, BUILD_VERBS)
        && (0..words.len()).any(|i| {
            word_is(words, i, "your")
                && crate::drift::text::in_list(
                    "reply|answer|response|report|summary|output|message",
                    w(i + 1),
                )
                && word_in(words, i + 2, "must|should|will|shall|needs|has")
        })
    {
        return false;
    }
    // "… so that the bot replies in max 40 words", "the model must output at most 40 words":
    // what a model or bot the task tunes says.
    if (0..words.len()).any(|i| {
        word_in(words, i, "the|our|its")
            && word_in(words, i + 1, "bot|chatbot|model|assistant|llm|agent")
            && crate::drift::text::in_list(
                "replies|answers|responds|outputs|writes|returns|must|should",
                w(i + 2),
            )
    }) {
        return true;
    }
    // ("The schema change got split, so use at most 5 bullets": a piece of work, no thing.)
    let opens = (start..start + 4).any(|i| {
        word_in(words, i, BUILT_THINGS)
            && !crate::drift::text::in_list(
                "change|changes|migration|rollout|work|ticket",
                w(i + 1),
            )
    }) && (word_in(words, start, BUILD_VERBS)
        || word_in(words, start, "the|this|our|its"));
    opens
        || (0..words.len()).any(|i| {
            (word_in(words, i, BUILT_THINGS) && word_in(words, i + 1, "that|which|where|whose|so"))
                || acts_on_text(words, i)
        })
}

/// A count per section said as a bound on any one of them ("no more than two under any one
/// section").
const ANY_ONE_SECTION: &str = "any one section|any single section|under any section|in any section|any one heading|under any heading";

/// Whether a (lowercased) clause says a count's number: "five" for "at most 5" (stored as fewer
/// than 6), within one of the number as stored.
fn says_count(clause: &str, rule: &Rule) -> bool {
    rule.count_number().is_some_and(|n| {
        ws_of(clause)
            .iter()
            .filter_map(|w| number(w))
            .any(|k| k.abs_diff(n) <= 1)
    })
}

/// Nouns for the reply itself ("your reply", "the whole response").
fn reply_noun(w: &str) -> bool {
    crate::drift::text::in_list(
        "reply|replies|response|responses|answer|answers|report|output|message",
        w,
    )
}

/// Whether words open a relative clause that puts a text in a place other than the reply: "(the
/// answer) you paste into the FAQ", "(the text) we post on the status page".
fn put_elsewhere(ws: &[&str]) -> bool {
    let at = |j: usize| ws.get(j).copied().unwrap_or_default();
    let det = crate::drift::text::in_list("the|your|our|a", at(3));
    let place = at(3 + usize::from(det));
    crate::drift::text::in_list("you|we", at(0))
        && crate::drift::text::in_list("paste|put|add|post|insert|place|write|publish", at(1))
        && crate::drift::text::in_list("into|in|to|on", at(2))
        && !place.is_empty()
        && !names_the_answer(place)
}

/// Nouns that name the answer itself (or its whole text) as a sentence's subject.
pub(super) fn names_the_answer(w: &str) -> bool {
    reply_noun(w)
        || crate::drift::text::in_list("result|writeup|everything|thing|doc|document|draft|attempt_completion|completion|content", w)
}

/// Nouns that name a rule rather than a part: "the word limit is 100", "the format must be
/// JSON", "the tone should be calm".
fn names_a_rule(w: &str) -> bool {
    crate::drift::text::in_list("limit|limits|length|maximum|max|minimum|cap|format|formatting|tone|style|language|rule|rules|constraint|constraints|count|total|whole|entire|phrase|phrases|word|words|term|terms|letter|letters|priority|priorities|goal|task|job|aim|objective|requirement|instruction", w)
}

/// Whether a sentence opens with a noun phrase naming something other than the answer as the
/// subject of its rule: "The PR description must be under 150 words", "The slogan must be in
/// ALL CAPS", "Each commit subject should …", "the first line of your reply is …". The answer
/// may hold more than that part (notes, other deliverables), so the rule cannot be checked on
/// the whole of it; "Your reply must …", "The output should …", "The word limit is …" still
/// state the answer's rule.
/// The words right after a verb of writing ("Write a limerick", "compose the ad copy"): the
/// things the answer is asked to be, so a rule placed "in the limerick" is the answer's.
pub(super) fn asked_for(message: &str) -> Vec<String> {
    let lower = message.to_ascii_lowercase();
    let ws = words_at(&lower);
    let mut out = Vec::new();
    for (i, (_, x)) in ws.iter().enumerate() {
        if crate::drift::text::in_list(
            "write|compose|draft|create|generate|produce|give|make|rewrite|prepare|craft|come",
            x,
        ) {
            out.push_all(ws.iter().skip(i + 1).take(4).map(|(_, w)| (*w).to_string()));
        }
    }
    // "Review PR #418 …", "Plan the migration …": the answer is the review, the plan.
    if let Some((_, w @ ("review" | "plan"))) = ws.first() {
        out.push(w.to_string());
    }
    out
}

/// Whether a sentence asks the answer to open with something ("Start with …", "Begin with
/// …", "Lead with …").
fn opens_with_part(sentence: &str) -> bool {
    let lower = sentence.to_ascii_lowercase();
    let ws = words_at(&lower);
    let Some(first) = first_word(&ws) else {
        return false;
    };
    let at = if word_is(&ws, first, "please") {
        first + 1
    } else {
        first
    };
    word_in(&ws, at, "start|begin|open|lead") && word_is(&ws, at + 1, "with")
}

/// Whether a sentence's rule is said of a part of the answer or another deliverable (its
/// subject, a label, a stressed place) or under a condition: not checkable on the whole answer.
pub(super) fn rule_elsewhere(sentence: &str, asked: &[String]) -> bool {
    in_another_part(sentence, asked)
        || subject_of(sentence, asked) != Subject::Answer
        || conditional(&words_at(&sentence.to_ascii_lowercase()))
        || not_now(sentence)
}

/// Whether a sentence names a piece of text other than the answer that a case rule could be
/// about ("these headers … all caps", "the commit message … entirely lowercase").
fn names_a_text_object(sentence: &str) -> bool {
    words_at(&sentence.to_ascii_lowercase())
        .iter()
        .any(|(_, w)| {
            crate::drift::text::in_list("heading|headings|header|headers|title|titles|label|labels|button|buttons|subject|commit|tag|tags|slogan|headline|column|columns|field|fields|identifier|identifiers|variable|variables|branch|filename|filenames|acronym|acronyms|template|templates|files|annotation|annotations", w)
        })
}

/// Whether a sentence places its rule in something other than the answer as a whole: "don't
/// use the word X anywhere in the README", "no code blocks in the explanation itself", "in the
/// description don't use …". The answer may hold that part beside notes that need not keep the
/// rule. The answer's own shape ("in a single paragraph", "in all lowercase", "in JSON", "in
/// your own words") is no part.
fn in_another_part(sentence: &str, asked: &[String]) -> bool {
    let lower = sentence.to_ascii_lowercase().replace("write-up", "writeup");
    // "Under "Risks", no more than 3 bullets": a section named in quotes or bold, opening the
    // sentence.
    let opening = lower.trim_start_matches(&['-', '*', ' ', '\t'][..]);
    if let Some(rest) = super::text::strip_any(opening, "under |in |within |inside |for ") {
        let rest = rest.trim_start_matches(&['*', ' '][..]);
        if rest.starts_with(&['"', '`', '\u{201c}', '\''][..]) {
            return true;
        }
    }
    let ws = words_at(&lower);
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    let first = first_word(&ws);
    (0..ws.len()).any(|i| {
        // Only where the place is stressed: "anywhere in the README", "throughout the entry",
        // "in the explanation itself" ("in the US", "in the song" name a topic or the text asked
        // for).
        // A place the sentence opens with ("Within the 2.8.0 entry, use only …", "- in the
        // description don't use …") is where its rule holds.
        let opens = first == Some(i);
        let stressed =
            (word_is(&ws, i, "in") && i > 0 && word_is(&ws, i - 1, "anywhere")) || word_is(&ws, i, "throughout") || opens;
        let itself = (i + 2..i + 6).any(|j| word_is(&ws, j, "itself"));
        // "no code at all in this part": a part of a list in the message.
        // "no code at all in this part", "… in Marta's part", "in the part for Marta": one part
        // of the reply.
        let part = |j: usize| word_in(&ws, j, "part|section");
        if artefact_at(&ws, i, asked)
            || (word_is(&ws, i, "in")
                && ((word_in(&ws, i + 1, "this|that") && part(i + 2))
                    || (w(i + 1).ends_with("'s") && part(i + 2))
                    || (word_is(&ws, i + 1, "the") && part(i + 2) && word_in(&ws, i + 3, "for|to"))))
        {
            return true;
        }
        if !(word_in(&ws, i, "in|within|inside|throughout") && (stressed || itself)) {
            return false;
        }
        // "in your limerick", "in your essay": the answer is that text.
        if !word_in(&ws, i + 1, "the|a|an|this|that|each|every|any|its")
        {
            return false;
        }
        // The phrase: up to three words, within the clause.
        let mut noun: Vec<&str> = Vec::new();
        for j in i + 2..i + 5 {
            let (Some(prev), Some(cur)) = (ws.get(j - 1), ws.get(j)) else {
                break;
            };
            let gap = lower.get(prev.0 + prev.1.len()..cur.0).unwrap_or_default();
            if gap.contains(&[',', ';', ':', '.', '(', ')', '-', '\u{2014}'][..])
                || crate::drift::text::in_list("of|and|or|but|to|for|with|as", cur.1)
            {
                break;
            }
            noun.push(cur.1);
        }
        // "Write the article. … anywhere in the text": the text asked for ("the policy text",
        // "the alert text" name another; so does "the text" of a message that asks for none,
        // "Tidy docs/setup.md. … anywhere in the text", which a report on it need not hold).
        if noun.is_empty() || (noun == ["text"] && !asked.is_empty()) {
            return false;
        }
        if noun
            .iter()
            .any(|x| crate::drift::text::in_list("person|voice|tense", x) || asked.iter().any(|a| a == x))
        {
            return false;
        }
        if crate::drift::text::any_word_in(&noun, "first|last|second|third|opening|closing|final") {
            return true;
        }
        !noun.iter().any(|head| {
            let head = head.strip_suffix("'s").unwrap_or(head);
            names_the_answer(head)
                || names_a_rule(head)
                || crate::drift::text::in_list("summary|range|total|interest|spirit|light|event|absence|response's|reply's|chat|thread|conversation|this|paragraph|paragraphs|sentence|sentences|line|lines|list|table|block|way|form|manner|order|case|end|meantime|future|past|same|words|own|voice|tone|style|language|json|markdown|yaml|lowercase|uppercase|caps|letters|bullet|bullets|points|single|one|two|three", head)
        })
    })
}

/// Whether word `i` places a rule in a thing besides the report that a delegation has its
/// child write, which needs no stress: "no emojis in the commit message", "don't use 'simple'
/// in the docstrings".
fn artefact_at(ws: &[(usize, &str)], i: usize, asked: &[String]) -> bool {
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    // "in the commit message", "in commit messages".
    let det = word_in(ws, i + 1, "the|a|an|each|every|any|your");
    let from = i + 1 + usize::from(det);
    let to = if det { i + 4 } else { from + 1 };
    word_in(ws, i, "in|within|inside")
        && (from..to).map(w).any(|x| {
            // Without a determiner, a plural ("in docstrings") or "commit message(s)".
            // "In UI strings, never say …" too.
            let bare = !det
                && (crate::drift::text::in_list("docstrings|templates|strings", x)
                    || (x == "ui"
                        && word_in(ws, from + 1, "strings|text|copy|labels")));
            let commit = x == "commit" && w(from + 1).starts_with("message");
            (bare
                || commit
                || det
                    && crate::drift::text::in_list("commit|pr|changelog|docstring|docstrings|comments|branch|filename|filenames|ticket|tweet|template|templates|faq|slack|ui|string|strings|notification|notifications|alert|tooltip|toast|sms", x))
                && !asked.iter().any(|a| a == x)
        })
}

/// Whether a sentence places its rule in the very text the message asks for ("Write the commit
/// message … No emojis in the commit message"): a reply that pastes it in a fenced block beside
/// words of its own holds the rule in the paste.
pub(super) fn in_the_asked(sentence: &str, asked: &[String]) -> bool {
    let lower = sentence.to_ascii_lowercase();
    let ws = words_at(&lower);
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    (0..ws.len()).any(|i| {
        word_in(&ws, i, "in|within|inside")
            && word_in(&ws, i + 1, "the|your")
            && (i + 2..i + 4).any(|j| asked.iter().any(|a| a == w(j)))
    })
}

/// Whether a sentence places its rule in a thing the child writes besides its report
/// ([`artefact_at`]).
pub(super) fn in_an_artefact(sentence: &str, asked: &[String]) -> bool {
    let lower = sentence.to_ascii_lowercase();
    let ws = words_at(&lower);
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    // Or as the subject: "Commit messages must not contain emojis".
    let subject = {
        let f = first_word(&ws).unwrap_or(0);
        let f = f + usize::from(
            ws.get(f)
                .is_some_and(|x| crate::drift::text::in_list("the|all|your", x.1)),
        );
        matches!(
            (w(f), w(f + 1)),
            ("commit", "message" | "messages") | ("subject", "line" | "lines")
        )
    };
    // Or strings the code writes, as the subject ("Log lines must stay ASCII, no emojis") or
    // the object of "keep" ("Keep every new log message plain ASCII"), not a topic ("when you
    // summarize the log lines").
    let keep = crate::drift::text::in_list("keep|make", w(first_word(&ws).unwrap_or(0)));
    let printed = (0..ws.len().min(6)).any(|i| {
        let pair = (word_in(&ws, i, "log|logging|console")
            && word_in(&ws, i + 1, "string|strings|line|lines|message|messages"))
            || (word_is(&ws, i, "string") && word_is(&ws, i + 1, "literals"));
        let modal = (i + 2..i + 5).any(|j| {
            word_in(
                &ws,
                j,
                "must|mustn't|should|shouldn't|cannot|can't|need|may",
            )
        });
        pair && (keep || modal)
    });
    // "Draft the commit message too - no emojis in it": the commit message named before.
    let in_it = (0..ws.len()).any(|i| {
        word_is(&ws, i, "in")
            && word_in(&ws, i + 1, "it|them")
            && (0..i).any(|j| word_is(&ws, j, "commit") && w(j + 1).starts_with("message"))
    });
    subject || printed || in_it || (0..ws.len()).any(|i| artefact_at(&ws, i, asked))
}

#[derive(Debug, PartialEq)]
enum Subject {
    /// The answer, or no subject (an imperative).
    Answer,
    /// "The first line of your reply …": a part of the answer that can be found.
    LineOfAnswer,
    /// A part of the answer, or another thing it delivers.
    Other,
}

/// The subject of a sentence's rule ([`another_subject`]); a leading label ("Format:",
/// "- Push:") is passed over.
fn subject_of(sentence: &str, asked: &[String]) -> Subject {
    let lower = sentence.to_ascii_lowercase().replace("write-up", "writeup");
    // "Our style guide says customer-facing UI strings must not …": the subject is what the
    // source says it of.
    let lower = match lower.find_str(" says ") {
        Some(i)
            if lower
                .get(..i)
                .is_some_and(|h| h.split_whitespace().count() <= 4) =>
        {
            lower
                .get(i + " says ".len()..)
                .map(|r| r.strip_prefix("that ").unwrap_or(r).to_string())
                .unwrap_or(lower)
        }
        _ => lower,
    };
    // "The customer email, which Sam is writing separately, must not …": the subject without
    // its relative clause.
    let lower = match lower
        .find_str(", which ")
        .or_else(|| lower.find_str(", who "))
    {
        Some(i) => match lower.get(i + 2..).and_then(|r| r.find(',')) {
            Some(j) => format!(
                "{}{}",
                lower.get(..i).unwrap_or_default(),
                lower.get(i + 3 + j..).unwrap_or_default()
            ),
            None => lower,
        },
        None => lower,
    };
    let ws = words_at(&lower);
    let first = first_word(&ws).unwrap_or(0);
    // "Format: the first line …": up to three words, then a colon.
    let label_end = (first..first + 3).find(|&i| {
        // "**Root cause** — no more than two sentences", "Executive summary — …": a dash too.
        ws.get(i).is_some_and(|(at, x)| {
            lower.get(at + x.len()..).is_some_and(|r| {
                let r = r.trim_start_matches('*');
                r.starts_with(':')
                    || r.starts_with(" \u{2014} ")
                    || r.starts_with(" \u{2013} ")
                    || r.starts_with(" - ")
            })
        })
    });
    let (label, words) = match label_end {
        Some(i) => (
            ws.get(first..=i).unwrap_or_default(),
            ws.get(i + 1..).unwrap_or_default(),
        ),
        None => (&[][..], &ws[..]),
    };
    // A label naming a part ("Push:", "Title:", "Subject line:") is that part's rule; one
    // naming the rule ("Format:", "Constraints:", "Note:") is not.
    // A label is a name ("Push:", "Subject line:"), not a clause ("Respond in German:").
    let clause = label.iter().any(|(_, x)| {
        crate::drift::text::in_list("no|not|never|don't|dont|do|avoid|only|always|must|should|all|any|each|every|in|to|with|for|on|at|by|as|respond|reply|write|answer|use|keep|make|return|give|be|is|are|please", x)
            // Who says the rule: "Legal says: …", "Priya wants: …".
            || crate::drift::text::in_list("says|said|asks|asked|wants|wrote|writes|adds|insists|requires|reminds|applies|apply", x)
    });
    // The label heads one sentence: "sentry: hydration mismatch. no code in the reply" runs on
    // past its first sentence (a lowercase chat line the splitter keeps whole).
    let plain = "incl. |e.g. |i.e. |etc. |approx. |vs. |min. |max. "
        .split('|')
        .fold(lower.clone(), |t, a| t.replace(a, " "));
    let one_sentence = !plain
        .trim_end()
        .trim_end_matches(&['.', '!', '?'][..])
        .has(". ");
    let label_names_a_part = !clause
        && one_sentence
        && label.last().is_some_and(|(_, x)| {
            !names_a_rule(x)
                && !names_the_answer(x)
                // The answer's layout: "Required headings: …", "Sections: …".
                // Who or why the rule is for: "Terminology: never say …", "Legal: …".
                && !crate::drift::text::in_list("note|notes|important|constraint|constraints|requirements|requirement|nb|reminder|also|edit|update|ps|input|task|request|instruction|instructions|prompt|question|context|goal|ask|deliverable|deliverables|scope|criteria|guidelines|tip|hint|warning|remember|critical|crucial|mandatory|required|attention|budget|caveat|headings|sections|terminology|wording|vocabulary|policy|legal|compliance|privacy|confidentiality|nda|brand|correction|convention|conventions|guideline|standard|standards|glossary|usage|marketing|guidance|accessibility", x)
                // "Style guide:" names the rule book; "Migration guide:" is a part.
                && (*x != "guide"
                    || !label.iter().rev().nth(1).is_some_and(|(_, p)| {
                        crate::drift::text::in_list("style|brand|house|writing|voice|tone", p)
                    }))
        })
        // "Update from Luc: …", "Correction from legal: …": who changes the rule (not "Change
        // list:", a part).
        && !(label.first().is_some_and(|(_, x)| {
            crate::drift::text::in_list("update|correction|edit|note|addendum|change", x)
        }) && label.get(1).is_some_and(|(_, x)| crate::drift::text::in_list("from|by|of", *x)));
    if label_names_a_part {
        // "First line: only `yes` or `no`": a line of the answer.
        if matches!(label, [.., (_, "first" | "last"), (_, "line")]) {
            return Subject::LineOfAnswer;
        }
        return Subject::Other;
    }
    another_subject(&lower, words, asked)
}

fn another_subject(lower: &str, words: &[(usize, &str)], asked: &[String]) -> Subject {
    let w = |i: usize| words.get(i).map_or("", |x| x.1);
    let mut start = first_word(words).unwrap_or(0);
    while word_in(words, start, "please|also|and|but|note") {
        start += 1;
    }
    if !crate::drift::text::in_list(
        "the|this|that|these|those|our|its|their|each|every|any|all|both|your",
        w(start),
    ) {
        // A bare plural of a thing written besides the answer: "PR titles must not …",
        // "Commit messages must …", "Branch names should …".
        let bare = (start + 1..start + 7)
            .find(|&i| {
                word_in(words, i, "must|mustn't|should|shouldn't|can't|cannot")
            })
            .is_some_and(|m| {
                (m < start + 4 && (word_in(words, m - 1, "titles|messages|headings|names|tags|labels|comments|docstrings|subjects|strings")
                    // "banner text must be ALL CAPS" (a text with a name: not "Text must …").
                    || (m == start + 2 && word_is(words, m - 1, "text"))))
                    // "Slack handles in the YAML must be …": things in a place, not the reply
                    // (not "Incident banners in the app must …" before "Write the banner").
                    || (!(start..m).any(|k| {
                        let x = w(k);
                        asked.iter().any(|a| a == x || x.strip_suffix('s') == Some(a))
                    }) && (start + 1..m).any(|i| {
                        word_in(words, i, "in|inside|within")
                            && w(i - 1).ends_with('s')
                            && word_in(words, i + 1, "the|each|every|any|all")
                            && (i + 2..m).all(|k| !names_the_answer(w(k)))
                    }))
                    // "Customer-facing text on the stock pages must not …": a text in a place.
                    || (start + 1..m).any(|i| {
                        word_in(words, i, "text|copy|wording")
                            && word_in(words, i + 1, "on|in")
                            && word_is(words, i + 2, "the")
                            && !(i + 3..m).any(|k| names_the_answer(w(k)))
                    })
            });
        // "First line of your report must be …": a line of the answer.
        if word_in(words, start, "first|last|final") && word_is(words, start + 1, "line") {
            return Subject::LineOfAnswer;
        }
        return if bare {
            Subject::Other
        } else {
            Subject::Answer
        };
    }
    // "The opening paragraph of your reply is posted as is, so it must …": a part of the
    // answer, whatever verb follows.
    if word_in(words, start + 1, "first|last|opening|closing|final")
        && word_in(words, start + 2, "line|sentence|paragraph|section")
        && word_is(words, start + 3, "of")
        && word_in(words, start + 4, "your|the|this")
        && names_the_answer(w(start + 5))
    {
        return Subject::LineOfAnswer;
    }
    // "The answer you paste into the FAQ must …": a text put in another place, not the reply.
    if (start + 2..start + 4).any(|i| {
        names_the_answer(w(i - 1)) && put_elsewhere(&[w(i), w(i + 1), w(i + 2), w(i + 3), w(i + 4)])
    }) {
        return Subject::Other;
    }
    let Some(modal) = (start + 1..start + 7).find(|&i| {
        crate::drift::text::in_list(
            "must|mustn't|should|shouldn't|shall|needs|has|is|are|will|can|cannot|can't|may",
            w(i),
        )
    }) else {
        return Subject::Answer;
    };
    // A quoted text in the phrase ("The phrase \"Any questions?\" should end …") is what the
    // rule is about, not a part.
    let span = lower
        .get(words.get(start).map_or(0, |x| x.0)..words.get(modal).map_or(0, |x| x.0))
        .unwrap_or_default();
    if span.contains(&['"', '`', '\u{201c}'][..]) {
        return Subject::Answer;
    }
    // A verb or a clause inside the phrase ("the team that owns it is …") makes it no plain
    // noun phrase.
    let phrase: Vec<&str> = (start + 1..modal).map(w).gather();
    if phrase.is_empty()
        || phrase.iter().any(|x| {
            crate::drift::text::in_list("that|which|who|you|we|i|it|they", x) || number(x).is_some()
        })
    {
        return Subject::Answer;
    }
    // "All times must be 24-hour HH:MM", "Every date should be ISO": the forms written in
    // the answer.
    if word_in(words, start, "all|every")
        && matches!(phrase.as_slice(), [x] | ["clock", x] if crate::drift::text::in_list("times|time|dates|date|amounts|figures|numbers|prices|timestamps", x))
    {
        return Subject::Answer;
    }
    // "The first line of the SMS must be in all caps" after "Draft the SMS": a line of the
    // text asked for.
    let of_asked = phrase.iter().position(|x| *x == "of").is_some_and(|i| {
        let at = |j: usize| phrase.get(j).copied().unwrap_or_default();
        i >= 2
            && crate::drift::text::in_list("first|last|opening|closing|final", at(i - 2))
            && crate::drift::text::in_list("line|sentence|paragraph", at(i - 1))
            && phrase
                .get(i + 1..)
                .unwrap_or_default()
                .iter()
                .any(|x| asked.iter().any(|a| a == x))
    });
    if of_asked {
        return Subject::LineOfAnswer;
    }
    // "The poem must have a title" after "Write a poem": the answer is that text. "The word
    // lamp should appear …", "The letter w …": the phrase names what the rule counts.
    if phrase
        .iter()
        .any(|x| names_a_rule(x) || asked.iter().any(|a| a == x))
    {
        return Subject::Answer;
    }
    // "the first line of your reply": the head is the word before "of", the whole it is of
    // the word after it.
    let of = phrase.iter().position(|x| *x == "of");
    let head = match of {
        Some(0) => return Subject::Answer,
        Some(i) => phrase.get(i - 1).copied().unwrap_or(""),
        None => phrase.last().copied().unwrap_or(""),
    };
    let whole = of.and_then(|i| phrase.get(i + 1..)).unwrap_or_default();
    let of_answer = whole.last().is_some_and(|x| names_the_answer(x));
    let part_word = |x: &str| crate::drift::text::in_list("first|last|opening|closing|final", x);
    // "Your summary must …", "your text should …": the answer, unless a part of it is named.
    if word_is(words, start, "your")
        && of.is_none()
        && !phrase.iter().any(|x| {
            part_word(x)
                || crate::drift::text::in_list("line|section|title|commit|heading|subject|paragraph|bullet|intro|introduction|conclusion|tagline|headline|signature", x)
        })
    {
        return Subject::Answer;
    }
    if phrase.iter().any(|x| part_word(x)) {
        // "Your final report must …" names the answer; "the last line of your reply" a line
        // of it.
        if names_the_answer(head) && of.is_none() {
            return Subject::Answer;
        }
        return if (of_answer || of.is_none())
            && crate::drift::text::in_list("line|sentence|word|words|paragraph", head)
        {
            Subject::LineOfAnswer
        } else {
            Subject::Other
        };
    }
    // "The commit message must …", "the PR description should …": a message, but not this one.
    let artefact =
        crate::drift::text::any_word_in(&phrase, "commit|pr|slack|email|changelog|tweet");
    if (names_the_answer(head) && !artefact) || names_a_rule(head) {
        Subject::Answer
    } else {
        Subject::Other
    }
}

/// Whether a sentence states a rule that does not hold now: a habit taken back ("Usually I ask
/// for under 150 words — not this time") or a template's placeholder ("<under 60 words>").
fn not_now(sentence: &str) -> bool {
    let lower = sentence.to_ascii_lowercase();
    let t = lower.trim().trim_start_matches(&['-', '*', ' '][..]);
    super::text::contains(&lower, "not this time")
        || super::text::contains(&lower, "not for this one")
        // "Normally every report needs a `Risks` section, but skip it for docs-only changes".
        || has_any_in(
            &format!(" {} ", ws_of(&lower).join(" ")),
            " but skip it | but skip that | but omit it | but leave it out | but drop it | but you can skip it | but you can omit it | but you can drop it ",
        )
        // "Last round I asked you to keep it to max 50 words; ignore that".
        || super::text::contains(&lower, "last round")
        || super::text::contains(&lower, "last time i asked")
        // "For the last report I asked you to stay under 50 words; for this one there is no
        // limit".
        || has_any_in(&lower, "for the last report|last report i asked|previously i asked")
        // "… last week's report used headings …, but organise this one however you think".
        || has_any_in(&lower, "organise this one however|organize this one however|organise it however|organize it however|structure this one however|structure it however")
        || (t.starts_with('<') && t.trim_end_matches('.').ends_with('>'))
        || (t.starts_with('[') && t.trim_end_matches('.').ends_with(']'))
}

/// Whether a sentence states its rule under a condition ("If everything passes, keep your reply
/// under 150 words", "Should a test fail, …", "Unless …"): whether the condition held is not
/// known from the text, and silence is better than a guess.
fn conditional(words: &[(usize, &str)]) -> bool {
    let w = |i: usize| words.get(i).map_or("", |x| x.1);
    let mut start = first_word(words).unwrap_or(0);
    while word_in(words, start, "and|but|also|only|note|otherwise|then") {
        start += 1;
    }
    // ("once" is read as "1 times" by the sentence scan, and "1" is no word to `first_word`.)
    let opener = match (start.checked_sub(1).map(w), w(start)) {
        (Some("1"), "times") => "once",
        (_, x) => x,
    };
    // "Should a test fail, …" (not "Should not exceed 150 words", a requirement).
    let should_if = word_is(words, start, "should")
        && crate::drift::text::in_list(
            "a|an|the|any|there|it|this|you|we|anything|something",
            w(start + 1),
        );
    // "If anything is unclear, ask at most one question": the bound holds either way.
    let asks = || {
        (0..words.len()).any(|i| word_is(words, i, "ask"))
            && (0..words.len()).any(|i| word_in(words, i, "question|questions"))
    };
    (word_in(words, start, "if|unless|whenever|otherwise") && !asks())
        || should_if
        // "Reply in under 50 words if everything is intact; if you find loss, explain fully
        // instead": two branches, the reply's own telling which one holds.
        || ((0..words.len()).filter(|&i| word_is(words, i, "if") && w(i.saturating_sub(1)) != "even").count() >= 2
            && (0..words.len()).any(|i| word_in(words, i, "instead|otherwise")))
        // "Later, when I ask for the summary, that one must be …": a text still to come (not
        // "later today", "later readers").
        || (word_is(words, start, "later") && word_in(words, start + 1, "when|once|if"))
        || (word_is(words, start, "in") && word_is(words, start + 1, "case"))
        // "Once she approves it, we'll cut it down to under 150 words": the requester's own
        // later edit.
        || (crate::drift::text::in_list("when|once|after", opener)
            && (start + 1..words.len()).any(|i| {
                word_in(words, i, "we'll|i'll|they'll")
                    && word_in(words, i + 1, "cut|trim|shorten|condense")
            }))
        // "When you later update the user docs, avoid …": a later task's rule.
        || (crate::drift::text::in_list("when|once", opener)
            && (start + 1..start + 4).any(|i| word_in(words, i, "later|next|eventually|afterwards")))
        // "For any lot that has no lab result yet, include …": items the reply may not have.
        || (word_is(words, start, "for")
            && word_in(words, start + 1, "any|each|every")
            && (start + 2..start + 5).any(|i| word_in(words, i, "that|which|whose|without|where|with")))
}

/// Whether a line of a message describes a thing the task builds or one of its fields (see
/// [`describes_a_built_thing`] and [`field_note`]), its count at byte `at` of the lowercased line
/// being no limit on the answer: for the older format reading in `constraints.rs`.
pub(super) fn bounds_a_built_thing(lower: &str, at: usize) -> bool {
    describes_a_built_thing(&words_at(lower)) || field_note(lower, at)
}

/// Verbs of what a piece of code does to text, as a thing's behaviour states them.
const TEXT_OPERATIONS: &str =
    "cut|truncate|trim|shorten|clip|cap|limit|reject|accept|return|print|output|emit|split|wrap";

/// "It should cut the input to at most 50 words", "they must reject titles over 80
/// characters": a pronoun standing for the thing built, a modal, and what it does to text (an
/// instruction to the answerer is an imperative, "cut it to 50 words", with no subject).
fn acts_on_text(words: &[(usize, &str)], i: usize) -> bool {
    word_in(words, i, "it|they")
        && word_in(words, i + 1, "should|must|will|shall")
        && word_in(words, i + 2, TEXT_OPERATIONS)
}

/// Whether the clause bans the commas named by word `k`: a negation ("do not", "never", "no",
/// "without", "avoid", "refrain from") with only verbs of writing and fillers between it and the
/// word ("refrain from the use of any commas", "do not use semicolons or commas"), or one after it
/// ("commas are not allowed"). A count ("no more than 3 commas"), another verb ("don't write a
/// list; use commas"), or a comma or colon between them leaves it unread.
fn bans_commas(lower: &str, words: &[(usize, &str)], k: usize) -> bool {
    const BETWEEN: &str = "use|using|used|any|a|single|the|of|from|include|including|contain|containing|put|putting|add|adding|have|having|type|write|writing|allowed|permitted|to|be|should|must|will|can|you|your|even|one|or|and|nor|semicolons|semicolon|colons|dashes|hyphens|periods|exclamation|marks|ever";
    let at = words.get(k).map_or(0, |x| x.0);
    for j in (k.saturating_sub(8)..k).rev() {
        let cue =
            negation_at(words, j) || word_in(words, j, "no|without|avoid|avoiding|refrain|zero");
        if cue {
            let between = lower
                .get(words.get(j).map_or(0, |x| x.0)..at)
                .unwrap_or_default();
            return !between.contains(&[',', ';', ':', '('][..]);
        }
        if !word_in(words, j, BETWEEN) {
            return false;
        }
    }
    // "Commas are not allowed", "commas must never be used", "commas are forbidden".
    let tail = lower.get(at..).unwrap_or_default();
    let clause = tail
        .split(&[',', ';', ':', '.', '!', '?'][..])
        .next()
        .unwrap_or_default();
    let after = words_at(clause);
    let mut negated = false;
    for j in 1..after.len().min(6) {
        match after.get(j).map_or("", |x| x.1) {
            "are" | "is" | "must" | "should" | "will" | "may" | "can" | "be" => {}
            "forbidden" | "prohibited" | "banned" | "disallowed" => return true,
            "allowed" | "permitted" | "used" | "accepted" | "included" => return negated,
            _ if negation_at(&after, j) => negated = true,
            _ => return false,
        }
    }
    false
}

/// Whether a negation governs the bound whose words start `i` words before `words[k - 1]` (the
/// number): `Some(true)` for "no"/"nothing" right before it or "not"/"n't"/"never"/"cannot"
/// with only auxiliaries, length verbs and fillers between ("don't use more than", "should not
/// contain fewer than", "cannot be more than", "make sure not to go below"); `Some(false)` when
/// none is in the clause (a "no" farther back negates its own noun: "with no dialogue in under
/// 200 words"); `None` when a negation governs another verb in between ("don't forget to write
/// more than", "it is not necessary to write more than") or stands far back in the clause
/// ("don't write fewer than 100 words or more than 200"): unclear, so unread.
fn negated(text: &str, words: &[(usize, &str)], k: usize, i: usize) -> Option<bool> {
    const BETWEEN: &str = "be|use|write|contain|have|include|give|go|make|produce|type|it|its|any|anything|your|the|answer|response|reply|should|must|can|will|to|do";
    let w = |j: usize| {
        k.checked_sub(1 + j)
            .and_then(|x| words.get(x))
            .map_or("", |x| x.1)
    };
    let number_at = words.get(k - 1).map_or(0, |x| x.0);
    for j in i.. {
        if k <= j {
            break;
        }
        let x = w(j);
        // The clause ends at punctuation.
        let end = words.get(k - 1 - j).map_or(0, |(a, x)| a + x.len());
        if text
            .get(end..number_at)
            .is_some_and(|gap| gap.contains(&[',', ';', ':', '.', '!', '?', '('][..]))
        {
            break;
        }
        if j == i && crate::drift::text::in_list("no|nothing", x) {
            return Some(true);
        }
        // "and"/"but" start another clause ("don't ramble and write less than 100 words"); "no
        // need to write more than" permits, it does not bound.
        if crate::drift::text::in_list("and|but", x) {
            break;
        }
        if x == "no" && j > i && w(j - 1) == "need" {
            return None;
        }
        // Farther back in the clause a negation may still govern the bound ("don't write fewer
        // than 100 words or more than 200 words"): unclear, so unread.
        if j >= i + 6 {
            if negation_at(words, k - 1 - j) {
                return None;
            }
            continue;
        }
        if negation_at(words, k - 1 - j) {
            return if (i..j).all(|b| crate::drift::text::in_list(BETWEEN, w(b))) {
                Some(true)
            } else {
                None
            };
        }
    }
    Some(false)
}

/// The relation and bound written just before position `k` of `words` ("at least 300",
/// "less than 10", "exactly 3", "300+", "300 or more", "no more than 5", "at most 5"), read with
/// a negation that governs it ("don't use more than 3"); `None` where it cannot be read.
fn bound(text: &str, words: &[(usize, &str)], k: usize) -> Option<(Rel, usize)> {
    let w = |i: usize| words.get(i).map(|x| x.1).unwrap_or("");
    // "<n> or more <noun>" / "<n> or fewer <noun>"
    if k >= 3 && word_is(words, k - 2, "or") {
        if let Some(n) = number(w(k - 3)) {
            // Negated from before the number: "do not use 3 or more sentences".
            let not = negated(text, words, k - 2, 1)?;
            return match (w(k - 1), not) {
                ("more", false) | ("fewer" | "less", true) => Some((Rel::AtLeast, n)),
                ("fewer" | "less", false) => Some((Rel::LessThan, n + 1)),
                ("more", true) => Some((Rel::LessThan, n)),
                _ => None,
            };
        }
    }
    let n = number(w(k.checked_sub(1)?))?;
    if w(k - 1).ends_with('+') {
        // "don't write 500+ words"
        return if negated(text, words, k, 1)? {
            Some((Rel::LessThan, n))
        } else {
            Some((Rel::AtLeast, n))
        };
    }
    let before = |i: usize| if k > i { w(k - 1 - i) } else { "" };
    let not = |i: usize| negated(text, words, k, i);
    let rel = match (before(2), before(1)) {
        ("at", "least") | ("no", "less") | ("no", "fewer") | (_, "minimum") | ("minimum", "of") => {
            // "don't write at least 300 words" says nothing clear.
            if not(3)? {
                return None;
            }
            (Rel::AtLeast, n)
        }
        ("at", "most")
        | ("no", "more")
        | (_, "maximum" | "max")
        | ("maximum", "of")
        | ("up", "to") => (Rel::LessThan, n + 1),
        ("more", "than") => {
            if not(3)? {
                (Rel::LessThan, n + 1)
            } else {
                (Rel::AtLeast, n + 1)
            }
        }
        (_, "over" | "exceed" | "exceeding") => {
            if not(2)? {
                (Rel::LessThan, n + 1)
            } else {
                (Rel::AtLeast, n + 1)
            }
        }
        ("less" | "fewer", "than") => {
            if not(3)? {
                (Rel::AtLeast, n)
            } else {
                (Rel::LessThan, n)
            }
        }
        // "at or under 80 words": 80 is allowed.
        ("or", "under" | "below") if before(3) == "at" => (Rel::LessThan, n + 1),
        (_, "under" | "below") => {
            if not(2)? {
                (Rel::AtLeast, n)
            } else {
                (Rel::LessThan, n)
            }
        }
        // "not only 3 sentences", "don't write exactly 3" bound nothing.
        (_, "exactly" | "only") => {
            if not(2)? {
                return None;
            }
            (Rel::Exactly, n)
        }
        _ => return None,
    };
    // "at least 300 words (and) at most …" is read per clause; "(excluding 5)" changes nothing.
    Some(rel)
}

/// Two numbers joined as a range, ending at word `j` of a word scan: "a to b", "a or b",
/// "between a and b" — not "from a to b" (a change) or "versions 1 and 2" (no "between"). With
/// the joining word.
fn range_at<'w>(words: &[(usize, &'w str)], j: usize) -> Option<(usize, usize, &'w str)> {
    let w = |i: usize| words.get(i).map_or("", |x| x.1);
    let b = number(w(j))?;
    let a = number(w(j.checked_sub(2)?))?;
    let lead = j.checked_sub(3).map_or("", w);
    let joiner = w(j - 1);
    let joined = match joiner {
        "and" => lead == "between",
        "to" => lead != "from",
        "or" => true,
        _ => false,
    };
    joined.then_some((a, b, joiner))
}

/// Bounds of a word or sentence count written around its noun, where [`bound`] reads none:
/// "100 words or less", "5 or 6 sentences", "40 to 60 sentences", "between 5 and 8 sentences",
/// "the number of words in your response should be 250 or more", "… in the range of 40 to 60".
/// A negation governing them, or one that cannot be placed, leaves them unread.
fn bounds_around(text: &str, words: &[(usize, &str)], k: usize) -> Vec<(Rel, usize)> {
    let w = |i: usize| words.get(i).map_or("", |x| x.1);
    // Whether words `a` and `b` are in one clause (no mark between).
    let joined = |a: usize, b: usize| {
        let end = words.get(a).map_or(0, |(at, x)| at + x.len());
        text.get(end..words.get(b).map_or(0, |x| x.0))
            .is_some_and(|gap| !gap.contains(&[',', ';', ':', '.', '(', ')', '!', '?'][..]))
    };
    let after_or = |j: usize, n: usize| match (w(j + 1), w(j + 2)) {
        ("or", "less" | "fewer" | "under" | "below") => Some(vec![(Rel::LessThan, n + 1)]),
        ("or", "more" | "greater" | "above" | "longer") => Some(vec![(Rel::AtLeast, n)]),
        // "two paragraphs at most", "in 2 paragraphs max", "one sentence only" (not "… max per
        // section", nor "…, max 3 lines"). Only of paragraphs, lines and sentences: bounds on
        // the other units said this way sit beside exceptions and lifts their own readers weigh.
        ("at", "most") | ("max" | "maximum" | "only", _)
            if word_in(words, k, "paragraph|paragraphs|lines|sentence|sentences")
                && joined(j, j + 1)
                // Not a quoted guidance ("ignore the old \"3 sentences max\" rule").
                && !words.get(j.saturating_sub(1)).and_then(|x| text.get(..x.0)).is_some_and(|h| h.ends_with(&['"', '\u{201c}'][..]))
                && !crate::drift::text::in_list("per|each|for|in", w(j + if word_is(words, j + 1, "at") { 3 } else { 2 })) =>
        {
            Some(vec![(Rel::LessThan, n + 1)])
        }
        _ => None,
    };
    // "a or b", "a to b", "between a and b", "range of a to b", ending at word `j`.
    let range = |j: usize| {
        range_at(words, j)
            .filter(|&(a, b, _)| a < b)
            .map(|(a, b, _)| vec![(Rel::AtLeast, a), (Rel::LessThan, b + 1)])
    };
    let clear = |j: usize| negated(text, words, j, 1) == Some(false);
    // "the 2 or 3 sentences in the README" names sentences, it does not count the answer's.
    let named = |j: usize| {
        j.checked_sub(1)
            .is_some_and(|i| word_in(words, i, "the|these|those|its|their|of"))
    };
    // The plural noun: "a 1 or 2 sentence comment" describes a comment.
    let plural = w(k).ends_with('s');
    if let Some(n) = k
        .checked_sub(1)
        .and_then(|j| number(w(j)))
        // "one paragraph only" is singular.
        .filter(|&n| plural || (n == 1 && word_in(words, k, "paragraph|sentence")))
    {
        let (b, first) = match after_or(k, n) {
            Some(b) => (Some(b), k - 1),
            None => (range(k - 1), k.saturating_sub(3)),
        };
        if let Some(b) = b {
            return if clear(k) && !named(first) {
                b
            } else {
                Vec::new()
            };
        }
    }
    // "the number of <noun> … should be <bound>", within its clause.
    if k < 2 || (w(k - 2), w(k - 1)) != ("number", "of") {
        return Vec::new();
    }
    let end = words.get(k).map_or(0, |(at, x)| at + x.len());
    for j in k + 1..(k + 14).min(words.len()) {
        let gap = text
            .get(end..words.get(j).map_or(0, |x| x.0))
            .unwrap_or_default();
        if gap.contains(&[',', ';', ':', '.', '!', '?'][..]) || word_in(words, j, "and|but") {
            break;
        }
        let Some(n) = number(w(j)) else { continue };
        return after_or(j, n)
            .or_else(|| range(j + 2).filter(|_| word_in(words, j + 1, "to|and")))
            .or_else(|| bound(text, words, j + 1).map(|b| vec![b]))
            .filter(|_| clear(j + 1))
            .unwrap_or_default();
    }
    Vec::new()
}

/// The label of the line the message puts notes to the requester under: "Put any open
/// questions for me after the notes, under a 'Questions' line".
fn notes_label(message: &str) -> Option<String> {
    let lower = message.to_ascii_lowercase();
    let i = super::text::end_of_first(&lower, "under a |below a |after a ")?;
    // Notes or questions for the requester, not a part of the text ("the breaking changes under
    // a 'Breaking changes' heading").
    let mut from = i.saturating_sub(80);
    while !lower.is_char_boundary(from) {
        from = from.saturating_sub(1);
    }
    let head = lower.get(from..i).unwrap_or_default();
    if !has_any_in(head, "for me|to me|questions|notes") {
        return None;
    }
    let rest = lower.get(i..)?;
    let q = rest
        .chars()
        .next()
        .filter(|c| matches!(c, '\'' | '"' | '`'))?;
    let (label, after) = rest.get(1..)?.split_once(q)?;
    (after.starts_any(" line| heading"))
        .then(|| label.trim().to_string())
        .filter(|l| !l.is_empty() && !l.starts_with('-'))
}

/// The text before its line that holds just `label` (as a heading, in bold, with a colon).
fn before_line(text: &str, label: &str) -> Option<String> {
    let mut at = 0;
    for line in text.split('\n') {
        let t = line
            .trim()
            .trim_start_matches(&['#', ' '][..])
            .trim_matches(&['*', '_', ':', ' '][..]);
        if at > 0 && t.eq_ignore_ascii_case(label) {
            return text.get(..at).map(str::to_string);
        }
        at += line.len() + 1;
    }
    None
}

/// Texts of two words or more the message gives to write word for word, outside a ban ("The title line
/// must be exactly `Outage report: …`", "the exact phrase 'satisfaction guarantee' may be
/// used"): where the reply writes one, a banned word in it is the message's choice.
fn given_texts(message: &str) -> Vec<String> {
    sentences(message)
        .into_iter()
        .filter(|s| {
            let l = s.to_ascii_lowercase();
            has_any_in(&l, "exactly|exact phrase|exact wording|verbatim|word for word|may be used|can be used|is allowed|are allowed")
                && !has_any_in(&l, "not |n't|never|avoid|no |without|instead of|rather than|ban|forbid")
        })
        .flat_map(|s| {
            let mut q = quoted(s);
            q.push_all(super::text::code_spans(s).into_iter().map(str::to_string));
            q
        })
        .gather()
        .kept(|t| t.trim().contains(' '))
}

/// Quoted strings ("…", '…', “…”) of a text, in order.
fn quoted(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = s.char_indices().gather();
    let mut i = 0;
    while let Some(&(at, c)) = chars.get(i) {
        let close = match c {
            '"' => '"',
            '“' => '”',
            '\'' if at == 0
                || !s[..at].ends_with(crate::drift::text::char_test(char::is_alphanumeric)) =>
            {
                '\''
            }
            _ => {
                i += 1;
                continue;
            }
        };
        let rest = s.get(at + c.len_utf8()..).unwrap_or_default();
        let end = if close == '\'' {
            // A closing quote is one not followed by a letter (not an apostrophe).
            rest.char_indices()
                .find(|&(j, ch)| {
                    ch == '\''
                        && !rest
                            .get(j + 1..)
                            .unwrap_or_default()
                            .starts_with(crate::drift::text::char_test(char::is_alphanumeric))
                })
                .map(|(j, _)| j)
        } else {
            rest.find(close)
        };
        match end {
            Some(e) => {
                let inner = rest.get(..e).unwrap_or_default();
                if !inner.trim().is_empty() && inner.len() < 300 {
                    out.push(inner.to_string());
                }
                let consumed = at + c.len_utf8() + e + close.len_utf8();
                i = chars.partition_point(|&(p, _)| p < consumed);
            }
            None => break,
        }
    }
    out
}

/// A list of words after a cue: quoted ones if any, else the comma/"and"/"or" separated words up
/// to the end of the sentence.
fn word_list(after: &str) -> Vec<String> {
    // A full stop ends the list where a space or the end follows it ("'e.g.'" is one word).
    let end = after
        .char_indices()
        .find(|&(i, c)| {
            matches!(c, '!' | '?' | ';' | '\n' | '(')
                || (c == '.'
                    && after.get(i + 1..).is_none_or(|r| {
                        r.is_empty()
                            || r.starts_with(crate::drift::text::char_test(char::is_whitespace))
                    }))
        })
        .map_or(after.len(), |(i, _)| i);
    let sentence = after.get(..end).unwrap_or_default();
    // "the words "friend" and "summer", but not "winter"": what follows a contrast is not listed.
    let lower = sentence.to_ascii_lowercase();
    let cut = crate::drift::text::first_of(
        &lower,
        " but |,but | not | except | rather than | instead of | unless ",
    )
    .unwrap_or(sentence.len());
    let sentence = sentence.get(..cut).unwrap_or(sentence);
    let q = quoted(sentence);
    if !q.is_empty() {
        return q;
    }
    let list: Vec<String> = sentence
        .split(&[',', ':'][..])
        .flat_map(|p| p.split(" and "))
        .flat_map(|p| p.split(" or "))
        .map(|p| {
            p.trim()
                .trim_matches(crate::drift::text::not_alnum_char)
                .to_string()
        })
        .gather()
        .kept(|p| !p.is_empty());
    // Only single words: a clause ("in your response") means the list was not a list.
    if list.is_empty() || list.iter().any(|w| w.contains(' ')) {
        return Vec::new();
    }
    list
}

/// Languages by name and the script each is written in ("name script|…").
const SCRIPTS: &str = "hindi devanagari|marathi devanagari|nepali devanagari|sanskrit devanagari|punjabi gurmukhi|bengali bengali|gujarati gujarati|tamil tamil|telugu telugu|kannada kannada|malayalam malayalam|thai thai|japanese japanese|korean hangul|chinese han|russian cyrillic|ukrainian cyrillic|bulgarian cyrillic|arabic arabic|persian arabic|farsi arabic|urdu arabic|hebrew hebrew|greek greek";

fn in_script(c: char, script: &str) -> bool {
    let u = c as u32;
    match script {
        "devanagari" => (0x0900..=0x097F).contains(&u),
        "gurmukhi" => (0x0A00..=0x0A7F).contains(&u),
        "bengali" => (0x0980..=0x09FF).contains(&u),
        "gujarati" => (0x0A80..=0x0AFF).contains(&u),
        "tamil" => (0x0B80..=0x0BFF).contains(&u),
        "telugu" => (0x0C00..=0x0C7F).contains(&u),
        "kannada" => (0x0C80..=0x0CFF).contains(&u),
        "malayalam" => (0x0D00..=0x0D7F).contains(&u),
        "thai" => (0x0E00..=0x0E7F).contains(&u),
        "japanese" => (0x3040..=0x30FF).contains(&u) || (0x4E00..=0x9FFF).contains(&u),
        "hangul" => (0xAC00..=0xD7AF).contains(&u) || (0x1100..=0x11FF).contains(&u),
        "han" => (0x4E00..=0x9FFF).contains(&u) || (0x3400..=0x4DBF).contains(&u),
        "cyrillic" => (0x0400..=0x04FF).contains(&u),
        "arabic" => (0x0600..=0x06FF).contains(&u) || (0xFB50..=0xFEFF).contains(&u),
        "hebrew" => (0x0590..=0x05FF).contains(&u),
        "greek" => (0x0370..=0x03FF).contains(&u),
        _ => false,
    }
}

/// Words without which a sentence states none of the constraints below: a digit or a number
/// word (counts) or a word of one of the rules.
static CUES: super::phrases::Phrases = super::phrases::Phrases::new(
    // Code or JSON alone: "Code only", "reply with only the SQL", "the query only".
    // Languages the answer may be asked in, by name and in their own words ("auf Deutsch").
    // Date formats: "write every date as YYYY-MM-DD".
    // Keys said after the message asked for JSON.
    // Word bans said with another verb ([`called_ban`]).
    // Number formats: "round all percentages to whole numbers", "counts as digits".
    "0|1|2|3|4|5|6|7|8|9|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty|fifty|hundred|once|twice|comma|lowercase|lower case|capital|uppercase|upper case|upper-case|caps|quot|<<|angular|json|p.s|postscript|end|finish|conclude|close your|close it|sign off|sign it off|sections|' section|` section|\" section|last line of your|last line|final line|first line|begin|start with|start it with|open with|open it with|start your|must start|should start|open your|must open|should open|last sentence|asterisk|******|my answer is|keyword|word|letter|language|highlight|italic|mention|avoid|include|contain|use|say|section x|paragraph x|entirely in|only in|should be in|respond in|answer in|answers in|reply in|replies in|response in|responses in|zero|eleven|heading|url|link|first person|first-person|impersonal|column|code block|code fence|bullet|single|numbered|code only|sql only|yaml only|only the|only a|just the| only,| only.| only -| only \u{2014}|english|french|german|spanish|portuguese|italian|dutch|deutsch|español|espanol|français|francais|português|portugues|italiano|yyyy-mm-dd|/yyyy|keys|don't write|do not write|never write|don't call|do not call|never call|don't name|do not name|never name|don't refer|do not refer|never refer|, never|not appear|never appear|banned|forbidden|prohibited|off-limits|decimal|percentage|percent|thousands|whole number|digits|table|sorted|sort by|sort the|sort them|sort it|ordered by|order by|ranked by|rank the|rank them|alphabetical|ascending|descending|chronological|in order of|list them by|listed by|timestamp|exclamation",
);

/// Whether a lowercased sentence holds a cue: a word cue where a word starts ("ends",
/// "3-word", "package.json"), not inside another word ("frontend", "done", "spend your"); a cue
/// of digits or marks ("3", "<<", "******") anywhere; and "json" anywhere, as format names end
/// in it ("GeoJSON", "toJSON").
fn cued(lower: &str) -> bool {
    let bytes = lower.as_bytes();
    CUES.any_where(lower, |at, cue| {
        !cue.starts_with(crate::drift::text::ascii_alpha_char)
            || cue == "json"
            || at
                .checked_sub(1)
                .and_then(|i| bytes.get(i))
                .is_none_or(|b| !b.is_ascii_alphanumeric())
    })
}

/// Words that say a ban is of a heading ("Don't use 'Summary' as a heading").
const AS_A_HEADING: &str = "as a heading|as the heading|as a section heading|as a title|as the title|as a section title|as headings";

/// Whether a rule a sentence states is read, and how: gated by its subject, part, place,
/// condition or softness, and turned into the rule it checks (the prose's words, a part's
/// count). Out of line: `parse` calls it from some forty places.
#[inline(never)]
fn admit(text: &str, rule: Rule, cx: &Admit, item: Option<String>) -> Option<(bool, Rule)> {
    if matches!(rule, Rule::Bullets(..) | Rule::ListItems(..)) && cx.list_amended() {
        return None;
    }
    let Admit {
        asked,
        code_apart,
        rest_unbounded,
        ..
    } = cx;
    let (asked, code_apart, rest_unbounded) = (asked.as_slice(), *code_apart, *rest_unbounded);
    let lower = text.to_ascii_lowercase();
    let words = ws_of(&lower);
    let said = |list: &'static str| crate::drift::text::any_word_in(&words, list);
    let soft = soft_count(text);
    // "Write in prose with no bullet points, unless more than five are affected, in which case
    // use a list": which holds turns on a condition the text cannot settle.
    if a_format_rule(&rule) && said("unless") {
        return None;
    }
    // A text the rule names (a commit subject, a PR title, an SMS) is read only where the reply
    // labels it: the gates on the rule's subject and part are for rules read on the reply.
    if matches!(
        rule,
        Rule::TitleChars(..)
            | Rule::TitleWords(..)
            | Rule::LineCase(_)
            | Rule::IfFailedHeading(_)
            | Rule::CodeBlock(_)
            | Rule::BulletStart(_)
            | Rule::YamlKeys(_)
            | Rule::SortOrder(_)
            | Rule::TimeForm(_)
            | Rule::LineChars(_)
            | Rule::CommitStartsWith(_)
            | Rule::CommitForm(_)
            | Rule::PlaceholderStyle(_)
            | Rule::HeadingForm(_)
            | Rule::TextChars { .. }
    ) {
        // Not a rule of the past ("in the old workflow the subject had to be …").
        let past = has_any_in(
            &lower,
            "had to|used to|in the old|previously|from now on|going forward",
        );
        return (!soft && !past).then_some((false, rule));
    }
    // "The tagline itself must be all lowercase", "no bullets in the notice itself": a form of
    // the thing named, not of the words written around it (bans and counts find their part).
    let form = matches!(
        rule,
        Rule::Lowercase
            | Rule::NoBullets(_)
            | Rule::NoHeadings
            | Rule::NoTables
            | Rule::NoCodeBlocks
            | Rule::NoMarkdown
    );
    if let Some(i) = lower.find_str(" itself").filter(|_| form) {
        let named = ws_of(lower.get(..i).unwrap_or_default());
        // The sentence's subject or place ("The tagline itself …", "… in the notice itself"),
        // not an exception ("except for the command itself"); a drafted message's case is
        // checked in its draft.
        let mut back = named.iter().rev();
        if back.next().is_some_and(|w| {
            !crate::drift::text::in_list(
                "reply|answer|response|report|summary|message|draft|it|this|that",
                w,
            )
        }) && back.next() == Some(&"the")
            && back
                .next()
                .is_none_or(|w| crate::drift::text::in_list("in|within|of", w))
        {
            return None;
        }
    }
    // A sentence that names the reply itself states the reply's rule; so does an ending with
    // "nothing after it" (notes after a deliverable too).
    // ("Draft the reply to the parent … The reply speaks for the school": the draft.)
    // ("Write the error message shown when … Keep the message under 20 words": the text.)
    let drafted_reply = super::text::parts("reply|message").iter().any(|noun| {
        (lower
            .trim_start()
            .starts_with(&["the ", noun, " "].concat())
            || lower.contains(&["keep the ", noun, " "].concat()))
            && super::text::parts("draft the |draft a |write the |write a ")
                .iter()
                .any(|v| {
                    cx.lower.match_indices(v).any(|(i, _)| {
                        cx.lower
                            .get(i + v.len()..)
                            .unwrap_or_default()
                            .split_whitespace()
                            .take(3)
                            .any(|w| w == *noun)
                    })
                })
    });
    // A ban names the reply in its own clause ("The commit message must not use the word X;
    // how you describe it in the rest of the report is up to you" bans it in the commit).
    // (The clause holding a banned word where the rule lists words: "Keep it factual, no
    // speculation; your reply must not use the word "blame"".)
    let listed: &[String] = match &rule {
        Rule::Forbids(l) => l,
        _ => &[],
    };
    let own = if is_ban(&rule) {
        text.split("; ")
            .find(|c| {
                let c = c.to_ascii_lowercase();
                if listed.is_empty() {
                    has_words_any(&c, "not|no|never|don't|avoid")
                } else {
                    listed.iter().any(|w| c.contains(&w.to_ascii_lowercase()))
                }
            })
            .unwrap_or(text)
    } else {
        // "No bullet lists in the Summary section; the rest of the report can use them": the
        // reply named in the clause that frees the rest.
        // ("No bullets in the email, but your reply to me can have them" too.)
        match text.split_once("; ").or_else(|| text.split_once(", but ")) {
            // ("…; your message to me around them is fine".)
            Some((rule_said, rest))
                if has_any_in(&rest.to_ascii_lowercase(), "the rest|everything else")
                    // ("…; in your message to me you can write normally".)
                    || (crate::drift::text::starts_with_any(
                        &rest.to_ascii_lowercase(),
                        "your |in your ",
                    ) && has_any_in(
                        &rest.to_ascii_lowercase(),
                        " is fine| can be | is up to you| is ok| write normally| can have | can use ",
                    )) =>
            {
                rule_said
            }
            _ => text,
        }
    };
    // "Start with a one-line `TL;DR:` under 12 words; keep the whole reply under 60 words": a
    // count with clauses of its own is said of the reply by its own clause.
    let count_clause = rule
        .is_count()
        .then(|| {
            text.split("; ").find_map(|c| {
                c.split(", and ")
                    .find(|p| says_count(&p.to_ascii_lowercase(), &rule))
            })
        })
        .flatten()
        .filter(|c| c.len() < text.len());
    let own = count_clause.unwrap_or(own);
    let own_lower: std::borrow::Cow<str> =
        count_clause.map_or(lower.as_str().into(), |c| c.to_ascii_lowercase().into());
    let said_own = |list: &'static str| has_words_any(&own_lower, list);
    let of_reply = names_the_reply(own) && !drafted_reply
        || (matches!(rule, Rule::EndsWith(_) | Rule::EndsWithOneOf(_))
            && has_any_in(&lower, "nothing after|nothing else after|no other words|the last line"))
        // "no more than 6 bullet points in total": notes to the requester count too.
        || (rule.is_count() && (said_own(WHOLE_WORDS) || own_lower.has("in all")));
    // A count of a named part is checked on that part; of a part with no name, not at all.
    let counted = rule.is_count();
    // "Exactly three bullets under each heading": a count per part, which the whole does not show.
    // "For each of the four clinics, give exactly two bullets" too, by its opening.
    let opening = lower.trim_start_matches(&['-', '*', ' '][..]);
    // "At most five bullets overall, and no more than two under any one section": the total's
    // bound is said outside the clause of the sections'.
    let total_apart = said(WHOLE_WORDS)
        && !lower
            .split(&[',', ';'][..])
            .any(|c| has_any_in(c, ANY_ONE_SECTION) && says_count(c, &rule));
    if counted
        && !total_apart
        && (has_any_in(&lower, ANY_ONE_SECTION)
            || has_any_in(&lower, "under each|in each section|per section|for each section|per heading|under every|in every section|each section|answer each|per answer|each of these|each question")
            || (has_any_in(&lower, "each answer|every answer") && has_any_in(&cx.lower, "faq|answers|questions"))
            || ((opening.starts_any("for each |for every "))
                && !said("whole|entire|total|overall")))
    {
        return None;
    }
    // A word bound said of the prose around the code counts the prose alone.
    let rule = match rule {
        Rule::Words(rel, n)
            if bounds_prose_only(text) || code_apart || (says_prose(text) && !of_reply) =>
        {
            Rule::ProseWords(rel, n)
        }
        // "… anywhere: not in prose, not in quoted logs, not in code": the places listed.
        Rule::Forbids(list) if has_any_in(&lower, "not in prose|nor in prose") => {
            Rule::ForbidsAnywhere(list)
        }
        // "Avoid 'urgent' in your own wording, but quote the title verbatim": what is quoted is
        // not its own words.
        // ("Quote their message verbatim in a blockquote, … In the reply itself, never …".)
        Rule::Forbids(list)
            if has_any_in(&lower, "your own wording|your own words|your own phrasing")
                || (lower.has(" itself") && has_any_in(&cx.lower, "blockquote|verbatim")) =>
        {
            Rule::OwnForbids(list)
        }
        Rule::Forbids(list) if bounds_prose_only(text) || says_prose(text) => {
            Rule::ProseForbids(list)
        }
        // "Don't use the word "simply" anywhere": in a fenced entry too.
        Rule::Forbids(list) if said("anywhere|everywhere|throughout|entire|whole") => {
            Rule::ForbidsAnywhere(list)
        }
        other => other,
    };
    // ("…, and the report overall to at most 8 bullets": the whole's, in its own clause.)
    let part = if counted && !(count_clause.is_some() && said_own(WHOLE_WORDS)) {
        // ("List all under `## Findings`, then no more than 5 bullets under `## Next steps`":
        // the count's own "under".)
        // ("Keep Risks to at most 2 bullets, and keep the whole update to at most 8": each
        // count's part is its own clause's.)
        let own = count_clause
            .filter(|c| text.replacen(c, "", 1).contains(super::text::digit_char))
            .unwrap_or(text);
        parts::under_a_name(text)
            .or_else(|| parts::part_of(own))
            .or_else(|| part_after_a_comma(text).map(parts::Part::Maybe))
            .or_else(|| parts::in_parentheses_after(text))
            // "Use two sections, Findings and Next steps; Findings may have no more than five
            // bullets": a clause whose subject is a part the message names.
            .or_else(|| {
                let clauses: Vec<&str> = text.split("; ").gather();
                // A capitalised name of one to three words the message says more than once.
                let listed = |n: &str| {
                    n.starts_with(super::text::ascii_upper_char)
                        && n.split_whitespace().count() <= 3
                        && cx.lower.matches(n.to_ascii_lowercase().as_str()).count() >= 2
                };
                clauses.iter().enumerate().find_map(|(k, c)| {
                    // (The count's own part of the clause: "…, and the whole report no more
                    // than five bullets" is the whole's.)
                    let c = c
                        .split(", and ")
                        .find(|p| says_count(&p.to_ascii_lowercase(), &rule))
                        .unwrap_or(c)
                        .trim_start();
                    // "Risks is the last section; give it at most 2 bullets": the section the
                    // clause before names.
                    if super::text::starts_with_any(c, "give it |keep it ") {
                        let before: Vec<&str> = clauses
                            .get(k.wrapping_sub(1))
                            .map(|b| b.split_whitespace().gather())
                            .unwrap_or_default();
                        // ("Open items is the last section", "The Caveats section comes
                        // last".)
                        let b = before.strip_prefix(&["The"][..]).unwrap_or(&before);
                        let n = b.iter().position(|w| {
                            crate::drift::text::in_list("is|section|heading|comes|goes", w)
                        });
                        if let Some(name) =
                            n.filter(|n| (1..=3).contains(n)).and_then(|n| b.get(..n))
                        {
                            if name
                                .first()
                                .is_some_and(|w| w.starts_with(super::text::ascii_upper_char))
                                && b.iter()
                                    .any(|w| w.starts_any("section|heading"))
                            {
                                return Some(parts::Part::Named(
                                    name.join(" ").to_ascii_lowercase(),
                                ));
                            }
                        }
                    }
                    // "…; in Next steps, at most five bullets": a listed name the clause is in
                    // ("For Stale, give it at most 2 bullets" too).
                    // ("For the Complaints heading, …".)
                    if let Some((name, _)) = super::text::strip_any(c, "in |In |for |For ")
                        .and_then(|r| r.split_once(','))
                        .map(|(n, r)| {
                            let n = n.strip_prefix("the ").unwrap_or(n);
                            let n =
                                super::text::strip_any_suffix(n, " heading| section").unwrap_or(n);
                            (n, r)
                        })
                        .filter(|(n, _)| listed(n))
                    {
                        return Some(parts::Part::Named(name.to_ascii_lowercase()));
                    }
                    // "…; keep Risks to at most five bullets": a listed name kept to it.
                    if let Some(name) = super::text::strip_any(c, "keep |Keep |limit |Limit ")
                        .and_then(|r| r.get(..r.find(" to ").or_else(|| r.find(" under "))?))
                        .filter(|n| {
                            listed(n)
                                // (Not "… and the whole update to at most 5": a second count.)
                                && !has_words_any(&c.to_ascii_lowercase(), "whole|entire|overall|total")
                        })
                    {
                        return Some(parts::Part::Named(name.to_ascii_lowercase()));
                    }
                    let ws: Vec<&str> = c.split_whitespace().gather();
                    let m = ws.iter().position(|w| {
                        crate::drift::text::in_list("may|must|should|can|gets|has|needs", w)
                    })?;
                    let name = ws.get(..m)?.join(" ");
                    let first = ws.first()?;
                    // (The clause holds the count: not "Evidence can be as long as it needs".)
                    ((1..=3).contains(&m)
                        && ws.iter().any(|w| number(&w.to_ascii_lowercase()).is_some())
                        && first.starts_with(super::text::ascii_upper_char)
                        && !crate::drift::text::in_list(
                            "The|Your|It|Each|Every|All|This|That|Its",
                            first,
                        )
                        && cx.lower.matches(name.to_ascii_lowercase().as_str()).count() >= 2
                        // "… with sections Highlights and Details. Highlights must be under 40
                        // words": a sentence's first clause, where the message lists it.
                        && (k > 0 || {
                            let n = name.to_ascii_lowercase();
                            super::text::parts("sections |headings | and |, |`")
                                .iter()
                                .any(|p| cx.lower.has([p, n.as_str()].concat().as_str()))
                        }))
                    .then(|| parts::Part::Named(name.to_ascii_lowercase()))
                })
            })
            // "The PR description you write must be 50 words or fewer; …": its subject.
            .or_else(|| {
                (lower.trim_start().starts_with("the ")
                    && has_any_in(&lower, " you write | you draft | you post | you send "))
                .then(|| parts::place_of(text))
                .flatten()
            })
    } else {
        None
    };
    // "In that doc, avoid the word …": a ban of the file named before, which the reply only
    // reports on.
    if is_ban(&rule)
        && super::text::strip_any(lower.trim_start(), "in that |in this ").is_some_and(|r| {
            crate::drift::text::in_list(
                "doc|document|file|page|readme|module|script|template|guide|article",
                r.split(&[' ', ','][..]).next().unwrap_or_default(),
            )
        })
    {
        return None;
    }
    // A ban placed in a named part ("don't use "vulnerable" in the Summary") is that part's.
    let placeable = matches!(
        rule,
        Rule::Forbids(_)
            | Rule::ForbidsAnywhere(_)
            | Rule::ProseForbids(_)
            | Rule::OwnForbids(_)
            | Rule::NoFirstPerson(_)
            | Rule::NoHeadings
            | Rule::NoMarkdown
            | Rule::BritishSpelling
            | Rule::NoUrls
            | Rule::NoExclamations
            | Rule::NoBullets(_)
            | Rule::NoCodeBlocks
            | Rule::NoTables
            | Rule::NoPlaceholders(_)
    );
    // "Write the docs page `docs/order.md` in second person; the page must not use 'I'": a
    // rule of the file the sentence writes, which the reply reports on and need not show.
    let written = if placeable && !of_reply {
        crate::drift::file_scope::paths(text)
    } else {
        Vec::new()
    };
    if placeable
        && !of_reply
        // (The file the sentence writes, not one it reads: "Take every value from `x.csv`".)
        && written.iter().any(|(at, _)| {
            let head = lower.get(..*at).unwrap_or_default();
            // (Up to five words from the verb to the path.)
            super::text::last_end(head, "write |draft |create |generate ").is_some_and(|v| {
                let between = head.get(v..).unwrap_or_default();
                !between.contains([';', ',']) && between.split(' ').count() <= 5
            })
        })
        && lower.split("; ").skip(1).any(|c| {
            // ("…; it must not use 'I'": the text the clause before writes.)
            let ws = ws_of(c);
            let (noun, modal) = match ws.as_slice() {
                ["it", m, ..] => (true, *m),
                ["the", n, m, ..] => (
                    asked.iter().any(|a| a == n) || written.iter().any(|(_, p)| p.has(n)),
                    *m,
                ),
                _ => (false, ""),
            };
            noun && crate::drift::text::in_list("must|mustn't|should|shouldn't|may|can't|cannot", modal)
        })
    {
        return None;
    }
    let placed = placeable && !of_reply
        // "In the newsletter paragraph, spell out numbers under ten": a form asked of the
        // part the sentence opens with.
        || (matches!(rule, Rule::NumberFormat(_) | Rule::IsoDates(_))
            && lower.trim_start().starts_with("in the ")
            && lower.split(',').next().is_some_and(|h| h.split(' ').count() <= 6));
    // "… as a Summary (…, and don't use the word 'urgent' in it)": said of the reply, placed
    // in a part of it.
    let bracketed = is_ban(&rule)
        .then(|| parts::in_parentheses_after(text))
        .flatten();
    // "Post a summary for Slack (no tables in the Slack part), then the full report": a ban in
    // brackets is placed where they say, whatever the sentence names around them.
    // "… one for volunteers (don't use the words "API" or "database" in it)", "a summary for
    // the directors — it must not use …": the text named for its readers before the aside.
    let for_whom = |open: char| {
        let (before, rest) = text.split_once(open)?;
        let aside = rest
            .split([')', '\u{2014}'])
            .next()?
            .trim()
            .to_ascii_lowercase();
        let (head, whom) = before
            .rsplit(&[':', ',', ';'][..])
            .next()?
            .trim_end()
            .rsplit_once(" for ")?;
        let whom = whom.strip_prefix("the ").unwrap_or(whom);
        // ("a short paragraph for parents (…)": the readers name it, the reply labels it so.)
        let name = match head.rsplit(' ').next()? {
            "one" | "paragraph" | "account" | "version" => whom,
            noun => noun,
        };
        ((aside.ends_with(" in it") || aside.starts_with("it "))
            && has_words_any(&aside, "no|not|never|don't|avoid")
            && (1..=2).contains(&whom.split(' ').count()))
        .then(|| parts::Part::Named(name.to_ascii_lowercase()))
    };
    let in_brackets = || {
        let inner = text.split_once('(')?.1.split(')').next()?;
        let l = inner.to_ascii_lowercase();
        // (Checked only where that part is shown.)
        match has_words_any(&l, "no|not|never|don't|avoid")
            .then(|| parts::place_of(inner).or_else(|| for_whom('(')))
            .flatten()?
        {
            parts::Part::Maybe(name) => Some(parts::Part::Named(name)),
            p => Some(p),
        }
    };
    // "The one-line summary at the top of your report must not contain …; the rest of the
    // report can use it": the part named, the report only where it sits.
    let top_part = || {
        let subject = lower.trim_start().strip_prefix("the ")?;
        let (subject, _) = subject
            .split_once(" must ")
            .or_else(|| subject.split_once(" should "))?;
        let (name, _) = subject.split_once(" at the top")?;
        // (Not "…; the rest of the report must not contain it either": banned there too.)
        let rest = lower.split_once("; the rest of")?.1;
        (is_ban(&rule) && !has_words_any(rest, "not|either|neither|nor|never"))
            .then(|| parts::Part::Named(name.rsplit(' ').next().unwrap_or(name).to_string()))
    };
    let part = match placeable
        .then(|| in_brackets().or_else(|| for_whom('\u{2014}')))
        .flatten()
        .or_else(|| parts::place_of(text).filter(|_| placed))
        .or(bracketed)
        .or_else(top_part)
    {
        Some(place) => Some(place),
        // "1. **Summary for the PM** — plain words. Three to five sentences.": the rules of a
        // list item that opens with a bold label are that part's.
        None if (counted || placed) && !of_reply => part.or(item.map(parts::Part::Maybe)),
        None => part,
    };
    let rule = match part {
        Some(parts::Part::Unnamed) => return None,
        // "No bullets in the summary": the reply may be that summary.
        Some(parts::Part::Named(name))
            if !soft
                && name == "summary"
                && matches!(rule, Rule::NoBullets(_) | Rule::NoCodeBlocks) =>
        {
            Rule::PartOrWhole(name, Box::new(rule))
        }
        // "Write the email …; do not include the word "sorry" anywhere in the email": a ban
        // placed in the text the reply is.
        Some(parts::Part::Named(name))
            if !soft
                && matches!(rule, Rule::Forbids(_) | Rule::ForbidsAnywhere(_) | Rule::ProseForbids(_) | Rule::OwnForbids(_) | Rule::NoPlaceholders(_))
                // Not where the reply holds more than that text ("In the email itself, …",
                // "your notes first, then the email").
                && !lower.has(" itself")
                && !cx.more_than_one_text()
                && (name.rsplit(' ').next().is_some_and(|head| {
                    asked.iter().any(|a| {
                        a == head
                            // "Write a reply to a customer …, in the email".
                            || (crate::drift::text::in_list("reply|response", a)
                                && crate::drift::text::in_list("email|message|letter", head))
                    })
                })
                    || (name == "summary" && cx.summarises())) =>
        {
            Rule::PartOrWhole(name, Box::new(rule))
        }
        Some(parts::Part::Named(name)) if !soft => Rule::InPart(name, Box::new(rule)),
        // Paragraphs of a part are counted only where it is shown: notes beside it are
        // paragraphs too.
        Some(parts::Part::Maybe(_)) if matches!(rule, Rule::Paragraphs(..)) => return None,
        // The newer checks are read only where their part is shown.
        Some(parts::Part::Maybe(name))
            if !soft
                && matches!(
                    rule,
                    Rule::BulletWords(..)
                        | Rule::IsoDates(_)
                        | Rule::NumberFormat(_)
                        | Rule::NoMarkdown
                        | Rule::BritishSpelling
                        | Rule::SectionOrder(_)
                ) =>
        {
            Rule::InPart(name, Box::new(rule))
        }
        // The rest unbounded: a count of a part is read only where the part is shown.
        Some(parts::Part::Maybe(name)) if !soft && rest_unbounded && rule.is_count() => {
            Rule::InPart(name, Box::new(rule))
        }
        // "Write the docs page …; don't use 'simply' in the page. Report back briefly": the
        // reply reports on the text it names, which it need not show.
        Some(parts::Part::Maybe(name))
            if !soft
                && cx.reply_apart
                && name
                    .rsplit(' ')
                    .next()
                    .is_some_and(|head| asked.iter().any(|a| a == head)) =>
        {
            Rule::InPart(name, Box::new(rule))
        }
        // "Don't use "simply" in the page itself": the reply holds more than the page.
        // (Unless the text is pasted in it: "Paste the section in your report".)
        Some(parts::Part::Maybe(name))
            if !soft
                // (A person rule where the message to the requester is said free.)
                && (is_ban(&rule)
                    || (matches!(rule, Rule::NoFirstPerson(_))
                        && has_any_in(&cx.lower, "write normally|can be informal|be as informal")))
                && lower.has(" itself")
                && !cx.lower.has("paste") =>
        {
            Rule::InPart(name, Box::new(rule))
        }
        // "The log output must never contain the `recipient_name` field": what the program
        // prints, not the reply.
        Some(parts::Part::Maybe(name))
            if name
                .split(' ')
                .any(|w| crate::drift::text::in_list("log|logs|stdout|stderr", w))
                || (name.ends_with(" output") && !has_any_in(&name, "final|whole|your")) =>
        {
            return None
        }
        // ("The script's output must never contain …": the name's possessive is not read as a
        // part.)
        None if is_ban(&rule)
            && has_any_in(
                &lower,
                "'s output must|'s output should|'s output may not|'s logs must|'s log output",
            ) =>
        {
            return None
        }
        Some(parts::Part::Maybe(name)) if !soft => Rule::PartOrWhole(name, Box::new(rule)),
        Some(_) => return None,
        None => rule,
    };
    // "…; put any links in an 'Engineering links' appendix": that part may hold them.
    // (Or the sentence right after: "… must not contain placeholders. Put anything you want me
    // to check under '## For reviewer'.")
    let next = || {
        let end = (text.as_ptr() as usize).wrapping_sub(cx.at) + text.len();
        let next = cx.lower.get(end..)?.trim_start();
        let next = next.get(..next.find(['.', '\n']).unwrap_or(next.len()))?;
        // (A heading: "under a 'Questions' line" leaves the notes to the notes reading.)
        ((next.starts_any("put |place ")) && next.has("#"))
            .then(|| parts::elsewhere_part(next))
            .flatten()
    };
    let rule = match parts::elsewhere_part(text).or_else(next) {
        Some(name)
            if matches!(
                rule,
                Rule::NoUrls
                    | Rule::NoCodeBlocks
                    | Rule::NoTables
                    | Rule::NoBullets(_)
                    | Rule::PartOrWhole(..)
            ) && !of_reply =>
        {
            Rule::ExceptPart(name, Box::new(rule))
        }
        _ => rule,
    };
    let in_part = matches!(rule, Rule::InPart(..) | Rule::ExceptPart(..));
    let counts_paragraphs = rule.is_count() || matches!(rule, Rule::DividedParagraphs(..));
    // "JSON only: a `summary` string of at most 20 words": a field's count, not the reply's.
    if counted
        && lower.has("json")
        && has_any_in(
            &lower,
            "` string of|` field of|` value of|` string under|` field under|` is under|` is at most|` is no more than",
        )
        && !said(WHOLE_WORDS)
    {
        // ("…, where `note` is under 12 words": that field's value.)
        return crate::drift::text::first_of(&lower, "` is under|` is at most|` is no more than")
            .and_then(|end| {
                let head = lower.get(..end)?;
                head.get(head.rfind('`')? + 1..)
            })
            .map(|field| (false, Rule::InPart(field.to_string(), Box::new(rule))));
    }
    // A rule whose subject is a part of the answer, or something else it delivers, cannot be
    // checked on the whole answer; a first or last line of the answer is found, so its
    // opening and ending are.
    // "Start with a Summary section of no more than 5 bullets", "Start with `TL;DR:` and
    // at most 2 sentences": a count of the opening part, not of the answer.
    if counts_paragraphs
        && opens_with_part(text)
        && !of_reply
        && !said_own("whole|entire|total|keep|overall")
    {
        return None;
    }
    // A soft count ("Ideally under 100 words, but don't cut anything important", "under
    // 100 words, unless you find a security problem") has no exact bound to check.
    // (With the rest unbounded, a count said of a part is that part's when it is shown.)
    if (counts_paragraphs || matches!(rule, Rule::CapitalWords(..)))
        && (soft || (rest_unbounded && !matches!(rule, Rule::PartOrWhole(..) | Rule::InPart(..))))
    {
        return None;
    }
    // "Summarise it in exactly 3 sentences, then add a 'Timeline' list underneath": the
    // count is the first part's, and another part follows it.
    if counts_paragraphs
        && !of_reply
        && (another_part_follows(&words)
            || (matches!(rule, Rule::Words(..) | Rule::Sentences(..))
                && cx.more_after_a_break(text)))
        && !said("whole|entire|total|overall")
    {
        return None;
    }
    // "Answer yes or no first, then explain in up to two sentences": the count is of what
    // comes after the first part.
    if matches!(
        rule,
        Rule::Sentences(..) | Rule::Words(..) | Rule::ProseWords(..)
    ) && words
        .iter()
        .enumerate()
        .position(|(i, w)| {
            // "Start your answer with Yes or No, then …", "Yes or No followed by one sentence".
            *w == "first"
                || (crate::drift::text::in_list("start|begin", *w)
                    && words.get(i + 1..i + 5).is_some_and(|r| r.contains(&"with")))
                || (*w == "yes" && words.get(i + 1..i + 3) == Some(&["or", "no"][..]))
        })
        .is_some_and(|i| {
            words
                .iter()
                .skip(i)
                .any(|w| crate::drift::text::in_list("then|followed", *w))
        })
    {
        return None;
    }
    // "Write the ticker text, plus a short note to me. … the ticker text must be all
    // lowercase": a case rule of one text beside another.
    if matches!(rule, Rule::Lowercase | Rule::Uppercase)
        && !of_reply
        && has_any_in(
            &lower,
            " text must| text should| text has to| themselves must",
        )
        && cx.a_note_beside()
    {
        return None;
    }
    // "The printed message must be in uppercase; the rest of your report can be normal text":
    // a part's case, which part not read.
    if matches!(rule, Rule::Lowercase | Rule::Uppercase)
        && has_any_in(
            &lower,
            // ("…; the note can be in normal case".)
            "the rest of your|the rest of the report|the rest of the reply|can be in normal case|can use normal case",
        )
    {
        return None;
    }
    // "…, the whole first line in lower case": the first line's case, which is not read.
    if matches!(rule, Rule::Lowercase | Rule::Uppercase)
        && !of_reply
        && has_any_in(
            &lower,
            "first line in |first line lowercase|first line uppercase|first line all |first line must be in|first line should be in|final line in |last line in |final line, in all|last line, in all|final line, in capital|last line, in capital|final line, in upper|last line, in upper|final line, in lower|last line, in lower",
        )
        && !has_any_in(&lower, "first line included|including the first line|even the first line")
    {
        return None;
    }
    // A case rule said with another piece of text named is that text's ("hex values with
    // uppercase digits", "lowercase keys").
    if matches!(
        rule,
        Rule::Lowercase | Rule::Uppercase | Rule::CapitalWords(..)
    ) && (names_a_text_object(text)
        || case_of_a_thing(text)
        // "The helper's output must be lowercase ASCII": what code returns.
        || (has_any_in(&lower, "'s output|\u{2019}s output|the output of|its output")
            && !has_any_in(&lower, "your whole|your entire|whole reply|entire reply|your reply|your answer")))
        // ("Your answer must be lowercase, keys included" still covers everything.)
        && !said("included|including|too|even|everything")
    {
        return None;
    }
    let located = matches!(
        rule,
        Rule::EndsWith(_)
            | Rule::EndsWithOneOf(_)
            | Rule::StartsWith(_)
            | Rule::StartsWithOneOf(_)
            | Rule::FirstLineIs(_)
            | Rule::FirstHolds(_)
    );
    // "Each object must have exactly these keys": the objects of the JSON asked for.
    let element = matches!(rule, Rule::JsonKeys(..))
        && has_any_in(
            &lower,
            "each object|every object|each element|every element",
        );
    if !located && !of_reply && !in_part && !element && in_another_part(text, asked) {
        return None;
    }
    // "Another agent will turn your list into the release notes, which must be under 100
    // words": a rule of the text someone else writes.
    if !of_reply
        && has_any_in(
            &lower,
            "another agent will|another worker will|someone else will|the other agent will|'s agent is writing|'s agent is drafting|'s agent will write|'s agent will draft|\u{2019}s agent is writing|\u{2019}s agent is drafting",
        )
    {
        return None;
    }
    // "Don't use 'Summary' as a heading": the word in a heading, which no word ban reads (the
    // words of the sentence's other bans stay: "Don't use 'synergy', and don't use 'Overview'
    // as a heading").
    let rule = match rule {
        Rule::Forbids(words) if has_any_in(&lower, AS_A_HEADING) => {
            let clause = lower
                .split(&[',', ';'][..])
                .flat_map(|c| c.split(" and "))
                .find(|c| has_any_in(c, AS_A_HEADING))
                .unwrap_or_default();
            let rest: Vec<String> = words.kept(|w| !clause.has(w.to_ascii_lowercase().as_str()));
            if rest.is_empty() {
                return None;
            }
            Rule::Forbids(rest)
        }
        rule => rule,
    };
    // "Customer emails must end with '— Team'; internal reports like this one don't need
    // it", "only the final report needs to end with …": an opening or ending of another text.
    if located
        && has_any_in(
            &lower,
            "like this one don't|like this one doesn't|like this one do not|like this one does not|only the final report|only your final report|only the final update|only the last report",
        )
        && !has_any_in(&cx.lower, "is your final report|this is the final report|is the final report|this is your final")
    {
        return None;
    }
    match subject_of(text, asked) {
        _ if in_part || element => {}
        // "The codename 'Falcon' must not appear": the quoted words are the subject.
        // A quoted subject frees a ban only.
        Subject::Other if !(of_reply || (is_ban(&rule) && quoted_subject(&lower))) => return None,
        Subject::LineOfAnswer if !located => return None,
        _ => {}
    }
    // "Start with a one-line summary; that summary line must not contain …": a ban's clause
    // with a subject of its own.
    // (A plain ban only: one placed in a part is read there. "The summary must not …" after
    // "Summarise …" is the reply's.)
    if matches!(
        rule,
        Rule::Forbids(_) | Rule::ForbidsAnywhere(_) | Rule::ProseForbids(_) | Rule::OwnForbids(_)
    ) && !of_reply
        && own.len() < text.len()
    {
        let l = own.trim_start().to_ascii_lowercase();
        if !(l.has("summary") && (cx.summarises() || has_any_in(&cx.lower, "summarise|summarize")))
            && matches!(subject_of(own, asked), Subject::Other)
            && !quoted_subject(&l)
        {
            // ("…; the subject line must not …", "…; the headline must not …": a part read
            // where the reply shows it, the "Subject:" line or the first line.)
            return crate::drift::text::strip_any(&l, "the |that ")
                .and_then(|r| {
                    "subject line|subject|headline|title"
                        .split('|')
                        .find(|n| r.starts_with(&[*n, " must"].concat()))
                })
                .map(|n| (of_reply, Rule::PartOrWhole(n.into(), Box::new(rule))));
        }
    }
    Some((of_reply, rule))
}

/// "Quoting log lines verbatim is fine": a word ban of the (lowercased) message holds in the
/// answer's own words.
pub(super) fn allows_quoting(lower: &str) -> bool {
    says_unnegated(
        lower,
        &[
            "quote|quotes|quoted|quoting|verbatim",
            "fine|ok|okay|allowed|can|may",
        ],
    )
}

/// Whether a sentence of the lowercased `lower` holds a word of every group and no negation.
fn says_unnegated(lower: &str, groups: &[&'static str]) -> bool {
    super::text::sentences(lower).into_iter().any(|(_, s)| {
        let ws = ws_of(s);
        groups
            .iter()
            .all(|g| crate::drift::text::any_word_in(&ws, g))
            && !ws.iter().any(|w| negates(w))
    })
}

/// Whether a sentence's words ask for another part after what it bounds ("…, then add a
/// 'Timeline' list underneath").
pub(super) fn another_part_follows(words: &[&str]) -> bool {
    // After the count's unit: "reproduce it, then give me at most 80 words" bounds the reply.
    let unit = words.iter().position(|w| {
        crate::drift::text::in_list(
            "words|sentences|sentence|bullets|paragraphs|lines|points",
            w,
        )
    });
    unit.is_some_and(|u| {
        words
            .get(u..)
            .unwrap_or_default()
            .windows(2)
            .any(|p| match p {
                ["then", v] => {
                    crate::drift::text::in_list("add|append|include|attach|list|give", v)
                }
                // "…, at most 60 words, and separately tell me what you tested".
                ["separately", v] => crate::drift::text::in_list(
                    "tell|give|list|add|explain|note|mention|describe|send|include",
                    v,
                ),
                // "Keep your summary under 40 words and put the full output below it" (not
                // "the bot cuts off anything after that", nor notes added below).
                [place, "it"] => {
                    crate::drift::text::in_list("below|under|underneath|beneath", place)
                        && words.get(u..).unwrap_or_default().contains(&"put")
                }
                _ => false,
            })
            // "…; put the full list in a `<details>` block underneath".
            || (words.last().is_some_and(|w| {
                crate::drift::text::in_list("below|underneath|beneath", w)
            }) && words.get(u..).unwrap_or_default().contains(&"put"))
    })
}

/// Where a message (lowercased) asks for another text after a break ("After a blank line,
/// give the PR number"): a count said before that is the first text's. Not "After that, wait
/// for my review", which asks for no text.
pub(super) fn break_at(lower: &str) -> Option<usize> {
    super::text::parts(
        "after a blank line|after an empty line|below that, |below it, |after that, ",
    )
    .iter()
    .flat_map(|cue| lower.match_indices(cue))
    .filter(|(at, cue)| {
        let rest = lower.get(at + cue.len()..).unwrap_or_default();
        let own = rest.split(". ").next().unwrap_or_default();
        ws_of(own)
            .iter()
            .any(|w| crate::drift::text::in_list("give|add|put|include|list|paste|write|append", w))
    })
    .map(|(at, _)| at)
    .min()
}

/// What [`admit`] reads of the whole message.
struct Admit {
    asked: Vec<String>,
    code_apart: bool,
    rest_unbounded: bool,
    /// The message, lowercased.
    lower: String,
    /// Whether it adds to a list's count later ([`Admit::list_amended`]), read on the first
    /// list count only.
    amended: std::cell::OnceCell<bool>,
    /// Whether the message asks for a summary ([`Admit::summarises`]).
    summary: std::cell::OnceCell<bool>,
    /// Whether the message asks for more than one text ([`Admit::more_than_one_text`]).
    several: std::cell::OnceCell<bool>,
    /// Whether it asks for a note beside a text ([`Admit::a_note_beside`]).
    note: std::cell::OnceCell<bool>,
    /// Where it asks for another text after a break ([`break_at`]).
    after_break: std::cell::OnceCell<Option<usize>>,
    /// Where the message starts in memory: a sentence (a slice of it) is placed without a
    /// search.
    at: usize,
    /// Whether the message tells the reply apart from what it writes ("report back", "reply
    /// to me", "tell me what").
    reply_apart: bool,
}

impl Admit {
    /// "… your notes first, then the email", "plus a short note", "also tell me …": the reply
    /// holds more than the text a ban is placed in (read once).
    fn more_than_one_text(&self) -> bool {
        *self.several.get_or_init(|| {
            // ("Write the release notes …; no 'simply' in the notes" names the one text.)
            let lower = if has_any_in(&self.lower, "release notes|patch notes") {
                self.lower.replace("notes", "list")
            } else {
                self.lower.clone()
            };
            has_any_in(&lower, "note|then the|followed by|below a line|above it|below it|plus |separately|the rest of|as well as|in addition|tell me|before the|after the|also |report back|report to me|reply to me")
        })
    }

    /// "One sentence of exactly 25 words. After a blank line, give the PR number": a text
    /// asked for after the counted one, said in `sentence` (the break read once).
    fn more_after_a_break(&self, sentence: &str) -> bool {
        self.after_break
            .get_or_init(|| break_at(&self.lower))
            .is_some_and(|at| (sentence.as_ptr() as usize).wrapping_sub(self.at) < at)
    }

    /// "Write the ticker text, plus a short note to me" (read once).
    fn a_note_beside(&self) -> bool {
        *self
            .note
            // ("Put the text on its own line in your report": a report around it.)
            .get_or_init(|| {
                has_any_in(&self.lower, "plus |separately|note to me|a short note|line in your report|line of your report")
            })
    }

    /// "Summarise the SLA section for the client": the reply is the summary.
    fn summarises(&self) -> bool {
        *self.summary.get_or_init(|| {
            let ws = ws_of(&self.lower);
            ws.first()
                .is_some_and(|w| crate::drift::text::in_list("summarise|summarize", w))
                // "Safety review summary for the SOTIF analysis. …": a brief that opens by
                // naming it.
                || ws.iter().take(5).any(|w| *w == "summary")
                || has_any_in(&self.lower, "write a summary|write the summary|give me a summary|draft a summary")
        })
    }

    /// "Update: if you found it, add it as a 5th bullet": a count the message changes itself.
    fn list_amended(&self) -> bool {
        *self.amended.get_or_init(|| {
            // "Max 3 bullets, but if there are blockers add them on top", "if you find security
            // issues, list them all": more may be asked under a condition the text cannot settle.
            if has_any_in(&self.lower, "if there are more|if there are blockers|if you find more|add them|list them all|if there's more|after that, list|then list|also list|bullets there|section, max") {
                return true;
            }
            let ws = words_at(&self.lower);
            let w = |i: usize| ws.get(i).map_or("", |x| x.1);
            (0..ws.len()).any(|i| {
                let extra = word_in(&ws, i, "extra|additional|another")
                    || (word_is(&ws, i, "one") && word_is(&ws, i + 1, "more"))
                    || super::text::parts("th|rd|nd").iter().any(|s| {
                        w(i).strip_suffix(s)
                            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
                    })
                    || word_in(&ws, i, "fourth|fifth|sixth|seventh|eighth");
                let noun =
                    |j: usize| word_in(&ws, j, "bullet|item|point|bullet point");
                // Added ("add it as a 5th bullet"), not named ("the 3rd bullet must be the
                // risk").
                let added = (i.saturating_sub(4)..i)
                    .any(|j| word_in(&ws, j, "add|adding|append"));
                extra && added && (noun(i + 1) || (word_is(&ws, i + 1, "more") && noun(i + 2)))
            })
        })
    }
}

/// A rule on the reply's format that a section the message leaves free does not keep.
fn a_format_rule(rule: &Rule) -> bool {
    matches!(
        rule,
        Rule::NoBullets(_)
            | Rule::NoCodeBlocks
            | Rule::NoTables
            | Rule::NoUrls
            | Rule::NoMarkdown
            | Rule::NoHeadings
    )
}

/// Every constraint the message states plainly, each with whether its sentence names the reply
/// itself ("your whole reply"), so that notes beside a deliverable keep it too.
pub fn parse(message: &str) -> Vec<(bool, Rule)> {
    // Each rule with whether its sentence names the reply and where that sentence starts (none
    // for a rule read from the whole message).
    let mut out: Vec<(bool, Option<usize>, Rule)> = Vec::new();
    // A highlight's asterisks are often shown in another sentence ("… wrap it with *, like *this*").
    let starred = message.contains('*');
    // Capped (each constraint is checked against the whole result); the count is read by the loop.
    let count = std::cell::Cell::new(0usize);
    let asked = asked_for(message);
    // Code the message leaves out of its counts, or asks for beside a bounded explanation.
    let code_apart = code_not_counted(message);
    // "The rest of the document can be as long as it needs to be": a count is one part's.
    let lower = message.to_ascii_lowercase();
    let rest_unbounded = {
        // "Below that, be as detailed as you like", "… as needed", "can be any length",
        // "report back in whatever form suits you".
        // "… at most 60 words; the technical appendix has no limit".
        has_any_in(
            &lower,
            "can be as long as|, any length|as much detail as you need|in an appendix|appendix below|as long as it needs|as long as you need|as long as you like|as long as needed|as detailed as needed|as detailed as necessary|as detailed as you like|as much detail as you like|can be any length|whatever form|no length limit on the rest|no limit on the rest|has no limit|have no limit",
        )
    };
    let cx = Admit {
        asked,
        code_apart,
        rest_unbounded,
        amended: std::cell::OnceCell::new(),
        summary: std::cell::OnceCell::new(),
        several: std::cell::OnceCell::new(),
        note: std::cell::OnceCell::new(),
        after_break: std::cell::OnceCell::new(),
        at: message.as_ptr() as usize,
        reply_apart: has_any_in(&lower, "reply to me|tell me what|report back"),
        lower,
    };
    // Whether the message asks for a link somewhere: read once, for the first URL ban.
    let invites = std::cell::OnceCell::new();
    // Whether the message asks for more text below a one-line one ("Below that, add …"): read
    // once, for the first case rule said of a one-line text.
    let more_below = std::cell::OnceCell::new();
    let mut push = |text: &str, rule: Rule| {
        let item = parts::item_label(message, text);
        let Some((of_reply, rule)) = admit(text, rule, &cx, item) else {
            return;
        };
        // (Same rule, same words: comparing descriptions spares a derived equality.)
        let said = describe(&rule);
        let kind = std::mem::discriminant(&rule);
        // (Not where the description leaves a field out: two titles' limits stay two rules.)
        if let Some(seen) = out.iter_mut().find(|(_, _, r)| {
            std::mem::discriminant(r) == kind && describe(r) == said && same_unsaid(r, &rule)
        }) {
            // Said twice, once of the reply itself: the reply's.
            seen.0 |= of_reply;
        } else if out.len() < super::constraints::MAX_CONSTRAINTS {
            let (base, start) = (message.as_ptr() as usize, text.as_ptr() as usize);
            let at = (!text.is_empty() && start >= base && start < base + message.len())
                .then(|| start - base);
            out.push((of_reply, at, rule));
            count.set(out.len());
        }
    };
    // A sentence limit on "the answer" is read only from a message's last sentence (its only
    // one, or after the question): followed by more to deliver ("In one sentence, what does X
    // do? Also list its callers."), it may be one part's.
    let all = sentences(message);
    let last = all.len().saturating_sub(1);
    // "Code only — one short line above the code is OK", "plus one line after the code saying
    // …": a line beside the code is allowed.
    let note_allowed_beside_code = all.iter().any(|s| {
        let l = s.to_ascii_lowercase();
        has_any_in(&l, "line|note|sentence|comment")
            && has_any_in(
                &l,
                " ok|okay| may | can |plus |fine|allowed|feel free|add |exception|do put |followed by one line|followed by a line|followed by a short line|put one line|one line above",
            )
    });
    // Read once for the whole message (per sentence they would make the loop quadratic).
    let several_asked = has_words_any(&cx.lower, "options|alternatives|variants|versions");
    let per_version = has_any_in(
        &cx.lower,
        "both versions|each version|in both languages|each language",
    );
    let sent_elsewhere = has_any_in(
        &cx.lower,
        "just the link|only the link|with the link|reply with a link|the pr link|the mr link|needs the link|send me the link|link to it|reply with the path|just the path|sent through|send it through|send it via|once it's sent|once it is sent|once it's posted",
    );
    // The reply told apart from a text it writes ("Your reply to me can just say what you did").
    let reply_apart = cx.reply_apart;
    let document_words = has_any_in(&cx.lower, "confluence|wiki|readme|rfcs/|template|notion|into the|pr description|pull request description|github issue|the issue|email|intercom|google doc|save it|under docs/");
    // Whether the message writes a document file (not one it reads): read on first need.
    let writes_a_document = std::cell::OnceCell::new();
    let mut table_seen = false;
    let mut commit_form = commits::asked(message);
    // A subject and a body are a commit message's where the message speaks of a commit.
    let line_cx = line_length::MessageCx::of(&cx.lower);
    let mut placeholder_style = placeholders::asked(message);
    let mut heading_form = headings::asked(message);
    // The message's ticket keys, read once on first need.
    let message_keys: std::cell::OnceCell<Vec<String>> = std::cell::OnceCell::new();
    let mut json_typed = json_types::asked(message);
    let lead_replies = has_any_in(
        &cx.lower,
        "so i can reply|so i can answer|so i can write|so that i can reply|so that i can write|before i reply|before i answer|i'll reply|i will reply|i'll answer|i'll write her|i'll write him|i'll write them|i'll write to the customer|i'll write to them|i'll write back|support will answer|support will reply|support will respond|will answer the customer|will reply to the customer|not a customer reply|not a reply to the customer",
    );
    // "Write it in Polish, then add an English translation below it": two languages (not "Don't
    // add a translation"). Read once.
    let translated = has_any_in(
        &cx.lower,
        "translation below|translation underneath|translation beneath|translation after it|add an english translation|add a translation|with an english translation|and an english translation|followed by a translation|followed by an english translation",
    ) && !has_any_in(&cx.lower, "don't add a translation|do not add a translation|no translation|without a translation");
    // The message speaks of a PR, an issue or a ticket, whose title the reply labels.
    let tracker = has_any_in(&cx.lower, "pr |pr,|pr.|pull request|issue|ticket|jira");
    // It asks for a text to be written ("Draft the banner …"), not a thing to be built.
    let drafts_a_text = has_any_in(
        &cx.lower,
        "write the|write a|draft the|draft a|compose the|compose a|prepare the|prepare a",
    ) && !has_any_in(
        &cx.lower,
        "component|endpoint|function|template engine|renderer",
    );
    // It names a document file the reply reports on ("Write docs/onboarding.md").
    let wrote_a_file = has_any_in(&cx.lower, ".md|docs/|readme");
    // It asks for a text written or planned in the reply; the nouns of such a text among the
    // words of its first two sentences ("Architect mode. Write a deployment plan …").
    // (A text such as a plan or a review, not a page or a file: "Write the FAQ page" is not.)
    let lead_sentences = all
        .get(..all.len().min(2))
        .unwrap_or_default()
        .join(" ")
        .to_ascii_lowercase();
    let written_nouns: Vec<&str> =
        ws_of(&lead_sentences).kept(|w| crate::drift::text::in_list(WRITTEN_NOUNS, w));
    // The text is posted, shared or attached somewhere ("… and post it in #oncall"): the
    // reply reports that it was.
    let handed_on = has_any_in(
        &cx.lower,
        "post it|share it|attach it|upload it|send it|publish it|and post |and share |and attach | in #| to #",
    );
    let writes_a_text = !wrote_a_file
        && ((!written_nouns.is_empty()
            && (drafts_a_text
                || super::text::starts_with_any(
                    cx.lower.trim_start(),
                    "plan |report on |summarise |summarize ",
                )))
            || cx.lower.trim_start().starts_with("write up "));
    for (index, &sentence) in all.iter().enumerate() {
        // Whether a sentence before names a table ("Columns: …" after it asks for its columns).
        let table_before = table_seen;
        table_seen |= sentence.has("table");
        let is_last = index == last;
        if count.get() >= super::constraints::MAX_CONSTRAINTS {
            break;
        }
        let lower = sentence.to_ascii_lowercase();
        // The commit form, read from the whole message, placed at its first sentence about a
        // commit; the placeholder style at its sentence.
        if lower.has_any("commit|type(scope)") {
            if let Some(form) = commit_form.take() {
                push(sentence, Rule::CommitForm(form));
            }
        }
        if lower.has("placeholder") {
            if let Some(style) = placeholder_style.take() {
                push(sentence, Rule::PlaceholderStyle(style));
            }
            if let Some(mut b) = blanks::asked(sentence, &lower) {
                // "Find the TODO comments and list each …": a marker the task is about.
                b.words
                    .keep(|w| !message.has([w.as_str(), " comment"].concat().as_str()));
                push(sentence, Rule::NoPlaceholders(b));
            }
        }
        if lower.has("json") && !json_typed.is_empty() {
            push(sentence, Rule::JsonTypes(std::mem::take(&mut json_typed)));
        }
        if lower.has("heading") {
            if let Some(f) = heading_form.take() {
                push(sentence, Rule::HeadingForm(f));
            }
        }
        if lower.has_any("first line|first sentence") {
            let keys = || {
                message_keys
                    .get_or_init(|| first_line::keys(message))
                    .clone()
            };
            if let Some(f) = first_line::asked(sentence, &lower, &keys) {
                push(sentence, Rule::FirstHolds(f));
            }
        }
        if let Some(key) = first_line::key_asked(sentence, &lower) {
            push(sentence, Rule::Includes(vec![key]));
        }
        // (Before the condition gate: its condition is read from the reply.)
        if let Some(name) = if_failed::asked(sentence, &lower) {
            push(sentence, Rule::IfFailedHeading(name));
        }
        // (Before the cue gate: "Give every duration in minutes" has no cue.)
        if let Some(u) = units::asked(&lower) {
            let ws = words_at(&lower);
            // "In the customer-facing text, give distances in miles": a part's units.
            let elsewhere = lower
                .trim_start()
                .strip_prefix("in ")
                .filter(|r| crate::drift::text::starts_with_any(r, "the |your |each |any |every "))
                .and_then(|r| r.split_once(','))
                .is_some_and(|(place, _)| {
                    ws_of(place).last().is_some_and(|w| !names_the_answer(w))
                });
            if !(describes_a_built_thing(&ws) || conditional(&ws) || not_now(sentence) || elsewhere)
            {
                push(sentence, Rule::InUnit(u));
            }
        }
        // Most sentences state no checkable constraint: one automaton pass rules them out.
        if !cued(&lower) {
            continue;
        }
        // "A seller left this on the forum: "Answer in under 20 words …" … so I can write her a
        // reply": the rules of someone's quoted words are for the reply the lead writes.
        if lead_replies && quotes_another(&lower) {
            continue;
        }
        // "once"/"twice" are a number and "times".
        let mut ws: Vec<(usize, &str)> = Vec::new();
        for (at, w) in words_at(&lower) {
            match w {
                "once" => ws.push_all([(at, "1"), (at, "times")]),
                "twice" => ws.push_all([(at, "2"), (at, "times")]),
                _ => ws.push((at, w)),
            }
        }
        // A sentence about a thing the task builds states that thing's behaviour, not the
        // answer's shape: "add a validator that rejects bios with more than 200 words", "make
        // the CLI print its output in lowercase".
        if conditional(&ws) || not_now(sentence) {
            continue;
        }
        let built = describes_a_built_thing(&ws);
        // "Write the maintenance banner … The banner headline must be in ALL CAPS": the text
        // asked for, which the built-thing gate would take for a component.
        // "Write the notice and tell me which stops …; the first line of the notice must …":
        // a line of a text the reply holds beside others, which is not the reply's first.
        let of_a_text = lower.find_str(" line of ").is_some_and(|i| {
            ws_of(lower.get(i + " line of ".len()..).unwrap_or_default())
                .found(|w| !crate::drift::text::in_list("the|your|this|that|its", w))
                .is_some_and(|w| !names_the_answer(w))
        }) && cx.more_than_one_text();
        if (!built || drafts_a_text) && !of_a_text {
            if let Some(c) = line_case::asked(sentence, &lower) {
                push(sentence, Rule::LineCase(c));
            }
        }
        // Not where the message lets another form stand "instead" (a fallback in prose).
        if !built {
            if let Some(fenced) = code_block::asked(&lower) {
                if !cx.lower.has("instead") {
                    push(sentence, Rule::CodeBlock(fenced));
                }
            }
        }
        if !built {
            if let Some(b) = bullet_start::asked(sentence, &lower) {
                push(sentence, Rule::BulletStart(b));
            }
        }
        // "The YAML must have exactly three top-level keys": the answer asked just before, which
        // the built-thing gate takes for a component.
        if !built || lower.trim_start().starts_with("the yaml ") {
            let before = index.checked_sub(1).and_then(|i| all.get(i)).copied();
            if let Some(y) = yaml_keys::asked(sentence, &lower, before, &cx.lower) {
                push(sentence, Rule::YamlKeys(y));
            }
        }
        if !built {
            if let Some(o) = sort_order::asked(&lower, &cx.lower) {
                push(sentence, Rule::SortOrder(o));
            }
        }
        if !built {
            if let Some(f) = timestamps::asked(&lower) {
                push(sentence, Rule::TimeForm(f));
            }
        }
        if built {
            continue;
        }
        let caps = has_any_in(
            &lower,
            "capital letter|all caps|all-caps|uppercase|capitalized|capitalised",
        );
        let w = |i: usize| ws.get(i).map(|x| x.1).unwrap_or("");
        let has = |p: &str| lower.contains(p);
        // Counts: "<bound> <noun>", for the whole answer only ("each line should contain one
        // sentence" bounds every line, which is not checked).
        // Within six words before the noun: "each line … one sentence", "each bullet under 30 words".
        // After it too: "3 sentences per paragraph", "20 words in each bullet".
        // After it too: "3 sentences per paragraph", "20 words in each bullet", "3 sentences
        // each" — but not across a comma ("5 sentences, each under 20 words": the 5 is a total)
        // nor when the part is the answer itself ("50 words per reply").
        let answer_noun = |x: &str| {
            crate::drift::text::in_list("reply|replies|response|responses|answer|answers|message|messages|output|outputs|turn", x)
        };
        // The part a per-part word names ("each bullet", "per reply", "each of your answers").
        let part_after = |next: usize| {
            (next..next + 4)
                .map(w)
                .find(|x| !crate::drift::text::in_list("of|your|the|one|single", x))
                .unwrap_or("")
        };
        // Whether a comma, semicolon, colon or parenthesis stands between words `a` and `b`.
        let apart = |a: usize, b: usize| {
            let end = ws.get(a).map_or(0, |(at, x)| at + x.len());
            let start = ws.get(b).map_or(0, |x| x.0);
            lower
                .get(end..start)
                .is_some_and(|gap| gap.contains(&[',', ';', ':', '('][..]))
        };
        let per_part = |k: usize| {
            // Before the noun: "each bullet under 30 words" (but "each answer under 50 words"
            // bounds the answer).
            if let Some(j) = (k.saturating_sub(8)..k).find(|&j| word_in(&ws, j, "each|every|per")) {
                // Further back than six words only a part of a text ("each paragraph should
                // have at most 3 sentences"), not "every country in Europe in 100 words".
                let text_part = crate::drift::text::in_list(
                    "paragraph|bullet|section|part|item|line|sentence|point|stanza|step",
                    part_after(j + 1),
                );
                // ("Each alt text must be under 15 words": the subject of a modal.)
                let subject = (j + 2..k).any(|i| word_in(&ws, i, "must|should"));
                return !answer_noun(part_after(j + 1)) && (j + 6 >= k || text_part || subject);
            }
            // ("3 bullet points per site": the noun's second word first.)
            let k = if word_in(&ws, k, "bullet|bullets") && word_in(&ws, k + 1, "point|points") {
                k + 1
            } else {
                k
            };
            let (at, next) = if word_in(&ws, k + 1, "per|each|every") {
                (k + 1, k + 2)
            } else if word_in(&ws, k + 1, "in|for|of") && word_in(&ws, k + 2, "each|every") {
                (k + 2, k + 3)
            } else {
                return false;
            };
            if apart(k, at) {
                return false;
            }
            // "3 bullet points each starting with a verb": "each" describes the items counted.
            if word_is(&ws, at, "each") && (w(next).ends_with("ing") || w(next).ends_with("ed")) {
                return false;
            }
            !answer_noun(part_after(next))
        };
        // A part as the bound's subject: "the intro should be under 50 words", "your title must
        // have at most 8 words" bound that part, not the answer.
        // "Suggest a title for the post about X: at most 8 words": the bound right after a colon
        // is the part's named before it, in one clause.
        let colon_bound = |j: usize, k: usize| {
            let end = ws.get(j).map_or(0, |(a, x)| a + x.len());
            lower
                .get(end..ws.get(k).map_or(0, |x| x.0))
                .and_then(|gap| gap.rsplit_once(": "))
                .is_some_and(titles::colon_bound)
        };
        let part_subject = |k: usize| {
            (k.saturating_sub(16)..k).any(|j| {
                // Near and in one clause, or a title's bound after a colon, farther.
                let near = j + 9 >= k && !apart(j, k.saturating_sub(1));
                (near || (word_is(&ws, j, "title") && colon_bound(j, k)))
                    && (word_in(&ws, j, "intro|introduction|conclusion|opening|closing|abstract|caption|tagline|headline|heading|title|first|second|third|last|final") || (word_is(&ws, j, "section")
                    && word_in(&ws, j + 1, "must|should|is|has|needs|shall")))
                    // "Keep your final report under 60 words": the final report is the answer.
                    && !(answer_noun(w(j + 1)) || word_in(&ws, j + 1, "report|reports"))
            })
        };
        // A part named right before the bound: "a summary of at most 4 bullets, then a files
        // list" bounds the summary; a report may hold more than it.
        let part_of = |k: usize| {
            // "3 to 5 bullets, then the files you changed", "the summary in at most 3
            // sentences, then a list of files": the bound is one part's.
            if crate::drift::text::in_list(
                "bullet|bullets|points|sentence|sentences|paragraph|paragraphs|word|words",
                w(k),
            ) && (k + 1..k + 9).any(|i| word_in(&ws, i, "then|followed|plus"))
            {
                return true;
            }
            let mut j = k;
            while j > 0
                && (number(w(j - 1)).is_some()
                    || word_in(&ws, j - 1, "at|most|least|no|more|fewer|less|than|up|to|exactly|only|under|over|maximum|minimum|a|of|short|brief|max"))
            {
                if word_is(&ws, j - 1, "of")
                    && j >= 2
                    && word_in(&ws, j - 2, "summary|overview|recap|tldr|preamble|part|name|title|label|motto|slogan|caption|headline|nickname")
                    // "Reply with a summary of at most 40 words": the reply is the summary.
                    && !(j >= 5
                        && word_is(&ws, j - 3, "a")
                        && word_is(&ws, j - 4, "with")
                        && word_in(&ws, j - 5, "reply|respond|answer"))
                {
                    return true;
                }
                j -= 1;
            }
            // A short text the task writes, right before its bound: "commit with a message
            // under 12 words", "new banner copy (one line, under 12 words)". The reply holds
            // more than that text.
            let short_text = |x: &str| {
                crate::drift::text::in_list("title|subject|headline|tagline|caption|copy|blurb|slogan|label|tooltip|placeholder|subline|entry", x)
            };
            // In brackets, the text is named in the few words before them ("a new tagline for
            // the status page (one line, under 10 words)").
            let open = lower
                .get(..ws.get(k).map_or(0, |x| x.0))
                .and_then(|b| b.rfind('('))
                .filter(|&o| {
                    !lower
                        .get(o..ws.get(k).map_or(0, |x| x.0))
                        .unwrap_or("")
                        .contains(')')
                });
            if let Some(o) = open {
                let h = ws.iter().take_while(|x| x.0 < o).count();
                if (h.saturating_sub(6)..h).any(|i| short_text(w(i)) && !apart(i, h - 1)) {
                    return true;
                }
                // "a `## Findings` section (max 4 bullets)": the section's count.
                if h > 0 && word_in(&ws, h - 1, "section|heading|part") {
                    return true;
                }
            }
            // "Max 60 words body": the part named right after the unit.
            if word_in(&ws, k + 1, "body|intro|summary|tldr|headline") {
                return true;
            }
            let noun = j.checked_sub(1).map(w).unwrap_or_default();
            let committed = noun == "message"
                && (j.saturating_sub(5)..j).any(|i| word_in(&ws, i, "commit|pr|slack"));
            short_text(noun) || committed
        };
        // A part after the counted noun: "at most 3 bullet points in the summary section",
        // "5 sentences in the introduction", "in the first paragraph" (but "in your answer", "in
        // English", "in total", "in the first person", "in a list").
        let part_after_noun = |k: usize| {
            let mut j = k + 1;
            if word_in(&ws, j, "points|point") {
                j += 1;
            }
            if !word_in(&ws, j, "in|within|for") || apart(j, j + 1) {
                return false;
            }
            let the = word_is(&ws, j + 1, "the");
            let x = if word_in(&ws, j + 1, "the|a|an|its") {
                w(j + 2)
            } else {
                w(j + 1)
            };
            let next = if word_in(&ws, j + 1, "the|a|an|its") {
                w(j + 3)
            } else {
                w(j + 2)
            };
            let ordinal = crate::drift::text::in_list(
                "first|second|third|fourth|last|final|opening|closing",
                x,
            );
            if ordinal {
                // "in the first paragraph", "for the first item" (but "in the first person",
                // "in the final answer").
                return !crate::drift::text::in_list("person|answer|response|reply|draft", next);
            }
            if crate::drift::text::in_list("list|table|part", x) {
                return the && !word_in(&ws, k, "bullet|bullets");
            }
            (j + 1..j + 5)
                .map(w)
                .take_while(|x| !crate::drift::text::in_list("and|but|or", x))
                .any(|x| {
                    crate::drift::text::in_list("intro|introduction|conclusion|summary|section|body|title|heading|abstract|caption|header|footer|appendix|code|comment|comments|description|chapter|message|docstring|readme|entry|changelog|line|log|commit|tooltip|headline|tagline|slogan|caption|subject|blurb", x)
                })
        };
        // What the count leaves out cannot be told from the text: "under 40 words, excluding
        // code", "not counting the code block", "code excluded" (but "less than 5 (excluding
        // 5)" only says the bound is strict).
        let excepted = |k: usize| {
            // Within the count's own clause: "…, other than that be creative" and "… and nothing
            // other than the poem" leave the count whole.
            let end = (k + 1..(k + 8).min(ws.len()))
                .find(|&i| {
                    word_in(&ws, i, "and|but")
                        || lower
                            .get(
                                ws.get(i - 1).map_or(0, |(a, x)| a + x.len())
                                    ..ws.get(i).map_or(0, |x| x.0),
                            )
                            .is_some_and(|gap| gap.contains(&[';', '.', '!', '?'][..]))
                })
                .unwrap_or((k + 8).min(ws.len()));
            (k + 1..end).any(|i| match (w(i), w(i + 1)) {
                ("besides", "that" | "this") => false,
                ("excluding" | "except" | "besides", next) => number(next).is_none(),
                ("excluded", _) => number(w(i - 1)).is_none(),
                ("not", "counting") => true,
                ("apart" | "aside", "from") => !word_in(&ws, i + 2, "that|this"),
                ("other", "than") => {
                    !word_in(&ws, i + 2, "that|this")
                        && !word_in(&ws, i - 1, "anything|nothing|no|everything")
                }
                _ => false,
            })
        };
        // The count is of a list's items when the sentence is a request to list ("List exactly
        // four strategies") or the counted things are asked "as a (numbered) list" / "in a
        // bulleted list" (but not "add at most 2 packages to the allow list").
        let listing = word_in(&ws, 0, "list|enumerate");
        let as_a_list = |k: usize| {
            (k + 1..k + 9).any(|j| {
                crate::drift::text::in_list(
                    "list|numbered|bulleted",
                    w(j).trim_end_matches(&['.', ',', ':'][..]),
                ) && (j.saturating_sub(3)..j).any(|i| word_in(&ws, i, "as|in"))
                    && (j.saturating_sub(2)..j).any(|i| word_in(&ws, i, "a|an"))
            })
            // "as a bulleted list of at most four items": the list named before the count.
            || (k.saturating_sub(6)..k).any(|j| {
                word_is(&ws, j, "list")
                    && word_is(&ws, j + 1, "of")
                    && (j.saturating_sub(3)..j).any(|i| word_in(&ws, i, "as|in"))
            })
        };
        // "The slogan must be in ALL CAPS. Max 6 words. Give 3 options": a bare count after a
        // sentence that names a short text is that text's when several are asked.
        let bare_after_a_short_text = ws.len() <= 4
            && index > 0
            // Several of them asked: "Give 3 options and recommend one".
            && several_asked
            && all.get(index - 1).is_some_and(|p| {
                has_words_any(
                    &p.to_ascii_lowercase(),
                    "slogan|headline|tagline|title|subject|caption|tooltip|blurb|label",
                )
            });
        // "Release notes … in English and German", "both versions": a count is per version
        // (`per_version`, read before the loop).
        // "Hard limit: 10 lines, blank lines included": blank lines are counted too.
        let blanks = lower.has("blank lines")
            && has_any_in(&lower, "count|included|including| too")
            && !has_any_in(
                &lower,
                "don't count|do not count|not counted|excluded|excluding|not included",
            );
        // "Reply in one line", "one-line answer please", "in a single line": at most one line
        // of the answer (not "add a one-line comment", "in one line of code").
        if one_line_asked(&ws) && !lines_beside_more(message, sentence) {
            push(sentence, Rule::Lines(1, false));
        }
        for k in 0..ws.len() {
            let noun = w(k).trim_end_matches(&['.', ','][..]);
            // "exactly 9 very short bullet points": a describing word or two may stand between.
            let described = || {
                (1..=2).find_map(|d| {
                    let j = k.checked_sub(d)?;
                    (j..k)
                        .all(|i| {
                            word_in(&ws, i, "very|short|brief|concise|markdown|simple|separate|distinct|main|key|clear")
                        })
                        .then(|| bound(&lower, &ws, j))
                        .flatten()
                })
            };
            let bounds = match bound(&lower, &ws, k) {
                Some(b) => vec![b],
                // "in 3 bullets or fewer", "3 bullet points or less": the bound after the noun.
                None if crate::drift::text::in_list("bullet|bullets", noun) => match described() {
                    Some(b) => vec![b],
                    None if noun == "bullets" => bounds_around(&lower, &ws, k),
                    None => match (
                        k.checked_sub(1).and_then(|j| number(w(j))),
                        w(k + 1),
                        w(k + 2),
                        w(k + 3),
                    ) {
                        (Some(n), "points", "or", "fewer" | "less")
                            if negated(&lower, &ws, k, 1) == Some(false) =>
                        {
                            vec![(Rel::LessThan, n + 1)]
                        }
                        _ => Vec::new(),
                    },
                },
                // "3 to 5 times" too (a counted word's or letter's range).
                None if crate::drift::text::in_list(
                    "word|words|sentence|sentences|times|paragraph|paragraphs|lines",
                    noun,
                ) =>
                {
                    bounds_around(&lower, &ws, k)
                }
                None => continue,
            };
            // "At most 150 words before the references": a part, whose end cannot be told.
            // "At most two sentences of justification": a part, named after "of".
            // "Close with exactly one sentence recommending …": the closing's count.
            let part_placed = (k.saturating_sub(3)..k).any(|j| {
                j > 0
                    && word_is(&ws, j, "with")
                    && word_in(&ws, j - 1, "close|end|finish|conclude|open|start|begin|up|off")
            }) || word_in(&ws, k + 1, "before|after|above|below")
                // "no more than 3 sentences in any bullet": each item's count.
                || (word_is(&ws, k + 1, "in")
                    && word_in(&ws, k + 2, "any|each|every|a")
                    && word_in(&ws, k + 3, "bullet|item|point|paragraph|section|entry|row|step|card"))
                // "at most 10 lines of the log output": lines of a paste.
                || (noun == "lines" && word_is(&ws, k + 1, "of"))
                || (word_is(&ws, k + 1, "of")
                    && crate::drift::text::in_list("sentence|sentences|word|words|paragraph|paragraphs|line|lines", noun)
                    && !word_in(&ws, k + 2, "text|prose|output|answer|response|reply|your|the|plain"));
            // "Report with: the cause (two sentences at most), the files changed, and …", "…:
            // the cause in 2 sentences, the files, and …":
            // one item of a list the colon opens bounds that item.
            let list_item = {
                let at = ws.get(k).map_or(0, |x| x.0 + x.1.len());
                let before = lower.get(..at).unwrap_or_default();
                let after = lower
                    .get(at..)
                    .unwrap_or_default()
                    .trim_start_matches(&['.', ' '][..]);
                before.contains(':')
                    && (after.starts_with(',') || after.starts_with(';'))
                    && after.has(" and ")
            };
            // ("End with exactly one question": the questions the reply asks, however placed.)
            // "…; if more than five failed, show the five worst": a condition, not a count.
            let if_clause = (k.saturating_sub(5)..k)
                .any(|i| word_in(&ws, i, "if|unless|whenever") && !apart(i, k));
            if bounds.is_empty()
                || if_clause
                || (part_placed && !crate::drift::text::in_list("question|questions", noun))
                || list_item
                || field_note(&lower, ws.get(k).map_or(0, |x| x.0))
            {
                continue;
            }
            // ("… a list of at most 5 items. Update: make that at most 8 items": the list's.)
            let counts_items = countable_item(noun)
                && (listing || as_a_list(k) || (lower.has("make that") && cx.lower.has("list of")));
            // "Each bullet under 15 words", "bullets of at most 10 words each", "12 words per
            // bullet": a bound on every bullet, not on the answer.
            let per_bullet = crate::drift::text::in_list("word|words", noun)
                && ((k.saturating_sub(8)..k).any(|j| {
                    word_in(&ws, j, "each|every")
                        && crate::drift::text::in_list("bullet|bullets", part_after(j + 1))
                        && (j + 6 >= k
                            || (j + 8 >= k && (j..k).any(|i| word_in(&ws, i, "must|should"))))
                }) || (word_is(&ws, k + 1, "per") && w(k + 2).starts_with("bullet"))
                    || (word_is(&ws, k + 1, "each")
                        && (k.saturating_sub(6)..k).any(|j| word_in(&ws, j, "bullet|bullets"))));
            // Not a part's or another text's bullets ("in the Risks section, keep each bullet
            // under 10 words", "the changelog entry, each bullet in it …", "the slide deck").
            let other_text = ws.iter().any(|(_, x)| {
                crate::drift::text::in_list("section|part|entry|deck|it|them|paragraph|paragraphs|file|changelog|readme|page|template", x)
            });
            if per_bullet && !other_text && !part_of(k) && !part_subject(k) {
                for &(rel, n) in &bounds {
                    push(sentence, Rule::BulletWords(rel, n));
                }
                continue;
            }
            if (per_part(k)
                || part_subject(k)
                || part_of(k)
                || part_after_noun(k)
                || excepted(k)
                || bare_after_a_short_text
                || per_version
                // "Give two versions: one for the developers (any length) and one for Doreen
                // of at most 30 words": said in the bound's own sentence.
                || has_any_in(&lower, "give two versions|write two versions|two versions:|and one for "))
                && (counts_items
                    || crate::drift::text::in_list("word|words|sentence|sentences|bullet|bullets|paragraph|paragraphs|line|lines", noun))
            {
                continue;
            }
            for (rel, n) in bounds {
                match noun {
                    "word" | "words" | "phrases" if caps => {
                        push(sentence, Rule::CapitalWords(rel, n))
                    }
                    "word" | "words" => push(sentence, Rule::Words(rel, n)),
                    "text" | "sections" | "section" | "parts" | "keywords" | "phrases"
                        if has_any_in(&lower, "highlight|italic")
                            && starred
                            && rel == Rel::AtLeast =>
                    {
                        push(sentence, Rule::Highlights(n))
                    }
                    "sentence" | "sentences" => push(sentence, Rule::Sentences(rel, n)),
                    // Questions put to the requester, not a text's ("an FAQ of five questions").
                    "question" | "questions"
                        if has_any_in(&lower, "ask|end with|finish with|close with|question for|questions for|at the end")
                            && !has_any_in(&lower, "faq|quiz|survey|interview|questionnaire|exam|form|each question|per question|answer") =>
                    {
                        push(sentence, Rule::Questions(rel, n, drafts_a_text))
                    }
                    "paragraph" | "paragraphs" if has("***") && rel == Rel::Exactly => {
                        push(sentence, Rule::DividedParagraphs(n))
                    }
                    // Dividers said another way ("* * *", "a markdown divider") are IFEval's
                    // paragraphs, which blank lines do not separate.
                    // Not a file's or another text's ("a docstring of at most two paragraphs",
                    // "add one paragraph to the README").
                    "paragraph" | "paragraphs"
                        // ("add one paragraph to the FAQ", not "explain it to the treasurer").
                        // ("… and under it give me the ticket numbers": more than that text.)
                        if !has_any_in(&lower, "divider|* * *|docstring|readme|comment|docs|description|section| per ")
                            && !(lower.has(" to the ")
                                && (has_any_in(&lower, "add|append|insert|give me|under it")
                                    || cx.more_than_one_text()))
                            && super::file_scope::paths(sentence).is_empty() =>
                    {
                        push(sentence, Rule::Paragraphs(rel, n))
                    }
                    "bullet" | "bullets" => push(sentence, Rule::Bullets(rel, n)),
                    // A bound on lines is a maximum ("in 5 lines" allows fewer); a minimum is
                    // not read.
                    // Only "lines": "exactly one line that starts with …" is a part.
                    "lines"
                        if lines_of_another_text(&ws, k)
                            || lines_beside_more(message, sentence) => {}
                    "lines" => match rel {
                        Rel::LessThan if n > 1 => push(sentence, Rule::Lines(n - 1, blanks)),
                        Rel::Exactly if n > 0 => push(sentence, Rule::Lines(n, blanks)),
                        _ => {}
                    },
                    _ if counts_items => push(sentence, Rule::ListItems(rel, n)),
                    "placeholder" | "placeholders" if rel == Rel::AtLeast => {
                        push(sentence, Rule::Placeholders(n))
                    }
                    "section" | "sections" if has("highlight") && rel == Rel::AtLeast => {
                        push(sentence, Rule::Highlights(n))
                    }
                    "times" | "time" => {
                        // "the letter k at least 4 times", "use the word river at least 3 times"
                        let head = lower
                            .get(..ws.get(k).map_or(0, |x| x.0))
                            .unwrap_or_default();
                        if let Some(i) = head.rfind("letter ") {
                            let tail = head.get(i + 7..).unwrap_or_default().trim_start();
                            let letter: String = tail
                                .trim_start_matches(&['"', '\'', '“'][..])
                                .chars()
                                .take_while(|c| {
                                    !c.is_whitespace() && !matches!(c, '"' | '\'' | '”')
                                })
                                .gather_text();
                            let mut cs = letter.chars();
                            if let (Some(c), None) = (cs.next(), cs.next()) {
                                push(sentence, Rule::LetterCount(c, rel, n));
                            }
                        } else if caps {
                            push(sentence, Rule::CapitalWords(rel, n));
                        } else if let Some(word) = counted_word(head) {
                            push(sentence, Rule::WordCount(word, rel, n));
                        }
                    }
                    _ => {}
                }
            }
        }
        for k in 0..ws.len() {
            let noun = w(k).trim_end_matches(&['.', ','][..]);
            // "20 to 25 sentences", "between 100 and 200 words": both bounds.
            let range = crate::drift::text::in_list("sentences|words", noun)
                .then(|| k.checked_sub(1).and_then(|j| range_at(&ws, j)))
                .flatten()
                .filter(|&(lo, hi, joiner)| joiner != "or" && lo <= hi && !per_part(k));
            if let Some((lo, hi, _)) = range {
                let (at_least, below) = if noun == "words" {
                    (
                        Rule::Words(Rel::AtLeast, lo),
                        Rule::Words(Rel::LessThan, hi + 1),
                    )
                } else {
                    (
                        Rule::Sentences(Rel::AtLeast, lo),
                        Rule::Sentences(Rel::LessThan, hi + 1),
                    )
                };
                push(sentence, at_least);
                push(sentence, below);
            }
            // "include two italic text sections", "one highlighted section": at least that many.
            if crate::drift::text::in_list("section|sections", noun)
                && starred
                && has_any_in(&lower, "highlight|italic")
            {
                let mut j = k;
                while j > 0
                    && crate::drift::text::in_list(
                        "italic|italicized|text|highlighted|markdown",
                        w(j - 1),
                    )
                {
                    j -= 1;
                }
                if j < k && bound(&lower, &ws, j).is_none() {
                    if let Some(n) = j
                        .checked_sub(1)
                        .and_then(|i| number(w(i)))
                        .filter(|n| *n > 0)
                    {
                        push(sentence, Rule::Highlights(n));
                    }
                }
            }
        }
        // "a hard 150-word limit", "a 150 word maximum".
        for k in 0..ws.len() {
            let t = w(k);
            let n = t
                .strip_suffix("-words")
                .or_else(|| t.strip_suffix("-word"))
                .and_then(|x| x.parse::<usize>().ok())
                .or_else(|| {
                    // "a 150 word maximum"; "reply in 60 words max" (the answer's, after "in"/"to",
                    // not a part's "TL;DR (25 words max)", nor "60 words, max 3 lines").
                    (word_is(&ws, k + 1, "word")
                        || (word_is(&ws, k + 1, "words")
                            && !apart(k + 1, k + 2)
                            && k > 0
                            && word_in(&ws, k - 1, "in|to")
                            && !lower.contains('(')))
                    .then(|| t.parse::<usize>().ok())
                    .flatten()
                });
            let next = if t.has("-word") { w(k + 1) } else { w(k + 2) };
            if let Some(n) =
                n.filter(|_| crate::drift::text::in_list("limit|maximum|max|cap", next))
            {
                push(sentence, Rule::Words(Rel::LessThan, n + 1));
            }
        }
        // "Sections titled 'What changed', 'Why' and 'Testing'" name headings too.
        // "Required sections: A, B" of the answer itself (not of a file the task writes).
        // No file named: "write the incident report in ops/x.md with the following sections".
        // (In the clause that asks them: "The PR description must include a `Screenshots`
        // section; your reply to me just needs the link" names the reply for another thing.)
        let asking = crate::drift::text::first_of(&lower, "section|heading")
            .and_then(|i| lower.get(i..)?.find("; ").map(|j| i + j))
            .and_then(|end| lower.get(..end))
            .unwrap_or(&lower);
        let answer_named = words_at(asking)
            .iter()
            .any(|(_, w)| crate::drift::text::in_list(ANSWER_NOUNS, w))
            && super::file_scope::paths(sentence).is_empty();
        // "Required sections: A, B", "Report with three sections: A, B, C".
        let opening = lower.trim_start_matches(&['-', '*', ' '][..]);
        // The text the message has written is the reply ("Write the deployment plan …", "Plan
        // the migration …"), and the sentence asks its sections with no subject of its own
        // ("Include sections …", "… with the sections A, B") or of that text ("The plan must
        // include …"): no document file written, nothing sent elsewhere.
        let of_the_written = writes_a_text && !handed_on && !sent_elsewhere && !document_words && {
            let mut o = opening.split_whitespace();
            let (first, second) = (o.next().unwrap_or_default(), o.next().unwrap_or_default());
            crate::drift::text::in_list("include|use|add|write|draft|plan|prepare", first)
                || (crate::drift::text::in_list("the|your", first)
                    && written_nouns.contains(&second))
        };
        let sections = crate::drift::text::contains_any(
            &lower,
            "sections titled|sections named|sections called",
        ) || super::text::starts_with_any(opening, "required sections|sections:|report sections")
            || ((answer_named || of_the_written)
                && crate::drift::text::contains_any(
                    &lower,
                    "required sections|following sections|these sections| sections:|the sections |include sections |sections headed",
                ));
        // "Add no new headings to `docs/a.md`", "without headings": none asked for.
        let denied = ws.iter().enumerate().any(|(k, (_, x))| {
            crate::drift::text::in_list("heading|headings", *x)
                && (k.saturating_sub(3)..k).any(|j| {
                    crate::drift::text::in_list("no|without", ws.get(j).map_or("", |y| y.1))
                        || negation_at(&ws, j)
                })
        });
        // "Write the notes into `RELEASE_NOTES.md`. Sections: A, B": a label of layout with no
        // answer named, in a message that writes a document, is the document's.
        let layout_label = super::text::starts_with_any(
            opening,
            "sections:|headings:|required sections|required headings",
        );
        // The text goes somewhere else the reply only links to: a PR description, an issue,
        // an email sent through a tool, a shared doc.
        let elsewhere = !answer_named && sent_elsewhere;
        // "The README must … contain the headings …": a document's, by its subject.
        let of_a_document = !answer_named
            && reply_apart
            && opening.strip_prefix("the ").is_some_and(|o| {
                has_words_any(
                    o.split(' ').next().unwrap_or_default(),
                    "readme|doc|docs|document|page|wiki|template|changelog|runbook|guide",
                )
            });
        let document_s = elsewhere
            || of_a_document
            || (layout_label
                && !answer_named
                && (document_words
                    || *writes_a_document.get_or_init(|| {
                        super::file_scope::paths(message).iter().any(|(at, p)| {
                            // A document written, not one read ("Read docs/runbook.md …").
                            let p = p.to_ascii_lowercase();
                            super::text::ends_with_any(&p, ".md|.rst|.adoc|.mdx|.txt")
                                && !ws_of(
                                    cx.lower.get(at.saturating_sub(24)..*at).unwrap_or_default(),
                                )
                                .iter()
                                .rev()
                                .take(3)
                                .any(|w| crate::drift::text::in_list("read|see|check|in", w))
                        })
                    })));
        // "- Sections: Hero, Pricing, FAQ" under "Current page:", "Headings: A, B are already
        // there": a list item or a statement, not an ask.
        // (A list item under a line about the reply — "## Report", "Format:" — is the reply's.)
        let under_the_reply = {
            let end = (sentence.as_ptr() as usize).saturating_sub(message.as_ptr() as usize);
            let before = cx
                .lower
                .get(end.saturating_sub(400)..end)
                .unwrap_or_default();
            let heading = before
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with(&['-', '*'][..]))
                .unwrap_or_default()
                .to_string();
            has_words_any(
                &heading,
                "report|format|reply|deliverable|output|requirements|rules|constraints|response|answer",
            )
        };
        let document_s = document_s
            || (layout_label
                && ((sentence.trim_start().starts_with(&['-', '*'][..]) && !under_the_reply)
                    || has_any_in(&lower, " are already| already exist| exist")));
        if let Some(list) = (!denied && !document_s)
            .then(|| named_list(sentence, &lower, "headings|heading"))
            .flatten()
            .or_else(|| {
                sections
                    .then(|| named_list(sentence, &lower, "sections"))
                    .flatten()
            })
            .or_else(|| {
                (answer_named || of_the_written)
                    .then(|| sections_titled(sentence, &lower))
                    .flatten()
            })
            .or_else(|| named_sections(sentence, &lower, &ws, of_the_written))
            .filter(|_| !document_s)
        {
            // "`Open questions` (optional, only if you have any)": that one may be left out.
            let list: Vec<String> = list.kept(|name| !optional_named(&lower, name));
            if !list.is_empty() {
                push(sentence, Rule::Headings(list));
            }
        }
        if let Some(names) = section_order(sentence, &lower).filter(|_| !document_s) {
            push(sentence, Rule::SectionOrder(names));
        }
        if let Some(ask) = tables::asked(sentence, &lower, table_before) {
            push(sentence, Rule::Table(ask));
        }
        if tables::banned(&lower) {
            push(sentence, Rule::NoTables);
        }
        // "'Summary' (plain English, no code blocks) and 'Patch' (the diff)": a part's aside.
        let part_aside = lower.find_str("no code block").is_some_and(|i| {
            super::text::in_parentheses(&lower, i)
                && lower
                    .get(..i)
                    .and_then(|h| h.rfind('('))
                    .and_then(|o| lower.get(..o))
                    .is_some_and(|h| {
                        h.trim_end()
                            .ends_with(&['\'', '"', '`', '*', '\u{201d}', '\u{2019}'][..])
                    })
        });
        if has_any_in(&lower, "no code block|without code block|no code fence|without code fence|no fenced code|without any code block") && !bounded_blocks(&lower) && !part_aside
            && !block_excepted(&lower, &lower)
        {
            push(sentence, Rule::NoCodeBlocks);
        }
        // The answer's form, from a sentence about the answer: one that opens with an answer
        // verb or a ban (not "Fix the bug where …", "Add a `no_bullets` option").
        if no_bullets(&lower, &ws) {
            push(sentence, Rule::NoBullets(no_numbered(&lower)));
        }
        if no_headings(&lower, &ws) {
            push(sentence, Rule::NoHeadings);
        }
        if has_any_in(&lower, "british spelling|british english spelling|british spellings") && !has_any_in(&cx.lower, "us spelling|american spelling|us english|american english|en-us") && !has_any_in(&lower, " in all | in any |oxford|-ize")
            // Of the reply: "throughout", "in your report", "in the prose"; not "Write the user
            // guide in British spelling" beside a note, nor "the docs use British spelling".
            && has_any_in(&lower, "throughout|your report|your reply|your answer|the report|the prose|your explanation|write-up|your summary")
        {
            // ("British spelling in all UI copy you write": a part, not the reply.)
            push(sentence, Rule::BritishSpelling);
        }
        if form_banned(&lower, &ws, "markdown|formatting", "any|the|md|markdown") {
            push(sentence, Rule::NoMarkdown);
        }
        if no_urls(&lower, &ws) && !*invites.get_or_init(|| invites_a_link(&cx.lower)) {
            push(sentence, Rule::NoUrls);
        }
        // Said of the reply or of nothing in particular: "no exclamation marks in the SMS
        // templates" may leave the report's own words free.
        if no_exclamations(&lower)
            && (!has_any_in(
                &lower,
                " in the | in any | in your |for the | in its | in each ",
            ) || has_any_in(
                &lower,
                "your reply|your answer|your report|your response|the reply|the report|the whole",
            ))
        {
            push(sentence, Rule::NoExclamations);
        }
        let pronouns_banned = no_first_person(&lower, &ws);
        if let Some(pronouns) = pronouns_banned.clone() {
            push(sentence, Rule::NoFirstPerson(pronouns));
        }
        if asks_numbered_list(&ws) {
            push(sentence, Rule::NumberedList);
        }
        if let Some(n) = answer_sentences(&lower, &ws).filter(|_| is_last) {
            push(sentence, Rule::Sentences(Rel::LessThan, n + 1));
        }
        if let Some((commit, n)) = title_chars_asked(&lower) {
            push(
                sentence,
                Rule::TitleChars(commit, n, commit && line_cx.whole()),
            );
        } else if let Some((noun, n)) = text_chars_asked(
            &lower,
            index.checked_sub(1).and_then(|i| all.get(i)).copied(),
        ) {
            let alone = [
                format!("just the {noun}"),
                format!("give me the {noun}"),
                format!("only the {noun}"),
                format!("the {noun} and nothing else"),
            ];
            let whole = alone.iter().any(|a| cx.lower.contains(a.as_str()))
                || has_any_in(&cx.lower, "just the text|just give me the text|only the text|the text and nothing else|just the message|only the message|the message and nothing else");
            push(sentence, Rule::TextChars { noun, n, whole });
        }
        if let Some((n, noun)) = titles::asked(&lower) {
            push(sentence, Rule::TitleWords(n, tracker, noun, wrote_a_file));
        }
        for a in line_length::asked(&lower, &line_cx) {
            match a {
                line_length::Asked::Subject(n) => {
                    push(sentence, Rule::TitleChars(true, n, line_cx.whole()))
                }
                line_length::Asked::Lines(l) => push(sentence, Rule::LineChars(l)),
            }
        }
        if let Some(form) = iso_dates_asked(sentence, &lower, &cx.asked) {
            push(sentence, Rule::IsoDates(form));
        }
        if clock_24_asked(sentence, &lower, &cx) {
            push(sentence, Rule::Clock24);
        }
        // A number format, said of the reply's figures (not of one part of it).
        if !in_the_named_part(&lower, &cx.asked) && super::file_scope::paths(sentence).is_empty() {
            for f in numbers::asked(&lower, message) {
                push(sentence, Rule::NumberFormat(f));
            }
        }
        // "… as a JSON array. Each object must have exactly these keys: …": keys said after the
        // message asked for JSON.
        // (The word first: the sentence before is lowercased only then.)
        let json_keys_after = !has("json")
            && ws.iter().any(|(_, x)| *x == "keys")
            && index
                .checked_sub(1)
                .and_then(|i| all.get(i))
                .is_some_and(|b| {
                    // Asked of the answer ("give me … as a JSON array"), not a file's or data's
                    // ("Fix tests/fixtures/users.json", "our log lines are JSON").
                    let b = b.to_ascii_lowercase().replace(".json", ".file");
                    has_any_in(&b, "as a json|as json|in json")
                        || (has_any_in(&b, "json array|json object|json list")
                            && has_any_in(&b, "give|return|reply|answer|respond|output|list|report|send|provide|print|produce"))
                })
            && !has_any_in(&lower, "yaml|front matter|front-matter|toml|header")
            && super::file_scope::paths(sentence).is_empty();
        if has("json") || json_keys_after {
            // "Your reply must be valid JSON": the reply is the JSON (not "the endpoint's
            // response must be valid JSON").
            let reply_is_json = has_any_in(
                &lower,
                "your reply|your response|your answer|your output|your whole|your entire",
            ) && has_any_in(
                &lower,
                "be valid json|be json|be a valid json|be a json|be a single json",
            );
            if let Some(mut list) = named_list(sentence, &lower, "keys|fields") {
                // "top-level keys are exactly `summary`, `findings`": the names are the ones
                // quoted as code, not the words before them.
                if list.iter().any(|k| k.contains('`')) {
                    let at = outside_code_find(&lower, "keys")
                        .or_else(|| outside_code_find(&lower, "fields"))
                        .unwrap_or(0);
                    // (Up to a clause or a second key list: "…; `rows` is a list of
                    // objects, each with the keys `stop` and `late`" names nested keys.)
                    let tail = lower.get(at + 4..).unwrap_or_default();
                    let end =
                        super::text::first_of(tail, ";| keys").map_or(lower.len(), |e| at + 4 + e);
                    list = super::text::code_spans(sentence.get(at..end).unwrap_or_default())
                        .into_iter()
                        .map(str::to_string)
                        .gather()
                        .kept(|k| !k.is_empty() && !k.contains(' '));
                }
                let exact = has_any_in(&lower, "exactly the keys|keys are exactly|keys must be exactly|exactly these keys|exactly these json keys|exactly the json keys|only the keys|only these keys|only the json keys|only these json keys|and no others|no other keys|no other fields|no extra keys|no additional keys");
                // Paths and globs are no keys ("the keys in `src/i18n/en.json`, the `settngs.*`
                // ones"); keys in a sentence that names a file are that file's ("Create
                // `tools/manifest.json` … with keys `id`, `checksum`").
                list.keep(|k| !k.contains(&['/', '*', ' '][..]));
                // A folder or file read as input ("Parse `logs/ingest/a.log` and give me …")
                // is no home for the keys; one the sentence writes is.
                let writes = ws.iter().any(|(_, w)| {
                    crate::drift::text::in_list(
                        "create|write|save|into|update|add|edit|generate",
                        w,
                    )
                });
                let of_a_file = super::file_scope::paths(sentence).iter().any(|(_, p)| {
                    (p.contains('/') && writes)
                        || super::text::ends_with_any(p, ".json|.yaml|.yml|.toml|.csv|.ndjson")
                });
                // "Write whatever notes you like, but finish with a JSON object with keys …".
                let json_at = lower.find_str("json").unwrap_or(0);
                let at_end = ws.windows(2).any(|x| match x {
                    [(at, verb), (_, next)] => {
                        *at < json_at
                            && crate::drift::text::in_list("finish|end|close|conclude", verb)
                            && crate::drift::text::in_list("your|with|it|the", next)
                    }
                    _ => false,
                }) && !has_any_in(&lower, "only|nothing else|no prose|no other");
                // "If the booking can't be found, return exactly `{"error": "not_found"}`
                // instead": another object is the answer on a condition the text cannot show.
                let fallback = cx.lower.has("instead")
                    && has_any_in(&cx.lower, "exactly `{|return `{|reply `{|exactly {\"");
                // "You can omit `last_error` for printers whose status is `ok`".
                let list: Vec<String> = list
                    .kept(|k| {
                        !crate::drift::text::any_in_built(
                            &cx.lower,
                            &format!("omit `{k}`|leave out `{k}`|`{k}` is optional|`{k}` (optional|`{k}` may be omitted|`{k}` can be omitted"),
                        )
                    });
                // Nothing but the JSON: said in so many words, the reply itself is to be
                // JSON ("your reply must be valid JSON"), or a program reads the reply.
                let alone = reply_is_json || has_any_in(
                    &cx.lower,
                    "only|nothing else|nothing before|nothing but|no prose|no other|no text|nothing outside|no surrounding|no commentary|no markdown|no preamble|no explanation|entire response|entire reply|whole reply|whole response|pars|machine|jq|script|pipe|raw json|bare json|fed ",
                );
                // "The endpoint's response must be JSON with keys …": what code returns.
                let served = !alone
                    && !has_any_in(&lower, "your |reply|respond|answer|report")
                    && has_words_any(&lower, "endpoint's|endpoint|handler|payload|server");
                if !list.is_empty() && !of_a_file && !fallback && !served {
                    push(
                        sentence,
                        if at_end && !exact {
                            Rule::JsonKeysAtEnd(list)
                        } else {
                            Rule::JsonKeys(list, exact, alone)
                        },
                    );
                }
            }
            // The whole answer in JSON: "JSON only", "a raw JSON object", "strictly valid
            // JSON" (not what built code returns: "the endpoint must return raw JSON").
            let built = has_any_in(&lower, "endpoint|return|serializ|api|route|handler|function|server|payload|log|request|file|schema");
            // "Raw JSON results are in `eval/out/*.json`", "in package.json only": files.
            let files = !super::file_scope::paths(sentence).is_empty();
            if !built
                && !files
                && (reply_is_json || has_any_in(&lower.replace(".json", ".file"), "json only|only json|reply with only a json|respond with only a json|answer with only a json|return only a json|output only a json|no prose before or after the json|no prose before or after,|no prose before or after.|only valid json|only the json|raw json|strictly valid json|nothing but json|nothing but the json|pure json|bare json"))
            {
                push(sentence, Rule::Json);
            }
        }
        // "the number of words in all capital letters should be less than 5": the bound ends
        // the sentence.
        if caps && has("number of words") {
            if let Some((rel, n)) = (1..=ws.len()).rev().find_map(|k| bound(&lower, &ws, k)) {
                push(sentence, Rule::CapitalWords(rel, n));
            }
        }
        let counted_caps = out_has_capital_count(&lower, &ws, caps);
        // A case rule is about the answer's own text ("your entire response … in all lowercase
        // letters", "use only lowercase"), not an operation the task describes ("a function
        // that lowercases the title", "count the lowercase letters of the HTTP response").
        // Named, the answer is meant; "all lowercase", "be lowercase" said of keys, names or
        // columns ("the new config keys must be lowercase snake_case") is the code's case.
        let names_answer = has_any_in(
            &lower,
            "your |entire|whole answer|whole response|every letter",
        );
        let about_answer = names_answer
            || (has_any_in(&lower, "all lowercase|all lower case|in lowercase|in lower case|only lowercase|lowercase only|letters are lowercase|be lowercase|all caps|all capital|in capital letters") && !names_code(&ws));
        // A writing request ("make a tweet … without using capital letters") is about its answer.
        let writing = matches!(
            ws.first().map(|(_, w)| *w),
            Some(
                "write"
                    | "make"
                    | "compose"
                    | "generate"
                    | "draft"
                    | "create"
                    | "answer"
                    | "reply"
                    | "respond"
            )
        ) && !names_code(&ws);
        // A question about case ("why do people write in all caps?", "explain how lowercase
        // URLs work") asks about it, not for it, unless it names the answer ("your").
        let wh = |x: &str| crate::drift::text::in_list("why|how|what|whether|when|which|who", x);
        let asks_about = !has("your ")
            && (wh(w(0))
                || (word_in(&ws, 0, "explain|describe|discuss|tell")
                    && (wh(w(1)) || (word_is(&ws, 1, "me") && wh(w(2))))));
        // Each case phrase read with the negation that governs it, if any: "No lowercase letters
        // allowed" asks for capitals, "no capital letters" or "without using capital letters"
        // for lowercase, and "don't write your answer in all caps" for neither (mixed case
        // keeps it).
        let lowercase_at = ws
            .iter()
            .find(|(_, w)| *w == "lowercase")
            .map(|x| x.0)
            .or_else(|| lower.find_str("lower case"));
        let lowercase_negated = lowercase_at.map(|at| case_negated(&lower, at));
        let all_caps_at = crate::drift::text::first_of(&lower, "all capital letters|all caps|all-caps|all uppercase|in capital letters|capitalize every|capitalize all|only use capital letters|should be capitalized|capital letters only|uppercase only");
        let all_caps_negated = all_caps_at.map(|at| case_negated(&lower, at));
        // "capital letters" not asked for throughout: negated, they ask for lowercase.
        let capitals_negated = super::text::parts("capital letter|capitalized|capitalised")
            .iter()
            .flat_map(|p| lower.match_indices(p).map(|(at, _)| at))
            .filter(|&at| {
                let before = lower.get(..at).unwrap_or_default().trim_end();
                !before.ends_with("all") && !before.ends_with(" in")
            })
            .any(|at| case_negated(&lower, at) == Some(true));
        // A negated "lowercase" asks for capitals when it names the letters ("no lowercase
        // letters", "lowercase letters are not allowed", "without lowercase"); a negated style
        // ("don't write in lowercase") leaves mixed case, so neither rule.
        let lowercase_letters = lowercase_at.is_some_and(|at| {
            let before = lower.get(..at).unwrap_or_default().trim_end();
            let after = lower.get(at..).unwrap_or_default();
            words_at(after)
                .get(1)
                .is_some_and(|(_, x)| crate::drift::text::in_list("letters|letter|characters", x))
                || before.ends_with(" no")
                || before == "no"
                || before.ends_any("without|avoid")
        });
        let no_lowercase = lowercase_negated == Some(Some(true)) && lowercase_letters;
        let lowercase_asked = lowercase_negated == Some(Some(false));
        let capitals_asked = no_lowercase || all_caps_negated == Some(Some(false));
        // An operation on text ("converts the label to all uppercase", "turns the slug into
        // lowercase") is the task's, unless the answer is named.
        let operation = !has("your ")
            && has_any_in(&lower, " to all | into all | to lowercase| into lowercase| to uppercase| into uppercase| to capital| into capital");
        // "Description in lowercase", "Titles all caps": the case of a part the sentence opens
        // with, not of the whole answer.
        let part_first = {
            let mut words = ws.iter().map(|(_, w)| *w).skip_while(|w| {
                crate::drift::text::in_list("the|each|every|all|a|your|any|new", w)
            });
            let first = words.next();
            // "Name the bucket in lowercase" names a thing; "Name three languages, all in
            // lowercase" asks for an answer.
            let counted = words.next().is_some_and(|w| number(w).is_some());
            (first == Some("name") && !counted)
                || first.is_some_and(|w| {
                    crate::drift::text::in_list("description|descriptions|subject|title|titles|caption|captions|hashtags|tags|headline|headlines|names|log|logs|strings|labels|slugs|filenames|identifiers|branches", w)
                })
        };
        // "Finish with the line READY (all caps, no punctuation)": an aside on one line.
        let aside_only = {
            let mut at = super::text::parts("lowercase|lower case|caps|capital|uppercase")
                .iter()
                .flat_map(|p| lower.match_indices(p).map(|(i, _)| i))
                .peekable();
            at.peek().is_some() && at.all(|i| super::text::in_parentheses(&lower, i))
        };
        // "A one-line Slack status, written entirely in lowercase. Below that, add a short
        // explanation": the case of that line, not of what follows it.
        // "A one-line verdict in ALL CAPS first, then a short justification" too.
        let one_line = has_any_in(&lower, "one-line|one line|single-line|single line")
            && ((has_any_in(&lower, "first|start with|begin with|lead with|open with") && has_any_in(&lower, ", then |; then | then a | and then "))
                || has_any_in(&lower, "then a normal|underneath|below it|below that|the rest can|written normally")
                || *more_below.get_or_init(|| {
                    has_any_in(
                        &cx.lower,
                        "below that|below it|under that|underneath that|after that line|followed by|underneath|after that, |write normally",
                    )
                }));
        // "Write 'linen room' in lower case, …": the case of a term, not of the reply.
        let of_a_term = crate::drift::text::first_of(&lower, "lowercase|lower case|caps|uppercase")
            .is_some_and(|i| {
                let before = lower.get(..i).unwrap_or_default().trim_end();
                let before = before.strip_suffix(" in").unwrap_or(before).trim_end();
                before.ends_with(&['\'', '"', '\u{2019}', '\u{201d}', '`'][..])
            });
        // "A status on the first line in ALL CAPS …, then describe it in normal case": the
        // first line's case.
        // ("… for the commit's first line, all lowercase": the commit's, checked by its form.)
        let first_line = has_any_in(&lower, "commit's first line|commit subject")
            || has_any_in(
            &lower,
            "first line|the top line|title line|top of your reply|with a status line|with a one-word status",
        )
            && has_any_in(
                &lower,
                ", then |; then |the rest|sentence case|normally|everything after|after that first line|normal prose",
            );
        // "… in all lowercase, except file names and tank ids": which words keep their case is
        // not told.
        let excepted = has_any_in(&lower, "except |the only exception")
            && !has_any_in(&lower, "anything except|nothing except");
        // "Any log messages you add must be lowercase": the messages logged, where shown.
        // ("Error messages you log must be lowercase" too.)
        if (part_first && ws.iter().any(|(_, w)| *w == "log")
            || has_any_in(&lower, "messages you log|messages logged|log message you add|log messages you add|log lines you add"))
            && lowercase_asked
        {
            push(
                sentence,
                Rule::InPart("log messages".into(), Box::new(Rule::Lowercase)),
            );
        } else if asks_about
            || operation
            || part_first
            || aside_only
            || one_line
            // "Add the word DONE on its own line at the end, in all caps": that line's.
            || has_any_in(&lower, "on its own line|on a line of its own")
            || of_a_term
            || first_line
            || excepted
        {
            // Neither rule.
        } else if (about_answer || writing)
            && !capitals_asked
            && (lowercase_asked || (capitals_negated && !counted_caps))
        {
            push(sentence, Rule::Lowercase);
        } else if (about_answer || no_lowercase)
            && !counted_caps
            && capitals_asked
            && !lowercase_asked
        {
            push(sentence, Rule::Uppercase);
        }
        // The word, not a part of one ("the 10 commandments"), banned by its own clause.
        let commas = ws
            .iter()
            .position(|(_, w)| crate::drift::text::in_list("comma|commas", *w))
            .filter(|&k| bans_commas(&lower, &ws, k))
            // "the total as a plain integer with no commas", "numbers without commas": a
            // number's format, not a ban on the text's commas.
            .filter(|&k| {
                let w = |d: usize| k.checked_sub(d).and_then(|i| ws.get(i)).map_or("", |x| x.1);
                let noun = |x: &str| {
                    crate::drift::text::in_list("integer|integers|number|numbers|figure|figures|total|totals|amount|amounts|count|counts|digits|value|values", x)
                };
                !((w(1) == "without" && noun(w(2)))
                    || (w(1) == "no" && w(2) == "with" && noun(w(3))))
            })
            .and_then(|k| ws.get(k))
            .map(|(at, _)| *at);
        // "a line `Rows: <n>` with plain integers (no commas)": an aside bans them in its part.
        if commas.is_some_and(|at| {
            !hedged(&lower, at) && !scoped(&lower, at) && !super::text::in_parentheses(&lower, at)
        }) && !has("separated by comma")
            // "a dot as the decimal separator, never a comma": a number form (numbers.rs).
            && !has("decimal")
        {
            push(sentence, Rule::NoCommas);
        }
        if has_any_in(&lower, "double quot")
            && has_any_in(&lower, "entire|whole|wrap|enclose|surround")
        {
            push(sentence, Rule::Quoted);
        }
        // "End with the marker `<<EOR>>`" is an ending, not a title.
        if (has("<<") && has(">>") && has_any_in(&lower, "title|name|bracket"))
            || has("double angular brackets")
        {
            push(sentence, Rule::Title);
        }
        if has_any_in(&lower, "json format|in json|as json|wrapped in json") && has_any_in(&lower, "entire output|entire response|whole response|use json|wrapped in json|in json format") {
            push(sentence, Rule::Json);
        }
        match only_output(&lower) {
            // With keys, the JSON-keys rule reads it.
            Some(true) if !has_any_in(&lower, "key|field|propert") => push(sentence, Rule::Json),
            Some(false) if !note_allowed_beside_code => push(sentence, Rule::CodeOnly),
            _ => {}
        }
        if has("postscript") || has("p.s.") || has("p.p.s") {
            let marker = if has("p.p.s") { "P.P.S" } else { "P.S." };
            // Asked for by a verb whose object it is ("add a postscript", "please write a P.S.",
            // "finish your email with a short P.S.", "your reply must have a postscript"), not a
            // topic ("write about the PostScript language", "when people use a P.S.");
            // "do not include a postscript" asks for none ("don't forget to add one" does).
            // Where the mention starts and ends ("P.S." is two words to the word scan).
            let (mention, marker_len) = super::text::parts("postscript|p.p.s|p.s")
                .iter()
                .filter_map(|m| lower.find(m).map(|i| (i, m.len())))
                .min()
                .unwrap_or((0, 0));
            let at = ws
                .iter()
                .position(|(a, x)| a + x.len() > mention)
                .unwrap_or(0);
            let after = ws
                .iter()
                .position(|(a, _)| *a >= mention + marker_len)
                .unwrap_or(ws.len());
            let verb = |x: &str| {
                crate::drift::text::in_list(
                    "add|include|append|write|put|have|contain|sign|end|finish|conclude|with",
                    x,
                )
            };
            let filler = |x: &str| {
                crate::drift::text::in_list(
                    "a|an|the|short|brief|final|little|small|one|single|it|off|up",
                    x,
                )
            };
            let language = crate::drift::text::in_list("language|file|files|format|printer|program|programs|code|operator|operators|document|documents|interpreter", w(after));
            // Where it goes says it is wanted: "a postscript at the end starting with P.S.".
            let placed = matches!(
                (w(after), w(after + 1), w(after + 2)),
                ("at", "the", "end" | "bottom") | ("starting" | "beginning", "with", _)
            );
            // The verb: the first word before the mention that is not a filler. A question
            // ("should I include a P.S. in my cover letter?") asks about one.
            let v = (0..at).rev().find(|&j| !filler(w(j)));
            let question = sentence.trim_end().ends_with('?');
            let asked = !language
                && (placed || (!question && v.is_some_and(|j| at - j <= 4 && verb(w(j)))));
            let negator =
                |j: usize| crate::drift::text::in_list("no|without", w(j)) || negation_at(&ws, j);
            // A negation right before the verb ("do not include", "must not have", "never
            // ever add", "don’t add"); "with no greeting and add a P.S." asks for one.
            let refused = v.is_some_and(|j| {
                j > 0 && (negator(j - 1) || (j > 1 && w(j - 1) == "ever" && negator(j - 2)))
            });
            // "Do not, under any circumstances, add a P.S.": a negation cut off from the verb
            // by a comma may govern it; unclear, so unread.
            let cut_off = v.is_some_and(|j| {
                (0..j).any(|i| {
                    negation_at(&ws, i)
                        && apart(i, i + 1)
                        && !(i + 1..j).any(|b| crate::drift::text::in_list("and|but|then", w(b)))
                        && !lower
                            .get(ws.get(i).map_or(0, |x| x.0)..ws.get(j).map_or(0, |x| x.0))
                            .is_some_and(|gap| gap.contains(';'))
                })
            });
            if asked && !refused && !cut_off {
                push(sentence, Rule::Postscript(marker.to_string()));
            }
        }
        // "End with 'no action needed' if …, otherwise with 'action required'": which ending
        // applies turns on a condition the text cannot settle.
        // The phrase's own words are none ("end with: Ping me if anything is unclear.").
        // A phrase with a letter the sentence defines ("`Confidence: N/5` where N is …") is a
        // template, which no phrase stands for.
        let conditional = |phrases: &[String]| {
            let mut rest = lower.clone();
            for p in phrases {
                rest = rest.replacen(&p.to_ascii_lowercase(), " ", 1);
            }
            crate::drift::text::contains_any(&rest, " if | unless |otherwise| whether ")
                || phrases.iter().any(|p| {
                    p.split(crate::drift::text::not_alnum_char)
                        .filter(|t| t.len() == 1 && t.chars().all(|c| c.is_ascii_alphabetic()))
                        .any(|t| {
                            let t = t.to_ascii_lowercase();
                            // "… `Total: N`, with N the number", "N being the count".
                            super::text::parts(
                                "where {} |where `{}`|with {} the |with `{}` the | {} being |`{}` being ",
                            )
                            .iter()
                            .any(|f| rest.contains(&f.replace("{}", &t)))
                        })
                })
        };
        match answer_line::asked(sentence, &lower) {
            Some(answer_line::Asked::Line(ps)) => push(sentence, Rule::FirstLineIs(ps)),
            Some(answer_line::Asked::Word(ps)) => push(sentence, Rule::StartsWithOneOf(ps)),
            None => match first_line_phrases(sentence, &lower).filter(|ps| !conditional(ps)) {
                Some(mut ps) if ps.len() == 1 => push(sentence, Rule::StartsWith(ps.remove(0))),
                Some(ps) => push(sentence, Rule::StartsWithOneOf(ps)),
                None => {
                    if let Some(p) = opening_phrase(sentence, &lower, false)
                        .filter(|p| !conditional(std::slice::from_ref(p)))
                    {
                        if !template(&p) {
                            push(sentence, Rule::StartsWith(p));
                        }
                    } else if let Some(p) = opening_phrase(sentence, &lower, true)
                        .filter(|p| !conditional(std::slice::from_ref(p)) && !template(p))
                    {
                        push(sentence, Rule::CommitStartsWith(p));
                    } else if let Some(ps) = opening_choices(sentence, &lower)
                        .filter(|ps| !conditional(ps) || every_branch(&lower))
                    {
                        push(sentence, Rule::StartsWithOneOf(ps));
                    } else if has_any_in(&lower, "first line|first word")
                        && has_any_in(&lower, "'yes' or 'no'|`yes` or `no`|\"yes\" or \"no\"")
                        && !ws_of(&lower).iter().any(|w| super::constraints::negator(w))
                    {
                        // "Answer 'Yes' or 'No' on the first line" (an answer alone on it is
                        // `answer_line`'s).
                        push(
                            sentence,
                            Rule::StartsWithOneOf(vec!["yes".into(), "no".into()]),
                        );
                    }
                }
            },
        }
        // ("…; something like 'Fixed X' is the kind of thing I mean": an example.)
        if has_any_in(&lower, END_CUES)
            && (!lower.has("kind of thing") || has_any_in(&lower, "exact|verbatim"))
        {
            // ("Don't use 'etc.'; finish your lists properly": the ending cue's own clause.)
            let cued_with = |p: &String| {
                let mut holders = sentence
                    .split("; ")
                    .filter(|c| c.contains(p.as_str()))
                    .peekable();
                holders.peek().is_none()
                    || holders.any(|c| {
                        let c = c.to_ascii_lowercase();
                        has_any_in(&c, END_CUES) || !has_words_any(&c, "don't|not|never|avoid|no")
                    })
            };
            // "Sign off with 'Clear skies,' on one line followed by 'The Team' on the next": the
            // last line is the later quote.
            let followed = || {
                let r = sentence.get(lower.find_str("followed by ")? + 12..)?;
                let inner = r.strip_prefix(['\'', '"', '`', '\u{2018}', '\u{201c}'])?;
                inner
                    .get(..inner.find(['\'', '"', '`', '\u{2019}', '\u{201d}'])?)
                    .map(str::to_string)
            };
            if let Some(p) = ending_phrase(sentence, &lower)
                .map(|p| followed().unwrap_or(p))
                .filter(|p| !template(p) && cued_with(p))
            {
                if let Some(choices) = alternatives(&p) {
                    // "`Confidence: high|medium|low`": one of the three.
                    push(sentence, Rule::EndsWithOneOf(choices));
                } else if !conditional(std::slice::from_ref(&p)) {
                    push(sentence, Rule::EndsWith(p));
                }
            } else if let Some(choices) =
                ending_choices(sentence, &lower).filter(|c| !conditional(c) || every_branch(&lower))
            {
                push(sentence, Rule::EndsWithOneOf(choices));
            }
        }
        // "Don't use 'reject', because the plant says 'hold for review' now": the terms of the
        // reason are no part of the ban.
        let (banning, ban_lower) = match ban_before_reason(&lower) {
            Some(i) => (
                sentence.get(..i).unwrap_or(sentence),
                lower.get(..i).unwrap_or(&lower),
            ),
            None => (sentence, lower.as_str()),
        };
        // "(a) an email …, which must not mention X, and (b) a memo that gives it": the next
        // text's words are no part of the ban.
        let (banning, ban_lower) = match super::text::first_of(
            ban_lower,
            ", and (b)| and (b) |, (b) |; (b)|, and (2)| and (2) |, (2) |; (2)",
        )
        .filter(|_| ban_lower.has_any("(a)|(1)"))
        {
            Some(i) => (
                banning.get(..i).unwrap_or(banning),
                ban_lower.get(..i).unwrap_or(ban_lower),
            ),
            None => (banning, ban_lower),
        };
        let mut words_rule = word_rule(banning, ban_lower);
        // "Say 'UAV', never 'drone'": a term to use in place of another, one rule; the reply
        // need not name the thing at all.
        if !matches!(words_rule, Some((true, _))) {
            // "When talking about court proceedings, say 'hearing', never 'session'": the word
            // in one sense, which the text cannot tell.
            let in_a_sense = has_any_in(ban_lower, IN_A_SENSE);
            if let Some(list) = called_ban(banning, ban_lower, &cx.asked)
                .or_else(|| named_ban(banning, ban_lower))
                .or_else(|| passive_ban(banning, ban_lower))
                .or_else(|| active_ban(banning, ban_lower, &cx.asked))
                .filter(|_| !in_a_sense && !topic_said(&lower))
                // "(use 'priority' instead)", "(the agreed wording is 'out of service')": the
                // term to say in its place is no ban.
                .map(|mut l| {
                    l.keep(|t| {
                        !super::text::parts("use|say|write|wording is|term is|word is|name is")
                            .iter()
                            .any(|v| {
                                ['\'', '"', '`'].iter().any(|q| {
                                    ban_lower.has(&format!("({v} {q}{t}{q}"))
                                        // ("(the manager prefers 'defect')".)
                                        || ban_lower.has(&format!("prefers {q}{t}{q}"))
                                        || ban_lower.has(&format!("{v} {q}{t}{q} instead"))
                                        || (v.ends_with(" is")
                                            && ban_lower.has(&format!("{v} {q}{t}{q})")))
                                })
                            })
                    });
                    l
                })
                .filter(|l| !l.is_empty())
            {
                push(sentence, Rule::Forbids(list));
                words_rule = None;
            }
        }
        // "In the email, say 'guests', never 'customers'": a term in place of another, said of
        // a part (not read above); the term itself is not asked.
        if matches!(words_rule, Some((false, _)))
            && [", never ", ", not "].iter().any(|p| {
                // (", not 'cancelled'": a term in place of another; not ", not a name".)
                lower.find_str(p).is_some_and(|i| {
                    term_asked(lower.get(..i).unwrap_or_default())
                        && (*p == ", never "
                            || lower.get(i + p.len()..).is_some_and(|r| {
                                r.starts_with(['\'', '"', '\u{2018}', '\u{201c}'])
                            }))
                })
            })
        {
            words_rule = None;
        }
        // "Do not use 'I' or 'we'": the first-person rule, which knows "Phase I" is a numeral.
        if let (Some((true, list)), Some(pronouns)) = (&words_rule, &pronouns_banned) {
            if list
                .iter()
                .all(|w| pronouns.contains(&w.to_ascii_lowercase()))
            {
                words_rule = None;
            }
        }
        // "Use \"du\"", "use 'vous'": a form of address, which a translation keeps in its verbs
        // whether or not the pronoun appears.
        if let Some((false, list)) = &words_rule {
            if list.iter().all(|w| {
                crate::drift::text::in_list(
                    "du|sie|tu|vous|usted|ustedes|vosotros|jij|ty|vy|lei|voi",
                    crate::drift::text::lower(w),
                )
            }) {
                words_rule = None;
            }
        }
        if topic_said(&lower) {
            words_rule = None;
        }
        if let Some((forbid, list)) = words_rule {
            push(
                sentence,
                if forbid {
                    Rule::Forbids(list)
                } else {
                    Rule::Includes(list)
                },
            );
        }
        // "Do not include the letter "c" anywhere".
        if let Some(i) = lower.find_str("the letter ").filter(|&i| {
            // The negation must govern the letter: "do not include the letter c", "without the letter e".
            let near = lower.get(i.saturating_sub(24)..i).unwrap_or_default();
            has_any_in(near, "not |n't |n’t |without |no ") && !has("times") && !hedged(&lower, i)
        }) {
            {
                let tail = sentence.get(i + 11..).unwrap_or_default().trim_start();
                let letter: String = tail
                    .trim_start_matches(&['"', '\'', '“'][..])
                    .chars()
                    .take_while(|c| c.is_alphanumeric())
                    .gather_text();
                let mut cs = letter.chars();
                if let (Some(c), None) = (cs.next(), cs.next()) {
                    push(sentence, Rule::LetterCount(c, Rel::LessThan, 1));
                }
            }
        }
        // The language is the answer's ("respond in Hindi", "only the Thai language", "using
        // Tamil", "answer in German"), not a topic ("the Japanese language's writing systems",
        // "comments written in German").
        let before =
            |i: usize, j: usize| i.checked_sub(j).and_then(|k| ws.get(k)).map_or("", |x| x.1);
        let asked_in = |name: &str| {
            ws.iter().enumerate().any(|(i, (_, x))| {
                let lead = |x: &str| crate::drift::text::in_list("in|only|using|use", x);
                *x == name && (lead(before(i, 1)) || (before(i, 1) == "the" && lead(before(i, 2))))
            })
        };
        // "Respond in German", "please answer in Swahili", "your reply in Italian": the
        // answer named just before, as a verb or as "your …"; "translate the answers in French"
        // and "the bot's reply in Spanish" name something else.
        let answered_in = |name: &str| {
            ws.iter().enumerate().any(|(i, (_, x))| {
                // The name after "in" first: most sentences hold neither, and this runs once
                // per language per sentence.
                if *x != name || before(i, 1) != "in" {
                    return false;
                }
                // "Reply entirely in Spanish", "answer only in French".
                let s = usize::from(crate::drift::text::in_list(
                    "entirely|only|fully|wholly|completely",
                    before(i, 2),
                ));
                let (verb, owner) = (before(i, 2 + s), before(i, 3 + s));
                let determiner = crate::drift::text::in_list(
                    "the|a|an|this|that|these|those|each|every|its|their|his|her|our|my|any|all",
                    owner,
                ) || owner.ends_with("'s");
                (crate::drift::text::in_list("respond|answer|reply", verb) && !determiner)
                    || (crate::drift::text::in_list(
                        "answer|answers|reply|replies|response|responses",
                        verb,
                    ) && owner == "your")
            })
        };
        // "Write it in French", "report back in Spanish", "your entire reply must be in
        // German": the answer written in a language; not a file or a part ("write the README
        // in German", "code comments must be in English").
        // Not when a file is what is written ("draft the email in Spanish and save it to
        // drafts/v.md"), nor a negated ask ("don't write your report in German").
        let files_named = !super::file_scope::paths(sentence).is_empty();
        let written_in = |name: &str| {
            ws.iter().enumerate().any(|(i, (_, x))| {
                if *x != name || before(i, 1) != "in" || files_named {
                    return false;
                }
                let b = |j: usize| before(i, j);
                if (2..=5).any(|j| {
                    let w = b(j);
                    crate::drift::text::in_list("not|never|don't|dont", w) || w.ends_with("n't")
                }) {
                    return false;
                }
                let writes = |w: &str| crate::drift::text::in_list("write|draft|compose", w);
                let answer = |w: &str| {
                    crate::drift::text::in_list(
                        "report|reply|answer|response|summary|note|email",
                        w,
                    )
                };
                if b(2) == "back" && crate::drift::text::in_list("report|write|reply|respond", b(3))
                {
                    return true;
                }
                // ("Write it entirely in French", "write all of it in German".)
                let s = usize::from(crate::drift::text::in_list("entirely|only|wholly", b(2)));
                if writes(b(2))
                    || (writes(b(3 + s)) && b(2 + s) == "it")
                    || (writes(b(5)) && b(4) == "all" && b(3) == "of" && b(2) == "it")
                    || (writes(b(4))
                        && crate::drift::text::in_list("the|your", b(3))
                        && answer(b(2)))
                {
                    return true;
                }
                // "write the final report in German", "write your whole reply in Spanish".
                if answer(b(2)) {
                    let mut j = 3;
                    while crate::drift::text::in_list(
                        "final|whole|entire|full|complete|short",
                        b(j),
                    ) {
                        j += 1;
                    }
                    if j > 3 && crate::drift::text::in_list("the|your", b(j)) && writes(b(j + 1)) {
                        return true;
                    }
                }
                // "[your|the] [entire|whole|final] reply must/should [all] be [written]
                // [entirely] in X".
                let mut j = 2;
                while crate::drift::text::in_list("entirely|fully|completely|only|wholly", b(j)) {
                    j += 1;
                }
                if b(j) == "written" {
                    j += 1;
                }
                if b(j) != "be" {
                    return false;
                }
                j += 1;
                if b(j) == "to" && crate::drift::text::in_list("needs|has", b(j + 1)) {
                    j += 2;
                } else if crate::drift::text::in_list("must|should|shall|will", b(j)) {
                    j += 1;
                } else {
                    return false;
                }
                if !answer(b(j)) {
                    return false;
                }
                j += 1;
                let mut whole = false;
                while crate::drift::text::in_list("entire|whole|final|full|complete", b(j)) {
                    whole |= crate::drift::text::in_list("entire|whole", b(j));
                    j += 1;
                }
                // "Your …", or "the entire reply …", not "the response should be in Spanish"
                // (an API's, in i18n work).
                b(j) == "your" || (whole && b(j) == "the")
            })
        };
        // Asked in the language's own words, with a verb of writing or answering or the
        // report's noun beside it ("Bitte antworte auf Deutsch", "Escribe el informe final en
        // español", "Le rapport final doit être rédigé en français").
        const NATIVE: [(&str, &str, &str); 5] = [
            (
                "german",
                "auf deutsch",
                "schreib|antwort|bericht|verfass|formulier",
            ),
            (
                "spanish",
                "en español|en espanol",
                "respond|escrib|escríb|redact|informe|respuesta|contest",
            ),
            (
                "french",
                "en français|en francais",
                "répond|rédig|écri|rapport|réponse|repond|redig",
            ),
            (
                "portuguese",
                "em português|em portugues",
                "respond|escrev|relatório|relatorio|resposta|redij",
            ),
            (
                "italian",
                "in italiano",
                "rispond|scriv|rapporto|risposta|redig",
            ),
        ];
        // The verb or noun as a word of its own, within four words of the phrase; not when the
        // sentence also names English in those words ("… auf Deutsch und schreib die Antwort
        // auf Englisch").
        const OTHER_NATIVE: &str =
            "auf englisch|en inglés|en ingles|en anglais|em inglês|em ingles|in inglese|in english";
        // (Not words quoted from someone: "an e-mail from a member: "… Bitte antworten Sie auf
        // Deutsch."".)
        let quoted = std::cell::OnceCell::new();
        let in_quotes = |at: usize| {
            quoted.get_or_init(|| quoted_spans(&lower)).iter().any(
                |(_, inner): &(std::ops::Range<usize>, std::ops::Range<usize>)| inner.contains(&at),
            )
        };
        let natively = |name: &str| {
            NATIVE.iter().any(|(n, phrases, verbs)| {
                *n == name
                    && !has_any_in(&lower, OTHER_NATIVE)
                    && super::text::parts(phrases).iter().any(|p| {
                        lower.match_indices(p).any(|(at, _)| {
                            // A file named in the phrase's own clause ("Bitte antworte auf
                            // Deutsch: … `Rechnung.xlsm` …" names none there).
                            let stops: &[char] = &[':', ';'];
                            // (All before it: "… to `locales/de.json`: schreib … auf Deutsch" is
                            // the file's.)
                            let own = [
                                lower.get(..at),
                                lower.get(at..).unwrap_or_default().split(stops).next(),
                            ];
                            if in_quotes(at)
                                || (files_named
                                    && own
                                        .iter()
                                        .flatten()
                                        .any(|c| !super::file_scope::paths(c).is_empty()))
                            {
                                return false;
                            }
                            let near: Vec<&str> = lower
                                .get(..at)
                                .unwrap_or_default()
                                .split_whitespace()
                                .rev()
                                .take(4)
                                .chain(
                                    lower
                                        .get(at + p.len()..)
                                        .unwrap_or_default()
                                        .split_whitespace()
                                        .take(4),
                                )
                                .gather();
                            near.iter().any(|w| super::text::starts_with_any(w, verbs))
                        })
                    })
            })
        };
        // "In French if the complaint above is in French, otherwise in English": which holds
        // turns on a text the reply need not show.
        // ("in English or French, whichever …": either.)
        let chosen = (lower.has(" if ") && has_any_in(&lower, "otherwise|or else|if not"))
            || language::LANGUAGES
                .iter()
                .any(|l| lower.has(&[" or ", l.name].concat()));
        if !has("programming") && !chosen && !translated {
            // "language" said, not quoted as code (`Accept-Language: es`).
            let said = super::text::outside_code_spans(&lower);
            let stated = (said.has("language") || has("entire response should be in"))
                && has_any_in(&said, "language|entirely in|only in|response should be in");
            for pair in SCRIPTS.split('|') {
                let (name, script) = pair.split_once(' ').unwrap_or_default();
                if (stated && asked_in(name)) || answered_in(name) {
                    push(sentence, Rule::Script(script));
                }
            }
            // "In English first, followed by the same notice in French": both, in an order.
            let asked = language::LANGUAGES
                .iter()
                .filter(|l| {
                    (stated && asked_in(l.name))
                        || answered_in(l.name)
                        || written_in(l.name)
                        || natively(l.name)
                })
                .gather();
            let named = language::LANGUAGES
                .iter()
                .filter(|l| lower.has(&["in ", l.name].concat()))
                .count();
            let bilingual =
                named > 1 && has_any_in(&lower, " first|followed by|both|side by side| then ");
            if let ([l], false) = (asked.as_slice(), bilingual) {
                push(sentence, Rule::Language(l));
            }
        }
    }
    message_rules(message, &mut push);
    // "You can add a one-line note after it": JSON with a note beside it, which a JSON rule on
    // the whole answer would refuse.
    if note_allowed(message) {
        out.keep(|(_, _, r)| {
            !matches!(r, Rule::Json | Rule::JsonKeys(..) | Rule::JsonKeysAtEnd(..))
        });
    }
    // An answer has one opening and one ending: a later one replaces an earlier one ("Start
    // with 'Findings:'. … change of plan: start with 'Verdict:' instead").
    // One language too: "Antworte auf Deutsch. … Write in English."
    for kind in "opening|ending|language".split('|') {
        let said: Vec<usize> = (0..out.len())
            .gather()
            .kept(|&i| out.get(i).is_some_and(|(_, _, r)| describe(r).0 == kind));
        if let Some((_, earlier)) = said.split_last() {
            for &i in earlier.iter().rev() {
                out.remove(i);
            }
        }
    }
    // "No headings in the reply. On second thought, … do use two headings: `## Findings` and
    // `## Next`": of two heading rules that cannot both hold, the later one.
    let last_headings = out
        .iter()
        .filter_map(|(_, at, r)| matches!(r, Rule::Headings(_)).then_some(*at))
        .max()
        .flatten();
    if let Some(last) = last_headings {
        out.keep(|(_, at, r)| !(matches!(r, Rule::NoHeadings) && at.is_some_and(|a| a < last)));
    }
    // "Use the headings Summary, Details, Risks. Correction: drop Risks", "Actually, drop
    // `notes`": a heading or a JSON key taken back.
    for (_, at, rule) in out.iter_mut() {
        let key = matches!(rule, Rule::JsonKeys(..));
        let (Some(at), Rule::Headings(names) | Rule::JsonKeys(names, ..)) = (*at, rule) else {
            continue;
        };
        // Marks dropped: "Skip `## Open questions` if you have none".
        let later = message
            .get(at..)
            .unwrap_or_default()
            .to_ascii_lowercase()
            .chars()
            .filter(|c| !matches!(c, '`' | '"' | '*' | '#'))
            .gather_text()
            .replace("  ", " ");
        // A JSON key by its code span ("drop `notes`", not "drop items whose …").
        let raw = message.get(at..).unwrap_or_default().to_ascii_lowercase();
        names.keep(|n| {
            let n = n.to_ascii_lowercase();
            if key {
                return !super::text::parts("drop |remove |skip |leave out ")
                    .iter()
                    .any(|v| raw.contains(&format!("{v}`{n}`")));
            }
            !super::text::parts("drop |remove |skip |leave out ")
                .iter()
                .any(|v| {
                    [format!("{v}{n}"), format!("{v}the {n}")].iter().any(|p| {
                        // Not "don't skip Risks".
                        later.match_indices(p.as_str()).any(|(i, _)| {
                            super::text::stands_alone(&later, i, p) && !negated_at(&later, i)
                        })
                    })
                })
        });
        // A key added later: "Update: please also include a `notes` key on each object".
        if key {
            for (i, _) in raw
                .match_indices("also include")
                .chain(raw.match_indices("also add"))
            {
                let rest = raw.get(i..).unwrap_or_default();
                // ("You may also include a `notes` key", "if useful, also add …": optional.)
                let own = raw
                    .get(..i)
                    .unwrap_or_default()
                    .rsplit(&['.', '!', '?'][..])
                    .next()
                    .unwrap_or_default();
                // (Whole words: "scan", "motif", "elsewhere" are none.)
                // ("Ideally also add a `notes` key, but only if it's easy" too.)
                let tail = rest.split(&['.', '!', '?'][..]).next().unwrap_or_default();
                if has_words_any(own, "may|if|can|where|ideally")
                    || has_any_in(
                        tail,
                        "only if|if it's easy|if you can|if useful|if possible|optionally",
                    )
                    || own.has("optional")
                {
                    continue;
                }
                let added = rest
                    .split_once('`')
                    .and_then(|(before, r)| {
                        (before.len() <= 20).then(|| r.split_once('`')).flatten()
                    })
                    .filter(|(k, after)| {
                        !k.is_empty()
                            && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                            && (after.starts_any(" key| field"))
                    });
                // (As the message writes it: `raw` is lowercased in place.)
                let from = |k: &str| {
                    let off = k.as_ptr() as usize - raw.as_ptr() as usize;
                    message
                        .get(at + off..at + off + k.len())
                        .map(str::to_string)
                };
                if let Some(k) = added.and_then(|(k, _)| from(k)) {
                    if !names.iter().any(|n| n.eq_ignore_ascii_case(&k)) {
                        names.push(k);
                    }
                }
            }
        }
    }
    // "Avoid 'API' in the manager section; the final 'For IT' section can be as technical as
    // needed": a ban of a part not shown by its name is not read in another part the message
    // names.
    // Read only for a message with a rule they can place (each reads the whole message again).
    let placeable = out
        .iter()
        .any(|(_, _, r)| matches!(r, Rule::PartOrWhole(..)) || a_format_rule(r));
    let free = if placeable {
        parts::free_sections(message)
    } else {
        Vec::new()
    };
    let marked;
    let sections: &[String] = if free.is_empty() && placeable {
        marked = parts::marked_sections(message);
        &marked
    } else {
        &free
    };
    for (_, _, rule) in out.iter_mut() {
        if let Rule::PartOrWhole(name, inner) = rule {
            let other = sections
                .iter()
                .find(|s| !name.contains(s.as_str()) && !s.contains(name.as_str()));
            if let (
                Some(other),
                Rule::Forbids(_)
                | Rule::ForbidsAnywhere(_)
                | Rule::ProseForbids(_)
                | Rule::OwnForbids(_),
            ) = (other, &**inner)
            {
                let inner = std::mem::replace(rule, Rule::NoCommas);
                *rule = Rule::ExceptPart(other.clone(), Box::new(inner));
            }
        }
    }
    // "…; you may define them in a short glossary at the end": a word ban does not hold there.
    let word_ban: fn(&Rule) -> bool = |r| matches!(r, Rule::Forbids(_));
    if out.iter().any(|(_, _, r)| is_or_places(r, word_ban)) {
        if let Some(kind) = parts::glossary_allowed(message) {
            except_in(&mut out, kind, word_ban);
        }
    }
    // "No code blocks in the part addressed to them. If engineers need snippets, put them under
    // a final `## Appendix for engineers` heading": that part may hold them.
    let code_ban: fn(&Rule) -> bool = |r| matches!(r, Rule::NoCodeBlocks);
    if out.iter().any(|(_, _, r)| is_or_places(r, code_ban)) {
        if let Some(name) = parts::code_part(message) {
            except_in(&mut out, &name, code_ban);
        }
    }
    // "No bullet points in the summary. After the summary, list the scores however you like":
    // the summary's rule, where the result may not label it (silent).
    if has_any_in(
        &cx.lower,
        "however you like|whatever format|any format you|however you want",
    ) {
        out.keep(|(_, _, r)| match r {
            Rule::PartOrWhole(name, inner) if a_format_rule(inner) => {
                !cx.lower.contains(&format!("after the {name}"))
            }
            _ => true,
        });
    }
    // "…, with no bullet points. After it, add an 'Engineering notes' section in whatever format
    // you like": a format rule of the reply does not hold in a section left free.
    if let Some(free) = free.first() {
        for (of_reply, _, rule) in out.iter_mut() {
            if !*of_reply && a_format_rule(rule) {
                let inner = std::mem::replace(rule, Rule::NoCommas);
                *rule = Rule::ExceptPart(free.clone(), Box::new(inner));
            }
        }
    } else if has_any_in(&cx.lower, "whatever format|format you like")
        && has_any_in(&cx.lower, "add a section|add a part")
    {
        // "… below it, add a section for me with the numbers in whatever format you like":
        // a free section without a name, which the result may not label (silent).
        out.keep(|(of_reply, _, rule)| *of_reply || !a_format_rule(rule));
    }
    // "… and `## Open questions`; drop the last one if you have none".
    for (_, at, rule) in out.iter_mut() {
        if let (Some(at), Rule::Headings(names)) = (*at, rule) {
            let later = message.get(at..).unwrap_or_default().to_ascii_lowercase();
            let own = later.split(". ").next().unwrap_or_default();
            // "Correction: call the second one `## Recommendations` instead": renamed. The new
            // name is taken from the correction itself (`later` keeps `message`'s offsets).
            let original = message.get(at..).unwrap_or_default();
            for (nth, i) in [
                ("first", 0),
                ("second", 1),
                ("third", 2),
                ("fourth", 3),
                ("last", names.len().saturating_sub(1)),
            ] {
                // ("…, call the first heading `## Result`" too.)
                let new = "call the |rename the |name the ".split('|').find_map(|v| {
                    "one |heading |section ".split('|').find_map(|n| {
                        let said = [v, nth, " ", n].concat();
                        let r = later.get(later.find(&said)? + said.len()..)?;
                        let span = r.trim_start_matches(" to").trim_start().strip_prefix('`')?;
                        let start = later.len() - span.len();
                        original.get(start..start + span.find('`').unwrap_or(span.len()))
                    })
                });
                if let (Some(new), Some(n)) = (new, names.get_mut(i)) {
                    *n = new.trim_start_matches(&['#', ' '][..]).to_string();
                }
            }
            // "Edit: the template calls that section `## Follow-ups`, so use that name instead":
            // the one heading asked, renamed.
            if let [n] = names.as_mut_slice() {
                let new = super::text::first_end(&later, "that section `|that heading `")
                    .filter(|_| has_any_in(&later, " instead|that name"))
                    .and_then(|s| original.get(s..)?.split('`').next());
                if let Some(new) = new {
                    *n = new.trim_start_matches(&['#', ' '][..]).to_string();
                }
            }
            // ("If you have none, leave that last section out": said in the next sentence.)
            if has_any_in(own, "drop the last one|skip the last one|omit the last one|leave out the last one|the last one is optional|the last one only if")
                || has_any_in(&later, "leave that last section out|leave the last section out|leave that last one out|omit that last section|omit the last section")
            {
                names.pop();
            }
            // "…, but leave out any heading that would have nothing under it": each optional.
            // (Said in a later sentence too, of headings left empty: their order holds.)
            const ANY: &str = "leave out any heading|omit any heading|skip any heading|drop any heading|leave out empty|omit empty|skip empty";
            if has_any_in(own, ANY)
                || (has_any_in(&later, ANY)
                    && has_any_in(&later, "empty|nothing|no content|no entries|no items"))
            {
                names.clear();
            }
            // "If the decision is still open, replace Decision with Options": that heading
            // may be another (which one stands is the condition's, not read).
            let plain = later.replace(&['`', '\'', '"', '*'][..], "");
            names.keep(|n| {
                let n = n.trim_start_matches(&['#', ' '][..]).to_ascii_lowercase();
                // "The Gaps section can be left out if …": that heading is optional.
                !super::text::parts("replace {} with|swap {} for|swap {} with|rename {} to|{} section can be left out|{} section may be left out|{} section can be omitted|{} section may be omitted|{} section can be skipped|{} section is optional|{} is optional")
                .iter()
                .any(|p| super::text::contains(&plain, &p.replace("{}", &n)))
            });
        }
    }
    out.keep(|(_, _, r)| !matches!(r, Rule::Headings(h) | Rule::JsonKeys(h, ..) if h.is_empty()));
    // Value types hold where the reply is to be JSON.
    if !out
        .iter()
        .any(|(_, _, r)| matches!(r, Rule::Json | Rule::JsonKeys(..)))
    {
        out.keep(|(_, _, r)| !matches!(r, Rule::JsonTypes(_)));
    }
    // "Edit: drop the Severity column": a column taken back.
    for (_, at, rule) in out.iter_mut() {
        let (Some(at), Rule::Table(ask)) = (*at, rule) else {
            continue;
        };
        let later = message.get(at..).unwrap_or_default().to_ascii_lowercase();
        ask.columns.keep(|c| {
            let c = c.to_ascii_lowercase();
            !super::text::parts("drop |remove |skip |leave out ")
                .iter()
                .any(|v| {
                    [format!("{v}the {c} column"), format!("{v}{c} column")]
                        .iter()
                        .any(|p| later.contains(p.as_str()))
                })
        });
    }
    // "Correction: call it `voltage` instead of `battery_v`": a key renamed after the rule.
    for (_, at, rule) in out.iter_mut() {
        let (Some(at), Rule::JsonKeys(keys, ..) | Rule::JsonKeysAtEnd(keys)) = (*at, rule) else {
            continue;
        };
        for (new, old) in renamed_spans(message.get(at..).unwrap_or_default()) {
            keys.iter_mut()
                .filter(|k| **k == old)
                .for_each(|k| *k = new.clone());
        }
    }
    let lifts = lifted(message);
    let mut kept = Vec::new();
    // "Max 150 words; actually, make that 250": a count taken back by a bare number after it
    // stands again with that bound (the first such number after it).
    let remade = remade_bounds(message);
    for (of_reply, at, rule) in out {
        // "At most three sentences, or up to six if there is more than one cause": the larger
        // bound holds either way.
        // (Its sentence read only for such a count.)
        let raised = |n: usize| {
            at.and_then(|a| raised_bound(message, a))
                .filter(|&m| m >= n)
                .map_or(n, |m| m + 1)
        };
        let rule = match rule {
            Rule::Sentences(Rel::LessThan, n) => Rule::Sentences(Rel::LessThan, raised(n)),
            Rule::Words(Rel::LessThan, n) => Rule::Words(Rel::LessThan, raised(n)),
            Rule::Bullets(Rel::LessThan, n) => Rule::Bullets(Rel::LessThan, raised(n)),
            Rule::Paragraphs(Rel::LessThan, n) => Rule::Paragraphs(Rel::LessThan, raised(n)),
            r => r,
        };
        // A rule read from the whole message (no sentence of its own) is not placed.
        let lift = at.and_then(|at| {
            lifts.iter().find(|(from, end, family)| {
                (*from..*end).contains(&at)
                    && (crate::drift::text::in_list(family, "*")
                        || crate::drift::text::in_list(family, describe(&rule).0))
                    && !another_count(message.get(..*end).unwrap_or_default(), &rule)
            })
        });
        let (Some(at), Some(&(_, end, _))) = (at, lift) else {
            kept.push((of_reply, rule));
            continue;
        };
        // The lifting sentence: a lift ends where its sentence starts or ends.
        let said = sentences(message)
            .into_iter()
            .rev()
            .find(|t| {
                let s = t.as_ptr() as usize - message.as_ptr() as usize;
                s <= end && end <= s + t.len()
            })
            .map_or(String::new(), |t| {
                // (Quoted terms bare: "approved 'outage', so …".)
                let lower = t.to_ascii_lowercase();
                let ws: Vec<&str> = ws_of(&lower)
                    .into_iter()
                    .map(|w| w.trim_matches(&['\'', '\u{2018}', '\u{2019}'][..]))
                    .gather();
                format!(" {} ", ws.join(" "))
            });
        // "List the five biggest risks; if there are fewer, don't pad": at most that many.
        if said.contains(" pad ") {
            let most = match rule {
                Rule::Bullets(Rel::Exactly, n) => Some(Rule::Bullets(Rel::LessThan, n + 1)),
                Rule::ListItems(Rel::Exactly, n) => Some(Rule::ListItems(Rel::LessThan, n + 1)),
                _ => None,
            };
            if let Some(r) = most {
                kept.push((of_reply, r));
                continue;
            }
        }
        // "Avoid 'outage', 'incident' and 'downtime'. … 'outage' is approved, so use it after
        // all": the terms the lifting sentence names are let back in, the others stay banned.
        let mut rule = rule;
        if let Rule::Forbids(list)
        | Rule::ForbidsAnywhere(list)
        | Rule::ProseForbids(list)
        | Rule::OwnForbids(list) = &mut rule
        {
            let named = |w: &String| {
                said.contains(&format!(" {} ", ws_of(&w.to_ascii_lowercase()).join(" ")))
            };
            if list.iter().any(named) && !list.iter().all(named) {
                list.keep(|w| !named(w));
                kept.push((of_reply, rule));
                continue;
            }
        }
        if let Some(&(_, n)) = remade.iter().find(|(make, _)| *make > at) {
            // (A number far from the old bound corrects something else: "40 words … 2 stores
            // were hit; make that 3", "release 4.1. Sorry, make that 4.2".)
            let near = |old: usize| n.saturating_mul(3) >= old && n <= old.saturating_mul(3);
            let again = match rule {
                Rule::Words(Rel::LessThan, old) if near(old) => Some(Rule::Words(Rel::LessThan, n)),
                Rule::ProseWords(Rel::LessThan, old) if near(old) => {
                    Some(Rule::ProseWords(Rel::LessThan, n))
                }
                Rule::Sentences(Rel::LessThan, old) if near(old) => {
                    Some(Rule::Sentences(Rel::LessThan, n))
                }
                Rule::Bullets(Rel::LessThan, old) if near(old) => {
                    Some(Rule::Bullets(Rel::LessThan, n))
                }
                _ => None,
            };
            if let Some(r) = again {
                kept.push((of_reply, r));
            }
        }
    }
    kept
}

/// The larger bound a count's sentence allows under a condition: "…, or up to six if …".
fn raised_bound(message: &str, at: usize) -> Option<usize> {
    let sentence = sentences(message).found(|t| {
        let s = t.as_ptr() as usize - message.as_ptr() as usize;
        s <= at && at < s + t.len()
    })?;
    let lower = sentence.to_ascii_lowercase();
    let ws = ws_of(&lower);
    ws.windows(5).find_map(|x| match x {
        ["or", "up", "to", n, _]
            if ws
                .iter()
                .any(|w| crate::drift::text::in_list("if|when", *w)) =>
        {
            number(n)
        }
        _ => None,
    })
}

/// Where a message says a bound again as a bare number ("…; actually, make that 250", "make
/// that under 200."), with the bound as a rule holds it: "under N" is fewer than N, a number
/// alone at most N.
fn remade_bounds(message: &str) -> Vec<(usize, usize)> {
    let lower = message.to_ascii_lowercase();
    let ws = words_at(&lower);
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    (0..ws.len())
        .filter(|&i| word_is(&ws, i, "make") && word_is(&ws, i + 1, "that"))
        .filter_map(|i| {
            let under = word_in(&ws, i + 2, "under|below|fewer|less");
            let mut j = i + 2;
            while crate::drift::text::in_list(
                "under|at|most|no|more|than|up|to|fewer|less|max|below",
                w(j),
            ) {
                j += 1;
            }
            let (n_at, n) = *ws.get(j)?;
            let n = number(n)?;
            // The number ends its clause: no unit after it (a unit makes the sentence's own count).
            let after = lower.get(n_at + ws.get(j)?.1.len()..)?;
            let bare = after.trim_start().is_empty()
                || after.starts_with(&[';', ',', '.', '!', ':', ')', '\u{2014}'][..]);
            let make_at = ws.get(i)?.0;
            bare.then_some((make_at, if under { n } else { n + 1 }))
        })
        .gather()
}

/// Whether the lift that ends `said` names a count ("The 40-word limit … no longer applies")
/// other than `rule`'s ("under 120 words" stays): only that count is taken back.
fn another_count(said: &str, rule: &Rule) -> bool {
    let (family, text) = describe(rule);
    let Some(n) = text.split(' ').find_map(|w| w.parse::<usize>().ok()) else {
        return false;
    };
    let lift = sentences(said)
        .pop()
        .unwrap_or_default()
        .to_ascii_lowercase();
    // (The lift's own sentence: one that ends where the lift's reach begins is another.)
    if !super::text::parts(LIFTS_BEFORE)
        .iter()
        .chain(super::text::parts(LIFTS_AFTER).iter())
        .any(|l| lift.has(l))
    {
        return false;
    }
    let named = lift
        .split(crate::drift::text::char_test(|c: char| {
            !(c.is_ascii_alphanumeric() || c == '-')
        }))
        .filter_map(|w| {
            let (k, unit) = w.split_once('-')?;
            // (Of the rule's own kind: a "3-line intro" names no word count.)
            let unit = unit.trim_end_matches('s');
            (unit.len() > 3 && family.trim_end_matches('s').ends_with(unit))
                .then_some(k.parse::<usize>().ok()?)
        })
        .gather();
    !named.is_empty() && !named.iter().any(|&k| k == n || k + 1 == n)
}

/// Whether two rules of one kind and description agree on the fields the description leaves
/// out (the title's noun, a bullet's shape, a level's form, a JSON key list's types).
fn same_unsaid(a: &Rule, b: &Rule) -> bool {
    match (a, b) {
        (Rule::PartOrWhole(_, x), Rule::PartOrWhole(_, y))
        | (Rule::InPart(_, x), Rule::InPart(_, y))
        | (Rule::ExceptPart(_, x), Rule::ExceptPart(_, y)) => same_unsaid(x, y),
        (Rule::TitleChars(.., x), Rule::TitleChars(.., y))
        | (Rule::JsonKeys(.., x), Rule::JsonKeys(.., y)) => x == y,
        (Rule::TitleWords(_, a, s, b), Rule::TitleWords(_, c, t, d)) => a == c && s == t && b == d,
        // (Said twice, these stay two: their forms are not compared, for module size.)
        (Rule::BulletStart(_), _) | (Rule::NoPlaceholders(_), _) | (Rule::HeadingForm(_), _) => {
            false
        }
        _ => true,
    }
}

/// Whether `rule` is one `is` picks, or places one in a part (`PartOrWhole`).
fn is_or_places(rule: &Rule, is: fn(&Rule) -> bool) -> bool {
    match rule {
        Rule::PartOrWhole(_, inner) => is(inner),
        r => is(r),
    }
}

/// Every rule of `out` that is or places one `is` picks, checked outside the part `name`: the
/// message lets what it bans stand there.
fn except_in(out: &mut [(bool, Option<usize>, Rule)], name: &str, is: fn(&Rule) -> bool) {
    for (_, _, rule) in out.iter_mut() {
        if is_or_places(rule, is) {
            let inner = std::mem::replace(rule, Rule::NoCommas);
            *rule = Rule::ExceptPart(name.to_string(), Box::new(inner));
        }
    }
}

/// Where a (lowercased) sentence gives the reason of the terms it quotes before: "don't use
/// 'reject', because …", "…, since …" (the quoted terms before it are the ban's).
fn ban_before_reason(lower: &str) -> Option<usize> {
    let i = super::text::first_of(lower, ", because | because |, since ")?;
    // An opening quote, not an apostrophe ("it's").
    let quotes = |t: &str| t.has(" '") || t.contains(&['"', '\u{201c}', '`'][..]);
    // A reason with a ban of its own ("because it's off-brand, and don't use 'deal'") is cut
    // nowhere.
    let reason = lower.get(i..)?;
    let bans = ws_of(reason).iter().any(|w| negates(w) || *w == "avoid");
    (i > 0 && quotes(lower.get(..i)?) && quotes(reason) && !bans).then_some(i)
}

/// Whether a word negates its sentence: "not", "no", "never", or a contraction in "n't".
pub(super) fn negates(w: &str) -> bool {
    crate::drift::text::in_list("not|no|never", w) || w.ends_with("n't")
}

/// Names in code spans that a text renames, (new, old): "`a` instead of `b`", "`a` rather than
/// `b`", "rename `b` to `a`". Not where the sentence negates it ("don't use `a` instead of `b`").
fn renamed_spans(text: &str) -> Vec<(String, String)> {
    let parts: Vec<&str> = text.split('`').gather();
    let mut out = Vec::new();
    for x in parts.windows(4).step_by(2) {
        let [before, a, gap, b] = x else { continue };
        let gap = gap.trim().to_ascii_lowercase();
        let before = before.to_ascii_lowercase();
        let said = before
            .rsplit(&['.', ';', '\n'][..])
            .next()
            .unwrap_or_default();
        if ws_of(said).iter().any(|w| super::constraints::negator(w)) {
            continue;
        }
        // Names only: a stray backtick would pair prose.
        if a.is_empty()
            || b.is_empty()
            || a.contains(crate::drift::text::char_test(char::is_whitespace))
            || b.contains(crate::drift::text::char_test(char::is_whitespace))
        {
            continue;
        }
        // Asked, not described ("the endpoint returns `state` instead of `status`").
        let asked = super::text::ends_with_any(
            said.trim_end(),
            "call it|name it|use|make it|call the key|name the key",
        );
        if crate::drift::text::in_list("instead of|rather than", gap.as_str()) && asked {
            out.push((a.to_string(), b.to_string()));
        } else if gap == "to" && said.trim_end().ends_with("rename") {
            out.push((b.to_string(), a.to_string()));
        }
    }
    out
}

/// Whether a sentence lets a mention stand somewhere ("… never "customers" (mentioning the
/// `customers` table in your notes is fine)"): which part it may stand in is not read, so the
/// sentence's word bans are not checked.
pub(super) fn mention_allowed_somewhere(lower: &str) -> bool {
    super::text::first_of(lower, "mentioning|mention of|mentions of|naming").is_some_and(|i| {
        has_any_in(
            lower.get(i..).unwrap_or_default(),
            " is fine| is ok| is okay| is allowed| are fine| are ok| are allowed",
        )
    })
    // "…; the description can use any wording", "the details below it can use whatever terms
    // are accurate".
    || has_any_in(
        lower,
        " can use any wording| may use any wording| can use whatever terms| may use whatever terms| can use whatever words| may use whatever words| can use any words| may use any words",
    )
}

/// "…; the internal note may name them": a word ban that holds in one part only, which the
/// checkable readings do not place (the negative constraints take the freed part out through
/// `free_part`).
pub(super) fn name_allowed_in_a_part(lower: &str) -> bool {
    has_any_in(
        lower,
        " can name it| may name it| can name them| may name them| can mention it| may mention it| can mention them| may mention them",
    )
}

/// Words that take a rule back: "scratch the word limit", "ignore the 50-word cap", "the cap
/// doesn't apply to the table", "no word limit this time", "JSON isn't needed after all".
/// Words that take back the rule named right after them: "scratch the word limit", "ignore
/// the word limit for this one", "forget the 50-word cap", "no need for the JSON".
const LIFTS_BEFORE: &str =
    "scratch|scrap|never mind|ignore|forget|disregard|waive|lift|no need for|don't worry about|don't bother with|skip|drop";

/// Words that take back the rule named right before them: "the 200-word cap doesn't apply to
/// the table", "the JSON format is no longer needed".
// A rule narrowed to a part is not checked on the whole: "the 60-word cap is just for the
// summary paragraph".
const LIFTS_AFTER: &str =
    "doesn't apply|does not apply|don't apply|no longer applies|doesn't matter any more|doesn't matter anymore|no longer matters|no longer needed|is lifted|not needed|isn't needed|is just for|is only for|only applies to|applies only to|only covers";

/// Whether the line count at word `k` bounds a text other than the reply, named in the words
/// before it: "keep the script under 3 lines", "the docstring must be at most 12 lines", "keep
/// the SQL to 5 lines max". A reply word met first ("report back in 5 lines") keeps it the
/// reply's.
fn lines_of_another_text(ws: &[(usize, &str)], k: usize) -> bool {
    const REPLY: &str = "reply|answer|report|respond|response|update|status|summary|message";
    const OTHER: &str = "code|sql|snippet|query|script|function|method|docstring|comment|file|workflow|config|yaml|regex|command|dockerfile|makefile|log|logs|trace|traces|output|excerpt|diff|patch|body|commit|fix|change|changes";
    // "at most 5 lines changed", "10 lines of the patch".
    if ws
        .get(k + 1)
        .map(|x| x.1)
        .is_some_and(|x| crate::drift::text::in_list("changed|of|added|removed|long", x))
    {
        return true;
    }
    for i in (k.saturating_sub(7)..k).rev() {
        let w = ws.get(i).map_or("", |x| x.1);
        if crate::drift::text::in_list(REPLY, w) {
            return false;
        }
        if crate::drift::text::in_list(OTHER, w) || w.ends_any(".sh|.py") {
            return true;
        }
    }
    false
}

/// Whether a line limit's sentence sits beside more the reply is to hold: "…, then paste the
/// stack trace", "Then list the changed files.", "If the answer is no, add a short explanation
/// underneath", "for each failing test": the lines are one part's.
fn lines_beside_more(message: &str, sentence: &str) -> bool {
    let lower = sentence.to_ascii_lowercase();
    // What follows, within a few sentences (the whole rest would make the scan quadratic).
    let from =
        (sentence.as_ptr() as usize).saturating_sub(message.as_ptr() as usize) + sentence.len();
    let rest = message
        .get(from..(from + 400).min(message.len()))
        .unwrap_or_default()
        .to_ascii_lowercase();
    // "a Slack message … (max 3 lines) and a PR description (any length)": one text's lines.
    let one_of_two = super::text::first_of(&lower, "lines)|line)")
        .and_then(|i| lower.get(i..))
        .is_some_and(|r| has_any_in(r, " and a | and an | and the | plus a "));
    // ("Answer in a single line at the top; after that, list the batches".)
    one_of_two
        || has_any_in(
            &lower,
            " then |each|every| per |paste|below|follow|at the top|; after that,",
        )
        || has_words_any(&rest, "then|paste|underneath|below|also|if|add")
}

/// "Reply in one line", "answer in a single line", "one-line answer please": the answer is one
/// line. Only with an answer word next to it (not "add a one-line comment", "a single line of
/// code", "in one line of the config").
fn one_line_asked(ws: &[(usize, &str)]) -> bool {
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    const ANSWER: &str = "answer|reply|response|respond|report|status";
    (0..ws.len()).any(|i| match w(i) {
        // "one-line answer", "single-line reply", opening the sentence or asked for ("give me
        // a one-line answer"); not "followed by a one-line answer", a part.
        "one-line" | "single-line" => {
            word_in(ws, i + 1, ANSWER)
                && (i == 0
                    || (i >= 2
                        && word_is(ws, i - 1, "a")
                        && word_in(ws, i - 2, "me|just|only|want|need")))
        }
        // "reply in one line", "answer in a single line".
        "in" => {
            let j = match (w(i + 1), w(i + 2), w(i + 3)) {
                ("one", "line", _) => i + 3,
                ("a" | "one", "single", "line") => i + 4,
                _ => return false,
            };
            !word_in(ws, j, "of|per|each|for")
                && i >= 1
                && word_in(ws, i - 1, "answer|reply|respond|back")
        }
        _ => false,
    })
}

/// A phrase in capitals right after an opening or ending cue, past its link words ("the exact
/// line READY FOR REVIEW so …" gives "READY FOR REVIEW", "the word DONE" gives "DONE"). Its
/// tokens hold no lowercase letter and one has two capitals or more; it ends at the first token
/// with a lowercase letter. None if other words stand between.
fn capitals_after(tail: &str) -> Option<String> {
    const LINKS: &str = "the|exact|exactly|line|phrase|word|words|single|text|token|tag|marker|literal|string|with|it|must|be|should|your";
    // A word that says a literal follows ("the exact line", "the word"): "must be the PR URL"
    // names a thing.
    const LITERAL: &str = "exact|exactly|line|phrase|word|words|literal|tag|marker|token|string";
    let mut literal = false;
    let mut tokens = tail.split_whitespace().peekable();
    while let Some(t) = tokens.peek() {
        let l = t.to_ascii_lowercase();
        if crate::drift::text::in_list(LINKS, l.as_str())
            || crate::drift::text::in_list(ANSWER_NOUNS, l.as_str())
        {
            literal |= crate::drift::text::in_list(LITERAL, l.as_str());
            tokens.next();
        } else {
            break;
        }
    }
    let caps = |t: &str| {
        !t.chars().any(char::is_lowercase)
            && t.chars().any(char::is_uppercase)
            && t.chars()
                .all(|c| c.is_alphanumeric() || matches!(c, ':' | '-' | '_' | '.' | ',' | '!'))
    };
    let mut run: Vec<&str> = Vec::new();
    let mut after: Option<&str> = None;
    for t in tokens {
        if !caps(t) {
            after = Some(t);
            break;
        }
        run.push(t);
        // A clause ends at its punctuation: "READY FOR REVIEW, all caps".
        if t.ends_with(&[',', '.', '!'][..]) {
            break;
        }
    }
    let phrase = run.join(" ");
    let phrase = phrase.trim_end_matches(&[',', '.', '!'][..]);
    // Names in capitals ("the PR URL", "the exact SHA") are things, not the words.
    let names = run.iter().all(|t| {
        crate::drift::text::in_list(
            "PR|URL|ID|SHA|API|SQL|JSON|CSV|PDF|HTTP|UTC|MR",
            t.trim_end_matches(&[',', '.', '!'][..]),
        )
    });
    // A word that goes on the noun phrase ("the exact JIRA ticket you moved") or a choice
    // ("READY FOR REVIEW or BLOCKED"): no phrase.
    let continues = after.is_some_and(|a| {
        let a = a
            .trim_matches(crate::drift::text::not_alnum_char)
            .to_ascii_lowercase();
        a.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && !crate::drift::text::in_list("so|as|on|at|and|to|when|because|for|after|with|if|please|exactly|only|all|in|our|the", a.as_str())
            || a == "or"
    });
    (literal
        && !continues
        && !names
        && phrase
            .split(crate::drift::text::not_alpha_char)
            .any(|w| w.chars().count() >= 2)
        && run.len() <= 6)
        .then(|| phrase.to_string())
}

/// Whether a phrase asked as an opening or ending is a token in capitals ("READY FOR REVIEW",
/// "STATUS: DONE", "VERDICT:"): a word of two letters or more with no lowercase letter.
fn capitalised_token(phrase: &str) -> bool {
    phrase
        .split(crate::drift::text::not_alpha_char)
        .any(|w| w.chars().count() >= 2 && w.chars().all(char::is_uppercase))
}

/// Whether a lowercased text has any of these words, whole.
fn has_words_any(lower: &str, words: &'static str) -> bool {
    ws_of(lower)
        .iter()
        .any(|w| crate::drift::text::in_list(words, w))
}

/// Whether a (lowercased) sentence or clause opens by taking back what was said right before
/// it: "Hmm, scratch that, go up to 150", "actually, forget that". Only where it opens, after an
/// interjection at most: "the build warns; ignore that" and "don't forget that" take nothing
/// back. "Scratch that last part" takes back a clause, so only what had one (`single`).
pub(super) fn takes_back(lower: &str, single: bool) -> bool {
    takes_back_with(
        lower,
        single,
        "scratch that|forget that|ignore that|disregard that|never mind that|drop that rule",
    )
}

/// [`takes_back`] inside a sentence, after a semicolon: only "scratch that" and "forget that"
/// ("…, the linter will flag it; ignore that" takes back the warning, not the ban).
pub(super) fn takes_back_clause(lower: &str) -> bool {
    takes_back_with(lower, true, "scratch that|forget that")
}

fn takes_back_with(lower: &str, single: bool, phrases: &'static str) -> bool {
    let opening = "hmm|actually|wait|oh|ok|okay|no|edit|update|on second thought"
        .split('|')
        .fold(lower.trim_start(), |t, i| {
            t.strip_prefix(i)
                .filter(|r| r.starts_with(&[',', ':', ' ', '.'][..]))
                .map_or(t, |r| r.trim_start_matches(&[',', ':', ' ', '.'][..]))
        });
    super::text::parts(phrases).iter().any(|p| {
        opening.strip_prefix(p).is_some_and(|r| {
            let part = r.strip_prefix(' ').and_then(|r| {
                super::text::strip_any(r, "last part|last bit|last point|part|bit|point")
            });
            if part.is_some() && !single {
                return false;
            }
            // "Never mind that last rule", "drop that rule", "scratch that last point": the
            // sentence before, whole.
            let r = part.unwrap_or(r);
            let r = super::text::strip_any(r, " last rule| rule").unwrap_or(r);
            r.is_empty()
                || r.starts_with(&[',', '.', ';', ':', '!', '\u{2014}'][..])
                || r.starts_with(" \u{2014}")
                || r.starts_with(" - ")
        })
    })
}

/// Where a message takes back a family of rules stated before it (byte position where the
/// sentence ends, the kinds of rule it lifts). A partial lift ("the cap doesn't apply to the flag
/// table") lifts the rule too: which part it still holds for is not checked. The rule must be
/// named within five words of the lift, in its clause ("Ignore the failing lint; no code
/// blocks" lifts nothing), and a negated lift ("don't ignore …") is none.
pub(super) fn lifted(message: &str) -> Vec<(usize, usize, &'static str)> {
    // One score reads the lifts twice (the negative constraints and the checkable ones), of
    // the same message: the last message's lifts are kept.
    type Lifts = Vec<(usize, usize, &'static str)>;
    thread_local! {
        static LAST: std::cell::RefCell<Option<(String, Lifts)>> = const { std::cell::RefCell::new(None) };
    }
    if let Some(hit) = LAST.with(|l| {
        l.try_borrow().ok().and_then(|l| {
            l.as_ref()
                .filter(|(m, _)| m == message)
                .map(|(_, v)| v.clone())
        })
    }) {
        return hit;
    }
    let lifts = read_lifts(message);
    LAST.with(|l| {
        if let Ok(mut l) = l.try_borrow_mut() {
            *l = Some((message.to_string(), lifts.clone()));
        }
    });
    lifts
}

fn read_lifts(message: &str) -> Vec<(usize, usize, &'static str)> {
    const LENGTH: &str =
        "words|prose-words|sentences|bullets|paragraphs|characters|lines|title-words|list-items";
    // One line per family: the names it goes by, '>', the kinds of rule it lifts.
    const FAMILIES: &str = concat!(
        "yaml>yaml-keys\n",
        "sorting|sort order|the order>sort-order\n",
        "timestamp|timestamps>timestamps\n",
        // ("scratch the no-tables part": the hyphened name's last word.)
        "no-tables|no tables|table rule|tables rule|tables part>no-tables\n",
        "code block|code-block|fenced block>code-block\n",
        "prefix|prefixes|bullet format|bullet rule|bullet-start>bullet-start\n",
        // (The kinds of `LENGTH`.)
        "word limit|word count|word cap|length limit|limit|cap|length cap|sentence limit|bullet limit|character limit|line limit>words|prose-words|sentences|bullets|paragraphs|characters|lines|title-words\n",
        "json>json|json-keys\n",
        // ("Ignore the caps request".)
        "lowercase|lower case|all caps|uppercase|capitals|caps request|caps rule>lowercase|uppercase|capital-words\n",
        "heading|headings|no-headings|section|sections|template>headings|sections|no-headings|section-order\n",
        "url|urls|link|links|no-links|no-urls>no-urls\n",
        "first person|first-person|impersonal>no-first-person\n",
        "no-code|no code|code rule|code blocks>no-code-blocks|code\n",
        "sign-off|off line|closing line|last line|final line|ending|marker>ending\n",
        "opening|opening line|status line|tl;dr line>opening|first-holds\n",
        "language>language\n",
        "emoji rule|emoji thing|emoji ban>emoji\n",
        // ("EDIT: never mind the config restriction - …").
        "config restriction|file restriction|folder restriction|edit restriction|editing restriction|touch restriction|no-touch rule|hands-off rule>change",
    );
    let mut out = Vec::new();
    // A text the worker writes besides its report, which a style rule may be said of.
    let writes_another = has_any_in(
        &message.to_ascii_lowercase(),
        "the doc|the section|the file|the readme|the page|the post|the email|the changelog|the article|the comment|the docstring|the copy",
    );
    // The terms the message quotes ('ToO', "refund"), lowercased.
    let quoted_terms: Vec<String> = super::constraints::named_terms(message)
        .into_iter()
        .map(|t| ws_of(&t.to_ascii_lowercase()).join(" "))
        .gather()
        .kept(|t| !t.is_empty());
    let mut previous = None;
    // Whether the sentence before has one clause: "scratch that last part" takes back no more.
    let mut single = false;
    for sentence in sentences(message) {
        let lower = sentence.to_ascii_lowercase().replace('\u{2019}', "'");
        let start = sentence.as_ptr() as usize - message.as_ptr() as usize;
        let at = start + sentence.len();
        // "Under 50 words please. Hmm, scratch that, go up to 150": the sentence before is
        // taken back whole (what this one says stays).
        let that = takes_back(&lower, single)
            // "Actually no, the PR bot appends that, so leave it out".
            || ((lower.trim_start().starts_with("actually no,")
                || lower.trim_start().starts_with("actually, no,"))
                && has_any_in(&lower, "leave it out|leave that out|drop it|skip it|omit it|no need"));
        // "That rule doesn't apply to internal messages": the sentence before is narrowed, and a
        // narrowed rule is not checked (which part it holds for is not told).
        let that = that
            || crate::drift::text::any_pair_in(
                &lower,
                "that rule|this rule|these rules|those rules",
                " doesn't apply| does not apply| don't apply| do not apply| only applies| only apply| applies only",
            );
        if let (true, Some(p)) = (that, previous) {
            out.push((p, start, "*"));
        }
        // "Normally I'd ask you to keep replies under 100 words, but …": a habit set aside.
        if crate::drift::text::first_of(
            &lower,
            "normally i'd|usually i'd|normally i would|usually i would|i'd normally|i'd usually|i would normally|i would usually|normally we'd|usually we'd",
        )
        .is_some_and(|i| lower.get(i..).unwrap_or_default().has(", but"))
            // "Earlier I asked you to avoid 'deprecated' — ignore that, …": recalled and
            // taken back in one sentence.
            || crate::drift::text::first_of(
                &lower,
                "earlier i asked|i asked you earlier|i previously asked|earlier i said|earlier i told",
            )
            .and_then(|i| {
                super::text::first_of(
                    lower.get(i..)?,
                    "ignore that|forget that|scratch that|disregard that|never mind that",
                )
                .map(|j| i + j)
            })
            // (Not where a new rule follows: "— ignore that, but don't use '!'".)
            .is_some_and(|j| {
                !has_any_in(
                    lower.get(j + 11..).unwrap_or_default(),
                    "but |instead|; |avoid|don't|do not|never|use |keep ",
                )
            })
        {
            out.push((start, at, "*"));
        }
        // "Update: make that 4 bullets", "Actually, make that under 200; 100 was too tight":
        // the counts said before are replaced (a unit, if said, is a count's).
        let at_ws = words_at(&lower);
        let ws: Vec<&str> = at_ws.iter().map(|x| x.1).gather();
        const COUNTED: &str = "bullets|words|sentences|items|points|paragraphs";
        let replaced = (0..ws.len()).find(|&i| {
            if !(ws.get(i) == Some(&"make") && matches!(ws.get(i + 1), Some(&"that" | &"it"))) {
                return false;
            }
            let that = ws.get(i + 1) == Some(&"that");
            let mut j = i + 2;
            while ws.get(j).is_some_and(|w| {
                crate::drift::text::in_list(
                    "under|at|most|no|more|than|up|to|fewer|less|max|below",
                    w,
                )
            }) {
                j += 1;
            }
            let Some(&(n_at, n)) = at_ws.get(j) else {
                return false;
            };
            if number(n).is_none() {
                return false;
            }
            // The number ends its clause ("make that under 200; …"), or a count's unit follows.
            let after = lower.get(n_at + n.len()..).unwrap_or_default();
            // A bare number only after "make that" ("make it 3" is often a value).
            (that
                && (after.trim_start().is_empty()
                    || after.starts_with(&[';', ',', '.', '!', ':', '\u{2014}'][..])
                    || after.starts_with(" -")
                    || after.starts_with(" \u{2014}")))
                || ws
                    .get(j + 1)
                    .is_some_and(|u| crate::drift::text::in_list(COUNTED, u))
        });
        if let Some(i) = replaced {
            // "Max 150 words; actually, make that 250": a count said before it in its own
            // sentence too (then the sentence's counts are all taken back: silent).
            let own = ws.get(..i).is_some_and(|b| {
                b.windows(2).any(|x| {
                    matches!(x, [n, u] if number(n).is_some() && crate::drift::text::in_list(COUNTED, u))
                })
            });
            let make_at = at_ws.get(i).map_or(0, |x| x.0);
            out.push((0, if own { start + make_at } else { start }, LENGTH));
        }
        let family_of = |unit: &str| -> &'static str {
            match unit {
                "words" => "words|prose-words",
                "sentences" => "sentences",
                "bullets" => "bullets",
                "paragraphs" => "paragraphs",
                _ => "",
            }
        };
        // "You can go up to 150 words now": the bounds of that unit said before are raised (not
        // "the queue can go up to 500 items", nor the word limit by "go up to 5 bullets").
        // "…; allow up to 8.": the count said before, raised (the sentence ends on the number).
        if let [.., "allow", "up", "to", n] = ws.as_slice() {
            if number(n).is_some() {
                out.push((0, start, LENGTH));
            }
        }
        // "If you include the ink issue, you can go to five": raised where a condition holds,
        // which is not read.
        if ws.first() == Some(&"if")
            && ws
                .windows(5)
                .any(|x| matches!(x, ["you", "can" | "may", "go", "to", n] if number(n).is_some()))
        {
            out.push((0, start, LENGTH));
        }
        // "Correction: the registrar wants more detail, so the limit is 150 words".
        let correcting = has_any_in(
            &lower,
            "correction|update:|edit:|actually|change of plan|instead",
        ) || lower.has("so the limit is");
        // "(Edit: …; 90 words is the new ceiling.)" too.
        if correcting
            && ws
                .windows(3)
                .any(|x| matches!(x, ["limit" | "cap" | "maximum", "is", n] if number(n).is_some()))
            || ws.windows(4).any(|x| {
                matches!(
                    x,
                    ["is", "the", "new", "ceiling" | "limit" | "cap" | "maximum"]
                )
            })
        {
            out.push((0, start, LENGTH));
        }
        // "Correction: …, so please add a new migration after all": a ban on new things said
        // before, reversed.
        // ("After all" said last, not "after all the reviews"; not "I'll add a new one".)
        let after_all = lower.match_indices(" after all").any(|(i, m)| {
            let r = lower.get(i + m.len()..).unwrap_or_default();
            r.is_empty() || r.starts_with(&['.', ',', ';', '!'][..]) || r.starts_with(" and ")
        });
        if correcting
            && after_all
            && has_any_in(&lower, "add a new|create a new")
            && !has_any_in(&lower, "i'll|i will|myself")
        {
            out.push((0, start, "new"));
        }
        // "Edit: …, so the limit is now 200 words": the bounds said before, replaced.
        for (i, x) in ws.windows(4).enumerate() {
            if let ["limit" | "cap" | "maximum" | "max", "is", "now", n] = x {
                // A length's limit ("the limit", "the word limit"), not "the rate limit".
                let of = i
                    .checked_sub(1)
                    .and_then(|j| ws.get(j))
                    .copied()
                    .unwrap_or_default();
                if number(n).is_some()
                    && crate::drift::text::in_list(
                        "the|word|length|bullet|sentence|character|line|that|this|your",
                        of,
                    )
                {
                    out.push((0, start, LENGTH));
                }
            }
        }
        for x in ws.windows(5) {
            // "go up to 150 words", "allow up to 8 bullets".
            if let ["go" | "allow" | "use", "up", "to", n, unit] = x {
                if number(n).is_some() && !family_of(unit).is_empty() {
                    out.push((0, start, family_of(unit)));
                }
            }
        }
        // "Hmm, list every issue you find, don't cap it", "include every merged PR even if
        // that's more than 5", "however many bullets that takes", "if there are fewer, list
        // those — don't pad": a count of items said before is taken back.
        let spaced = format!(" {} ", ws.join(" "));
        if has_any_in(&spaced, " list them all | list all of them | list every | include all of them | however many bullets | however many that takes | however many it takes | however many there are | don't cap | do not cap | no cap | even if that's more | even if it's more | even though that's more | even though it's more | even if that is more | even though that is more | as many as needed | as many as it takes | as many as you need | as many bullets as | as many items as | don't pad | do not pad ")
        {
            out.push((0, start, "bullets|list-items"));
        }
        // "Update: the chair asked for more, so use at most 5 bullets": an amendment that states
        // a whole count again replaces that unit's counts said before (not a part's or an
        // item's: "Update: keep each bullet under 10 words").
        let opening = lower.trim_start();
        if crate::drift::text::starts_with_any(
            opening,
            "update|correction|edit:|actually|change of plan",
        ) && !crate::drift::text::any_word_in(
            &ws,
            "each|every|per|section|part|heading|title|field|summary|intro|subject",
        ) {
            for x in ws.windows(2) {
                if let [n, unit] = x {
                    if number(n).is_some() {
                        out.push((0, start, family_of(unit)));
                    }
                }
            }
        }
        // "Correction: use as many paragraphs as you need, but …": that unit's count said before.
        for x in ws.windows(4) {
            if let ["as", "many", unit, "as"] = x {
                out.push((0, start, family_of(unit)));
            }
        }
        // "She needs more detail, so anything under 100 words is fine": a bound said to be
        // fine raises that unit's bounds said before (not "a summary of 100 words is fine").
        let wd = |i: usize| ws.get(i).copied().unwrap_or_default();
        for k in 0..ws.len() {
            let fine = match ws.get(k + 2..k + 4) {
                Some(["is", "fine" | "ok" | "okay" | "acceptable"]) | Some(["works", _]) => true,
                _ => ws.get(k + 2..k + 4) == Some(&["will", "do"][..]),
            };
            let prev = k.checked_sub(1).map_or("", wd);
            let up_to = prev == "to" && k >= 2 && wd(k - 2) == "up";
            let bounded = crate::drift::text::in_list("under|below|than|most", prev) || up_to;
            let unit = wd(k + 1);
            // "anything under 100 words is fine", "up to 120 words is fine" (a bound said of
            // nothing in particular: "a summary of 100 words is fine" is no bound); "Correction
            // from Dana: 120 words is fine", the count alone opening its clause.
            let raised = ws.get(..k).is_some_and(|b| b.contains(&"anything")) || up_to;
            // (Not a part's: "For the changelog entry, 40 words is fine".)
            let alone = || {
                !bounded
                    && !has_any_in(&lower, "for the |in the |for your |for each ")
                    && (k == 0
                        || lower.contains(&format!(": {} {unit} ", wd(k)))
                        || lower.contains(&format!(", {} {unit} ", wd(k))))
            };
            if fine
                && number(wd(k)).is_some()
                && !family_of(unit).is_empty()
                && ((bounded && raised) || alone())
            {
                out.push((0, start, family_of(unit)));
            }
        }
        previous = Some(start);
        single = !crate::drift::text::contains_any(&lower, " and |;|,| but | or ");
        // "don't worry about length;", "length doesn't matter any more" (not "the length of the
        // appendix table", a part's).
        let plain = lower.has("no word limit")
            || lower.has("no length limit")
            || has_any_in(
                &lower,
                "worry about length;|worry about length,|worry about length.|about length, |so length doesn't matter|so length does not matter|length doesn't matter any|length no longer matters",
            );
        // "Update: plain text is fine" takes back a JSON format asked before.
        let prose_fine = crate::drift::text::any_pair_in(
            &lower,
            "plain text|prose|plain english|markdown",
            " is fine| is ok| is okay| works| will do",
        );
        // The clause's words around each lift, as one spaced string per side.
        let mut windows: Vec<String> = Vec::new();
        for (list, after) in [
            (super::text::parts(LIFTS_BEFORE), true),
            (super::text::parts(LIFTS_AFTER), false),
        ] {
            for lift in list {
                if !has_any_in(&lower, lift) {
                    continue;
                }
                let mut from = 0;
                while let Some(i) = lower.get(from..).and_then(|r| super::text::find(r, lift)) {
                    let i = from + i;
                    from = i + lift.len();
                    // A whole word, not negated ("don't ignore errors").
                    let starts = lower.get(..i).is_none_or(|b| {
                        !b.ends_with(crate::drift::text::char_test(|c: char| {
                            c.is_ascii_alphanumeric()
                        }))
                    });
                    let negated = negated_at(&lower, i);
                    let ends = lower.get(i + lift.len()..).is_none_or(|r| {
                        !r.starts_with(crate::drift::text::char_test(|c: char| {
                            c.is_ascii_alphanumeric()
                        }))
                    });
                    // "Lift the cap", not "the lift inspection": the verb, before what it lifts.
                    let noun = *lift == "lift"
                        && !crate::drift::text::starts_with_any(
                            lower.get(i + 4..).unwrap_or_default(),
                            " the | that | this | those | these | my | our | your | any ",
                        );
                    if !starts || !ends || negated || noun {
                        continue;
                    }
                    let clause = if after {
                        lower
                            .get(i + lift.len()..)
                            .unwrap_or_default()
                            .split(&['.', ';', ':', ',', '!', '?', '(', '\u{2014}'][..])
                            .next()
                            .unwrap_or_default()
                            .to_string()
                    } else {
                        let stops: &[char] = &['.', ';', ':', ',', '!', '?', '(', '\u{2014}'];
                        let mut clauses = lower.get(..i).unwrap_or_default().rsplit(stops);
                        let own = clauses.next().unwrap_or_default();
                        // "No code in daily updates, but it doesn't apply today": a pronoun
                        // points at the clause before.
                        if ws_of(own).iter().all(|w| {
                            crate::drift::text::in_list("but|it|that|this|which|though", w)
                        }) {
                            clauses.next().unwrap_or_default().to_string()
                        } else {
                            own.to_string()
                        }
                    };
                    let ws: Vec<&str> = clause
                        .split(crate::drift::text::char_test(|c: char| {
                            !(c.is_ascii_alphanumeric() || c == '-')
                        }))
                        .filter(|w| !w.is_empty())
                        .flat_map(|w| {
                            // "200-word" is a word limit's "word".
                            w.rsplit('-').next().into_iter()
                        })
                        .gather();
                    let near: Vec<&str> = if after {
                        ws.iter().take(5).copied().gather()
                    } else {
                        ws.iter().rev().take(5).rev().copied().gather()
                    };
                    windows.push(format!(" {} ", near.join(" ")));
                    // "(The 40-word limit from last week's template no longer applies.)": the
                    // clause's subject opens it.
                    // (A limit of a count: "the spending cap we agreed" is no word limit.)
                    let opening = ws.get(..ws.len().min(5)).unwrap_or_default();
                    if !after
                        && ws.first().is_some_and(|w| {
                            crate::drift::text::in_list("the|that|this|our|your|any", w)
                        })
                        && crate::drift::text::any_word_in(opening, "word|words|sentence|sentences|bullet|bullets|line|lines|character|characters|paragraph|paragraphs")
                    {
                        windows.push(format!(" {} ", opening.join(" ")));
                    }
                }
            }
        }
        if plain {
            windows.push(" word limit ".to_string());
        }
        // "If you cannot reach the DB, say so in one plain sentence instead": the JSON asked
        // before holds only when the condition does not, which the result cannot show.
        // Not "tell me instead of guessing": the fallback is a form of its own ("in one plain
        // sentence").
        let otherwise = matches!(ws.first(), Some(&"if" | &"unless"))
            && ws
                .iter()
                .enumerate()
                .any(|(i, w)| *w == "instead" && ws.get(i + 1) != Some(&"of"))
            && crate::drift::text::any_word_in(&ws, "say|reply|respond|answer|tell")
            && crate::drift::text::any_word_in(&ws, "sentence|sentences|plain|prose|words");
        // "On second thought, send a table instead of JSON".
        let replaced_json = has_any_in(
            &lower,
            // "… so answer in plain prose instead".
            "instead of json|rather than json|instead of the json|rather than the json|prose instead|plain text instead|plain english instead",
        );
        if prose_fine || otherwise || replaced_json {
            windows.push(" json ".to_string());
        }
        // "No tables … on second thought, for the fee breakdown a table is fine".
        // "A small table for the per-screen numbers is fine after all": the table named first in
        // its clause, what is fine after it.
        let fine_after = |noun: &str| {
            lower.split(&[';', '.', ','][..]).any(|clause| {
                clause.find(noun).is_some_and(|t| {
                    !clause
                        .get(..t)
                        .is_some_and(|h| h.ends_any("no |not a "))
                        && has_any_in(
                            clause.get(t..).unwrap_or_default(),
                            " is fine| are fine| is ok| are ok| is okay| are okay| is allowed| are allowed",
                        )
                })
            })
        };
        // "Edit from Dana: headings are fine after all".
        if has_any_in(
            &lower,
            "headings are fine|heading is fine|headings are ok|headings are okay|headings are allowed",
        ) {
            out.push((0, at, "no-headings"));
        }
        // "Actually, call the last heading Verification instead of Test": the headings asked
        // before, renamed (which one is not read: all of them are lifted).
        // "On second thought, fold 'Cause' into 'Timeline'", "drop the Risks section": a
        // heading asked before is taken out, likewise.
        // (A name in quotes or capitals: "fold 'Cause' into …", "merge Cause into …".)
        let named_part = has_any_in(&lower, "heading|section")
            || sentence
                .split(&['\'', ' '][..])
                .skip(1)
                .any(|q| q.starts_with(crate::drift::text::ascii_upper_char));
        // ("Correction: call the second one Proposal instead".)
        if ((lower.has("heading")
            || (has_any_in(&lower, "first one|second one|third one|last one") && !lower.has("`")))
            && lower.has(" instead")
            && has_any_in(&lower, "call the|rename the|retitle the|name the"))
            || (has_any_in(&lower, "fold |merge ") && lower.has(" into ") && named_part)
            || (has_any_in(&lower, "drop the |remove the |skip the |leave out the ")
                && has_any_in(&lower, "heading|section"))
            // "On second thought, … a short paragraph without headings is fine".
            || ((correcting || lower.has("second thought"))
                && has_any_in(&lower, "without headings|with no headings|no headings"))
        {
            out.push((0, start, "headings|sections|section-order"));
        }
        // "…, so the 80-word limit applies to the prose only, not to the list": which lines
        // count is not read.
        if has_any_in(
            &lower,
            "not to the list|list doesn't count|list does not count|excluding the list",
        ) || (lower.has("list")
            && has_any_in(
                &lower,
                "does not count toward|doesn't count toward|do not count toward|don't count toward",
            ))
        {
            out.push((0, at, LENGTH));
        }
        // "…; in your explanation to me, any date format is fine": the date form holds in a
        // part only, which is not read.
        if has_any_in(&lower, "any date format is fine|any date format is ok|any date format works|dates in any format are fine") {
            out.push((0, at, "iso-dates"));
        }
        // "Correction: …, so please use a table": the ban said before, reversed.
        if fine_after("table")
            || (correcting
                && has_any_in(&lower, "use a table|use tables")
                // (Not negated, nor on a condition.)
                && !has_words_any(&lower, "don't|not|never|no|avoid|if|unless|only"))
            || has_any_in(&lower, "can use a table|may use a table|can be a table|may be a table|can go in a table|may go in a table|can be in a table|may be in a table|use a table if|so please do use one|do use a table|table is easiest|table after all")
            || (lower.has("table")
                && has_any_in(&lower, "either is fine|either works|either way is fine"))
        {
            out.push((0, at, "no-tables"));
        }
        // "… as a table … On second thought, use a plain bulleted list instead" (or a CSV
        // block): the table asked before is replaced.
        if lower.has("instead")
            && (has_any_in(&lower, "bulleted list|bullet list|plain list|a list instead|bullets instead|prose instead|paragraphs instead|numbered list|code block|csv")
                // ("so use bullet points instead, no table"; not "… instead of paragraphs for
                // the caveats".)
                || (lower.has("bullet points instead") && lower.has("no table")))
            && !has_any_in(&lower, "instead of a list|instead of bullets|instead of prose")
        {
            out.push((0, start, "table|table-columns"));
        }
        // "As a numbered list. Hmm, … make it a single paragraph instead, no list": the list
        // asked before is replaced.
        if has_any_in(
            &lower,
            // ("…: match whatever style CHANGELOG.md already uses instead".)
            "no list|not a list|no numbered list|paragraph instead|prose instead|forget the numbered list|bullets instead|bullet points instead|already uses instead",
        ) || (has_any_in(
            &lower,
            "bullets are fine|bullet points are fine|bullets are ok|bullets work",
        ) && !lower.has("section"))
        {
            out.push((0, start, "numbered-list"));
        }
        // "They're fine with English", "English is fine": a language asked before is dropped.
        // Only those before: the sentence's own "write it in English instead" stands.
        // "… so reply in French instead" too.
        if has_any_in(&lower, "fine with english|english is fine|english is ok|english is easier|english it is|in english instead|have it in english")
            || (lower.has(" instead")
                && has_any_in(&lower, "reply in|respond in|answer in|write it in|write in|your reply|your answer")
                && ws_of(&lower).windows(3).any(|w| {
                    matches!(w, ["in", name, "instead"]
                        if language::LANGUAGES.iter().any(|l| l.name == *name))
                }))
            // "She'd prefer English, so use English instead".
            || ws_of(&lower).windows(3).any(|w| {
                let lang = |n: &str| language::LANGUAGES.iter().any(|l| l.name == n);
                matches!(w, ["use", name, "instead"] if lang(name))
                    || matches!(w, ["prefer" | "prefers", name, _] if lang(name))
            })
        {
            out.push((0, start, "language"));
        }
        // "Proper nouns can keep their capitals", "exception: currency codes can stay
        // uppercase": which words may keep them is not checked, so the case rule is not.
        if has_any_in(
            &lower,
            "can keep|can stay|may keep|may stay|can remain|exception|except",
        ) && has_any_in(&lower, "capital|uppercase|caps")
        {
            windows.push(" lowercase ".to_string());
        }
        // "SQL inside code blocks can keep normal casing" lets code in after "prose only".
        let code_allowed = lower
            .split(&[',', ';', '\u{2014}', '(', ')'][..])
            .filter(|c| has_any_in(c, "code block|code fence|snippet"))
            .any(|clause| {
                let ws = ws_of(clause);
                crate::drift::text::any_word_in(&ws, "can|may|allowed|fine|ok|okay")
                    && !ws.iter().any(|w| {
                        crate::drift::text::in_list("no|not|never|without|avoid", w)
                            || w.ends_with("n't")
                    })
            });
        // "No code in the report. One exception: include the final SQL of the migration."
        let words = ws_of(&lower);
        let excepted = words
            .iter()
            .any(|w| crate::drift::text::in_list("exception|except", *w))
            && words.iter().any(|w| {
                crate::drift::text::in_list(CODE_NOUNS, w)
                    || crate::drift::text::in_list("migration|block|blocks", w)
            });
        let negation = |ws: &[&str]| {
            ws.iter().any(|w| {
                crate::drift::text::in_list("no|not|never|without|avoid|instead", w)
                    || w.ends_with("n't")
            })
        };
        // "Update: the lead wants the exact diff, please include it", "please do paste the final
        // version of the function": code asked for after a ban on it takes the ban back.
        let asked_code = shows_code(&words) && !negation(&words);
        // "No code please; if you need to show the SQL for the migration, that's fine": the
        // clause that permits it.
        let permitted = lower.split(&[';', '.'][..]).any(|clause| {
            let ws = ws_of(clause);
            has_any_in(clause, "that's fine|that is fine|is fine|are fine|is ok|that's ok|is okay|is allowed|are allowed") && (shows_code(&ws)
                // "a short diff is fine", "the migration statement is fine": the code noun is
                // what is fine (not "inline code is OK", which keeps a ban on blocks).
                // Said as a thing to show: "a short diff", "including the … statement"; not
                // "the query is fine, the index is missing".
                || (0..ws.len()).any(|i| {
                    let w = |k: usize| ws.get(k).copied().unwrap_or_default();
                    let back = |d: usize| i.checked_sub(d).map_or("", w);
                    let shown = crate::drift::text::in_list("a|one|short|small|brief", back(1))
                        || (1..4).any(|d| crate::drift::text::in_list("including|showing|pasting", back(d)));
                    str_in(&ws, i + 1, "is|are")
                        && str_in(&ws, i + 2, "fine|ok|okay|allowed")
                        && shown
                        && (str_in(&ws, i, "diff|diffs|patch|snippet|snippets")
                            || (str_in(&ws, i, "statement|statements")
                                && crate::drift::text::in_list("migration|sql|update|insert|alter|ddl", back(1))))
                }))
                && !negation(&ws)
        });
        if code_allowed || excepted || asked_code || permitted {
            windows.push(" no-code ".to_string());
        }
        // "Actually, one short paragraph is enough, no headings needed": what stands between
        // "no" and "needed" (three words at most) is taken back.
        for (i, w) in words.iter().enumerate() {
            if *w != "no" {
                continue;
            }
            let end = words.len().min(i + 5);
            if let Some(k) =
                (i + 2..end).find(|&k| matches!(words.get(k), Some(&"needed" | &"necessary")))
            {
                // The rule's own name, nothing narrower ("no intro heading", "no rate limit").
                let named = words.get(i + 1..k).unwrap_or_default().join(" ");
                if crate::drift::text::in_list(
                    "headings|heading|sections|word limit|length limit|json|sign-off|code blocks",
                    named.as_str(),
                ) {
                    windows.push(format!(" {named} "));
                }
            }
        }
        // "No emojis, with one exception: start every post with ✈️", "one emoji in the subject
        // line is fine": which emoji may stay is not checked, so the ban is not.
        if let Some(i) = lower
            .has("emoji")
            .then(|| {
                crate::drift::text::first_of(
                    &lower,
                    "one exception|exception:|except for|except that|except the|except one|is the exception|are the exception|is an exception",
                )
            })
            .flatten()
        {
            if !negation(&ws_of(&lower[i..])) {
                out.push((0, at, "emoji"));
            }
        }
        // "…, where emojis are encouraged, so go ahead and use a couple": the ban taken back.
        // (With a go-ahead, unnegated: not "emojis are fine in the teaser, which I'll write".)
        if has_any_in(
            &lower,
            "emojis are encouraged|emojis are welcome|emojis are fine",
        ) && has_any_in(&lower, "go ahead|so use|feel free")
            && !negation(&ws_of(&lower))
        {
            out.push((0, at, "emoji"));
        }
        // One emoji allowed somewhere: "one emoji in the subject line is fine", "the banner may
        // have one emoji" (not "not a single emoji in the reply").
        if let Some(i) = crate::drift::text::first_of(&lower, "one emoji|a single emoji|an emoji") {
            let before = ws_of(lower.get(..i).unwrap_or_default());
            let near = before.iter().rev().take(2).any(|w| {
                crate::drift::text::in_list(
                    "not|no|even|without|never|than|can't|cannot|don't|mustn't|shouldn't|nor",
                    w,
                )
            });
            if !near
                && has_any_in(
                    &lower,
                    " fine| ok| okay| allowed| permitted| may | can | acceptable| welcome|at most one|up to one",
                )
            {
                out.push((0, at, "emoji"));
            }
        }
        // "Korrektur: … schreib den Bericht bitte doch auf Englisch": English asked after
        // another language, in that language's words (not "nicht auf Englisch").
        for phrase in "auf englisch|en inglés|en ingles|en anglais|em inglês|in inglese".split('|')
        {
            if let Some(i) = lower.find(phrase) {
                let before: Vec<&str> = lower[..i].split_whitespace().rev().take(2).gather();
                if !crate::drift::text::any_word_in(&before, "nicht|no|pas|não|non|kein") {
                    out.push((0, at, "language"));
                }
            }
        }
        // "The list of accession numbers doesn't count towards that limit": what a word count
        // leaves out is not told (code left out is read by `code_not_counted`).
        if let Some(i) = crate::drift::text::first_of(&lower, "doesn't count|does not count|don't count|do not count|won't count|not counted|aren't counted|isn't counted")
        {
            // Said before ("the YAML itself doesn't count") or after ("don't count the list
            // of deleted files"), within the clause.
            let clause_before = lower[..i]
                .rsplit(&[';', ',', '.', '\u{2014}'][..])
                .next()
                .unwrap_or_default();
            let clause_after = lower[i..]
                .split(&[';', ',', '.', '\u{2014}'][..])
                .next()
                .unwrap_or_default();
            let code = ws_of(clause_before)
                .into_iter()
                .rev()
                .take(8)
                .chain(ws_of(clause_after).into_iter().take(8))
                .any(|w| {
                    crate::drift::text::in_list(CODE_NOUNS, w)
                        || crate::drift::text::in_list("block|blocks|fence|fences|paste|pasted|file|files|content|yaml|json|migration|output|log|logs|config|command|commands|path|paths", w)
                });
            if !code {
                out.push((0, at, "words|prose-words|sentences"));
            }
            // "At most 5 bullets; the list of changed files doesn't count toward that": a list
            // left out of a bullet count (which one is not told).
            if has_any_in(clause_before, "list|files") || has_any_in(clause_after, "list|files") {
                out.push((0, at, "bullets|list-items"));
            }
        }
        // "In the doc, avoid 'simply'. Your report back to me can be informal": the style rules
        // are the doc's, and the report's style is free (which text they hold for is not
        // checked).
        let free_report = writes_another
            && lower.split(&[';', '.', '\u{2014}'][..]).any(|clause| {
                has_any_in(clause, "your report|your reply|your answer|report back|report to me|reply to me|your message to me")
                    && has_any_in(clause, "can be informal|can be casual|write normally|write as you normally|informal is fine|casual is fine|can be as informal|can be as casual")
                    && !negation(&ws_of(clause))
            });
        if free_report {
            out.push((
                0,
                at,
                "forbids|no-first-person|lowercase|uppercase|capital-words|emoji",
            ));
        }
        // "The announcement must be all lowercase; the rest of your report can use normal
        // capitalization": the case rule is one part's.
        if lower.has("the rest")
            && has_any_in(&lower, "normal capitali|normal case|normal casing|regular capitali|usual capitali|standard capitali|rest normally|rest as usual")
        {
            out.push((0, at, "lowercase|uppercase|capital-words"));
        }
        // "Use ALL CAPS. Correction: the display supports mixed case, so use normal sentence
        // case instead": the case asked before is taken back.
        // Not said of another text ("The footer text should use normal sentence case instead").
        let other_text = ws_of(&lower).iter().any(|w| {
            crate::drift::text::in_list(
                "footer|header|readme|heading|title|label|button|csv|export|file|column|subject|template|page",
                w.trim_end_matches('s'),
            )
        });
        if has_any_in(&lower, "instead|actually")
            && !other_text
            && has_any_in(
                &lower,
                "sentence case|mixed case|normal case|normal capitali|regular case",
            )
        {
            out.push((0, at, "lowercase|uppercase|capital-words"));
        }
        // "Use ISO dates. Update: they want dates like '14 Apr 2025' instead": the date format
        // asked before is replaced.
        if lower.has("instead")
            && !other_text
            && has_any_in(
                &lower,
                "dates like|date format|date style|dates as|dates in",
            )
        {
            // The form named here is the new one ("so write all dates as YYYY-MM-DD
            // instead"), unless it is the one replaced ("instead of YYYY-MM-DD").
            let own = lower.has("yyyy") && !lower.has("instead of");
            out.push((0, if own { start } else { at }, "iso-dates"));
        }
        // "Update from Legal: the word 'refund' is fine now", "so "leak" is fine after all", "so
        // 'leak' is correct and fine to use": a word ban taken back, said in the quote's own
        // clause, unnegated, of a word quoted before.
        let before = message
            .get(..start)
            .unwrap_or_default()
            .to_ascii_lowercase();
        let quoted_fine = super::text::parts("\" is |' is |\u{201d} is |\u{2019} is ")
            .iter()
            .any(|q| {
                let pieces: Vec<&str> = lower.split(*q).gather();
                pieces.windows(2).any(|p| {
                    let [head, rest] = p else {
                        return false;
                    };
                    let term = head
                        .rsplit(&['"', '\'', '\u{201c}', '\u{2018}'][..])
                        .next()
                        .unwrap_or_default();
                    let clause = rest
                        .get(..crate::drift::text::first_of(rest, ",|.|;").unwrap_or(rest.len()))
                        .unwrap_or_default();
                    // ("'patch' is fine, go ahead and use it": fine, and let back in.)
                    let fine = crate::drift::text::in_list("fine|ok|okay|allowed", clause.trim())
                        && has_any_in(rest, "go ahead|use it");
                    !term.is_empty()
                        && before.has(term)
                        && (fine || has_any_in(
                            clause,
                            "fine after all|fine now|ok now|okay now|allowed now|allowed after all|ok after all|okay after all|fine to use|approved after all|approved now",
                        ))
                        && !negation(&ws_of(clause))
                })
            });
        // "Don't use the abbreviation 'ETA'. Correction: ETA is fine": a term quoted before,
        // said to be fine by name.
        let fine_by_name = || {
            ws.windows(3).any(|x| {
                matches!(x, [t, "is" | "are", f]
                    if crate::drift::text::in_list("fine|ok|okay|allowed", f)
                        && before.has(t)
                        && quoted_terms.iter().any(|q| q == t))
            })
        };
        // "They've approved 'guarantee' for this letter, so the earlier ban no longer applies": a
        // ban taken back, named as one said before or by a term quoted before and here.
        let ban_lifted =
            has_any_in(
                &lower,
                "ban no longer applies|ban is lifted|ban has been lifted|ban is off",
            ) && (has_any_in(&lower, "earlier ban|previous ban|that ban|original ban")
                || quoted_terms.iter().any(|t| before.has(t) && lower.has(t)));
        // "Don't use 'urgent'. … the one exception is the radio bug, which they want called
        // urgent": which use is the excepted one is a guess.
        let excepted = has_any_in(
            &lower,
            "the one exception|the only exception|except for the",
        ) && !lower.has("quot")
            && quoted_terms.iter().any(|t| before.has(t) && lower.has(t));
        if ban_lifted || quoted_fine || excepted || (!negation(&ws_of(&lower)) && fine_by_name()) {
            out.push((0, at, "forbids"));
        }
        if lower.has("word")
            && has_any_in(&lower, "is fine now|is ok now|is okay now|is allowed now|are fine now|are allowed now|is fine after all|is allowed after all")
        {
            out.push((0, at, "forbids"));
        }
        // "Edit from Priya: … so use that word if it's the clearest", "… so use it freely", "the
        // term is approved, so please use it after all": the word banned before, let back in.
        // "… asked for the annual cost after all, so include it": a mention.
        let back_in = has_any_in(
            &spaced,
            " use that word | use that term | use this word | use this term ",
        ) || (has_any_in(
            &spaced,
            " use it freely | use it after all | use it anyway | go ahead and use it ",
        ) && quoted_terms.iter().any(|t| {
            // (Named bare or quoted again, and quoted before: "Don't use 'outage'. …
            // 'outage' is the approved term, so …".)
            (spaced.contains(&format!(" {t} ")) || spaced.contains(&format!(" '{t}' ")))
                && before.has(t.as_str())
        })) || (has_any_in(
            &spaced,
            " include it | mention it | include them | mention them | include that | mention that ",
        ) && (has_any_in(&spaced, " after all ")
            // "Oh, finance announced it, so go ahead and include it": said of the thing banned
            // (not "The summary went public, so go ahead and include it", another thing).
            || spaced
                .find(" go ahead and ")
                .and_then(|i| spaced.get(..i))
                .is_some_and(|b| b.contains(" it "))
            // "Update from finance: they've approved it, so please include it".
            || ws
                .first()
                .is_some_and(|w| crate::drift::text::in_list("update|correction|edit", w))));
        // "(mentioning the `customers` table in your notes is fine)": let back in somewhere.
        if back_in && !negation(&ws_of(&lower)) || mention_allowed_somewhere(&lower) {
            out.push((0, at, "forbids|mention"));
        } else if name_allowed_in_a_part(&lower) {
            out.push((0, at, "forbids"));
        }
        // "Below the summary you can use ToO freely": the word banned before holds in a part
        // only, which is not read.
        // (A term the message quotes, named again: not "You can use bullets freely".)
        if has_any_in(&spaced, " can use | may use ")
            && has_any_in(&spaced, " freely | elsewhere | anywhere else ")
            && !negation(&ws_of(&lower))
            && quoted_terms
                .iter()
                .any(|t| spaced.contains(&format!(" {t} ")))
        {
            out.push((0, at, "forbids"));
        }
        // "… was announced this morning, so you can use it freely now": a name banned before.
        if has_any_in(&lower, "can use it|can mention it|can name it")
            && has_any_in(&lower, " now| freely|after all")
            && has_any_in(&lower, "name|announced|public")
            && !has_any_in(&lower, "can't|cannot|not ")
        {
            out.push((0, at, "forbids|mention"));
        }
        // "Don't mention refunds … Update: …, so you can mention refunds now": the thing
        // banned before, allowed by name.
        // ("Update: it's fine to include the new per-tonne prices after all": its words up to
        // "after all", any one the thing banned.)
        let allowed = super::text::first_end(
            &lower,
            "can mention |fine to include |fine to mention |okay to include |ok to include ",
        )
        .filter(|_| has_any_in(&lower, " now|after all"));
        // (The message before it lowercased once, and only where a permission is said: this
        // runs for every sentence.)
        if let Some(objects) = allowed
            .and_then(|i| lower.get(i..))
            .and_then(|r| r.split(" after all").next())
        {
            let before = message.get(..at).unwrap_or_default().to_ascii_lowercase();
            for object in objects
                .split(crate::drift::text::not_ascii_alnum_char)
                .take(5)
                .filter(|o| !super::text::is_stop(o))
            {
                // (Only a ban of that one thing: "Don't mention refunds or the outage" stands.)
                let said = before
                    .match_indices("mention ")
                    .map(|(k, m)| k + m.len())
                    .find(|&k| {
                        before.get(k..).is_some_and(|r| {
                            r.starts_with(object)
                                && !r.get(object.len()..).is_some_and(|t| {
                                    t.starts_with(crate::drift::text::char_test(
                                        char::is_alphanumeric,
                                    ))
                                })
                        })
                    });
                let alone = said.is_some_and(|k| {
                    let after = before.get(k + object.len()..).unwrap_or_default();
                    !(after.starts_with(" or ")
                        || after.starts_with(" and ")
                        || after.starts_with(", ")
                            && !has_any_in(
                                after.get(..12).unwrap_or(after),
                                "because|since|as |so ",
                            ))
                });
                if object.len() > 2 && alone && !negation(&ws_of(&lower)) {
                    out.push((0, at, "forbids|mention"));
                }
            }
        }
        // "On second thought, a table is overkill": a table asked before is taken back.
        if lower.has("table")
            && has_any_in(
                &lower,
                "overkill|skip the table|drop the table|scratch the table|scrap the table|forget the table|no need for a table|don't need a table",
            )
            // Not "scratch the table of error codes from the old doc": another table.
            && !has_any_in(&lower, "the table of|the table from|the table in")
        {
            out.push((0, at, "table|table-columns"));
        }
        // "Raise that to 120 words", "stretch it to 45", "(40 is fine if you need it)": the
        // count said before, raised.
        if has_any_in(
            &lower,
            "raise that to|raise it to|stretch it to|stretch that to|bump it to|bump that to|increase that to|increase it to",
        ) {
            out.push((0, start, LENGTH));
        }
        // Said in the rule's own sentence: "30 words (40 is fine if you need it)".
        if lower.has("is fine if you need") {
            out.push((0, at, LENGTH));
        }
        // "Edit: bullets are fine for the checklist at the end": the ban is lifted there, or
        // everywhere (which part is not read).
        if has_any_in(
            &lower,
            "bullets are fine|bullet points are fine|bullets are ok|bullets are allowed",
        ) {
            out.push((0, at, "no-bullets"));
        }
        // "… After that, the rollback steps; lists are fine there": a ban said before (not in
        // the sentence's own "No bullets in the email; lists are fine in the ticket").
        if has_any_in(&lower, "lists are fine|lists are ok|lists are allowed") {
            out.push((0, start, "no-bullets"));
        }
        // "No bullet lists, except that the list of changed files may be bulleted": which list
        // may have bullets is not checked, so the ban is not.
        if let Some(i) = super::text::first_of(&lower, "except|exception|apart from|other than") {
            let tail = ws_of(lower.get(i..).unwrap_or_default());
            let may = crate::drift::text::any_word_in(&tail, "may|can|fine|ok|okay|allowed|exempt");
            if may && tail.iter().any(|w| w.starts_with("bullet")) && !negation(&tail) {
                out.push((0, at, "no-bullets"));
            }
        }
        // A date form named again replaces the one asked before ("Correction: … use YYYY-MM-DD
        // throughout", "… so use ISO dates instead").
        if (lower.has("yyyy") || words.contains(&"iso"))
            && (words.contains(&"instead")
                || has_any_in(&lower, "correction|update|actually|throughout|everywhere"))
        {
            out.push((0, start, "iso-dates"));
        }
        // "… start with 'Verdict:' instead": the opening asked before is replaced.
        if words.contains(&"instead") {
            if has_any_in(
                &lower,
                "start with|begin with|open with|start your|begin your",
            ) {
                windows.push(" opening ".to_string());
            }
            if has_any_in(&lower, "end with|finish with|end your|close with") {
                windows.push(" ending ".to_string());
            }
        }
        for (names, family) in FAMILIES.split('\n').filter_map(|f| f.split_once('>')) {
            if windows.iter().any(|w| {
                super::text::parts(names)
                    .iter()
                    .any(|n| w.contains(&format!(" {n} ")))
            }) {
                out.push((0, at, family));
            }
        }
    }
    out
}

/// The paragraphs of a result that is all prose: runs of lines between blank lines. None
/// where a line is a heading, a list item, a table row, a quote, a rule or a fence, or a
/// paragraph is a label alone ("Summary:"), which a count of paragraphs may or may not take in.
fn prose_paragraphs(text: &str) -> Option<usize> {
    let mut paragraphs = 0;
    let mut open = false;
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() {
            open = false;
            continue;
        }
        let marked = t.starts_with(&['#', '-', '*', '+', '>', '|', '`', '='][..])
            || t.starts_with(crate::drift::text::digit_char)
                && t.split_once(&['.', ')'][..])
                    .is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()));
        if marked || (t.ends_with(':') && t.split_whitespace().count() <= 4) {
            return None;
        }
        if !open {
            paragraphs += 1;
            open = true;
        }
    }
    Some(paragraphs)
}

/// A sentence that asks for one kind of output alone: code (`Some(false)`: "Code only, no
/// explanation", "Reply with only the SQL", "Respond with the file contents only") or JSON
/// (`Some(true)`: "Output only a JSON array, no prose"). Not under a condition ("only if …",
/// "unless …"), negated, or of a place ("code only in `src/`").
fn only_output(lower: &str) -> Option<bool> {
    const CODE: &str = "code|sql|query|function|script|yaml|regex|terraform|snippet|patch|diff|contents|config|block|file|json";
    let lower = lower.trim_start_matches(&['-', '*', ' ', '\t'][..]);
    // Under a condition, or with prose asked for beside it ("…, and explain the index").
    if has_any_in(
        lower,
        " unless | if | except| when | once |otherwise|describe|summar| then |walk me",
    ) || (lower.has("explain")
        && !has_any_in(
            lower,
            "no explanation|without explanation|without any explanation",
        ))
    {
        return None;
    }
    // "…: no explanation, no prose, just the code".
    if lower.has("no explanation") && has_any_in(lower, "just the code|only the code|code only") {
        return Some(false);
    }
    let ws = ws_of(lower);
    let w = |i: usize| ws.get(i).copied().unwrap_or_default();
    let json = |from: usize, to: usize| (from..to).any(|i| str_is(&ws, i, "json"));
    // "Code only in your reply" (not "code only in the backend", "… for the migration").
    if str_in(&ws, 0, "code|sql|yaml|json") && str_is(&ws, 1, "only") {
        let place =
            str_in(&ws, 2, "in|for|inside") && !names_the_answer(w(3)) && !names_the_answer(w(4));
        return (!place).then_some(str_is(&ws, 0, "json"));
    }
    // The verb opens the sentence (after "please", "just"), as a request of the reply: not
    // "update `export.py` to output only …", nor a negated one.
    let verb = (0..ws.len().min(3)).find(|&i| {
        str_in(&ws, i, "reply|respond|answer|output|return|send")
            || (str_is(&ws, i, "give") && str_is(&ws, i + 1, "me"))
    })?;
    if (0..verb).any(|i| !str_in(&ws, i, "please|just|now|so|and")) {
        return None;
    }
    let mut j = verb + 1 + usize::from(str_is(&ws, verb, "give"));
    // "Send back only …", "send me just …".
    if str_is(&ws, verb, "send") && str_in(&ws, j, "back|me") {
        j += 1;
    }
    if str_is(&ws, j, "with") {
        j += 1;
    }
    // The noun as the object: no "of", "about", "for" before it ("only the question about the
    // regex").
    let object = |from: usize, to: usize| {
        !(from..to).any(|i| str_in(&ws, i, "of|about|for|question|questions|answer|to|on"))
    };
    // "only the SQL", "just the CAPL code": a code noun within five words.
    if str_in(&ws, j, "only|just") {
        let noun = (j + 1..j + 6).find(|&i| str_in(&ws, i, CODE))?;
        return object(j + 1, noun).then(|| json(j + 1, noun + 1));
    }
    // "the code only", "the file contents only", "the workflow file only".
    let only = (j..j + 6).find(|&i| str_is(&ws, i, "only"))?;
    (str_in(&ws, only - 1, CODE) && (str_is(&ws, j, "the") || only == j + 1) && object(j, only))
        .then(|| json(j, only))
}

/// Whether the words before a quote say it is one example ("your mode's name, e.g. '…'").
fn exemplified(gap: &str) -> bool {
    crate::drift::text::contains_any(gap, "e.g.|for example|for instance|such as")
}

/// Nouns that name code a report may show.
const CODE_NOUNS: &str = "code|sql|snippet|snippets|query|diff|patch|function|method|diffs";

/// Whether the words ask to show code: a verb of showing and a code noun as its object,
/// within a few words ("include the patch", "paste the final version of the function",
/// "include it" after a code noun), not a summary of one ("include a summary of the diff"),
/// nor another thing the noun describes ("the patch version", "code review").
fn shows_code(words: &[&str]) -> bool {
    (0..words.len()).any(|i| {
        str_in(words, i, "include|paste|attach|show|see|quote")
            && ((str_in(words, i + 1, "it|them")
                && (0..i).any(|k| str_in(words, k, "diff|patch|snippet|snippets")))
                || (i + 1..i + 7).any(|j| {
                    str_in(words, j, CODE_NOUNS)
                        && !(i + 1..j).any(|k| {
                            str_in(words, k, "summary|description|explanation|list|name|names")
                                || (str_is(words, k, "of")
                                    && !str_in(words, k - 1, "version|body|text|source|copy"))
                        })
                        && !str_in(words, j + 1, "version|number|notes|changes|change|review|owners|name|names|path|coverage|freeze|count")
                }))
    })
}

/// Rules whose parts sit in different sentences: paragraphs separated by `***` ("exactly 2
/// paragraphs" … "separate them with ***"), sections marked "SECTION X", two responses
/// separated by `******`.
fn message_rules(message: &str, push: &mut impl FnMut(&str, Rule)) {
    let lower = message.to_ascii_lowercase();
    repeat_rule(message, &lower, push);
    nth_paragraph_rule(message, &lower, push);
    let ws = words_at(&lower);
    let w = |i: usize| ws.get(i).map(|x| x.1).unwrap_or("");
    let six = lower.has("******") || has_any_in(&lower, "6 asterisk|six asterisk");
    if six && has_any_in(&lower, "two | 2 ") {
        push("", Rule::TwoResponses);
    }
    // The given answers, often one per line (each its own sentence to the splitter).
    if lower.has("my answer is yes.") && lower.has("my answer is no.") {
        push("", Rule::FixedAnswer);
    }
    let divider = lower.replace("******", "").has("***");
    if divider {
        // "exactly 4 paragraphs", or a bare count where the message says they are separated
        // ("separate your song into 3 parts … separated with ***", "two parts … separated by
        // 3 asterisks"); "at least 5 sections" is not an exact count, so it is not read.
        let separated = has_any_in(&lower, "separat|divider");
        let mut counted = false;
        for k in 0..ws.len() {
            if word_in(&ws, k, "paragraphs|sections|parts|stanzas") {
                let n = match bound(&lower, &ws, k) {
                    Some((Rel::Exactly, n)) => Some(n),
                    Some(_) => None,
                    None => k.checked_sub(1).and_then(|j| number(w(j))).filter(|_| {
                        separated && (k < 2 || !word_in(&ws, k - 2, "the|of|these|those"))
                    }),
                };
                if let Some(n) = n.filter(|n| *n > 0) {
                    push("", Rule::DividedParagraphs(n));
                    counted = true;
                }
            }
        }
        // No count, but a format to follow whose parts stand between "***" lines ("use the
        // exact format below:\n… *** … *** …"): as many parts as it shows. Only when the line
        // that introduces it ends with ":" and names a format, template or structure (a
        // document shown for an edit, "Update docs/STYLE.md to the format below.", is no
        // answer's shape), and not when it elides parts ("...") or is code.
        if !counted && !lower.has("```") {
            let lines: Vec<&str> = message.lines().map(str::trim).gather();
            let first = lines.iter().position(|l| *l == "***");
            let intro = first.and_then(|f| {
                lines
                    .get(..f)
                    .unwrap_or_default()
                    .iter()
                    .rposition(|l| l.ends_with(':'))
            });
            let names_format = intro.and_then(|i| lines.get(i)).is_some_and(|l| {
                let l = l.to_ascii_lowercase();
                let ws = words_at(&l);
                ws.iter()
                    .any(|(_, w)| crate::drift::text::in_list("format|template|structure", w))
                    && !l.contains('/')
                    && !ws.first().is_some_and(|(_, w)| {
                        crate::drift::text::in_list("update|fix|edit|reformat|change|add", w)
                    })
            });
            let shown = intro.map_or(&[][..], |i| lines.get(i + 1..).unwrap_or_default());
            let elided = shown
                .iter()
                .any(|l| !l.is_empty() && l.chars().all(|c| matches!(c, '.' | '\u{2026}')));
            // The parts: every run of lines between rules that holds text.
            let parts = shown
                .split(|l| *l == "***")
                .filter(|part| part.iter().any(|l| !l.is_empty()))
                .count();
            let rules = shown.iter().filter(|l| **l == "***").count();
            if names_format && rules >= 2 && !elided && parts >= 2 {
                push("", Rule::DividedParagraphs(parts));
            }
        }
    }
    // "<Marker> X": a capitalised word followed by the placeholder X.
    let words: Vec<&str> = message.split_whitespace().gather();
    for (i, pair) in words.windows(2).enumerate() {
        let [marker, x] = pair else { continue };
        let x = x.trim_end_matches(&['.', ',', ';', ':', ')', '\'', '"'][..]);
        let marker = marker.trim_start_matches(&['(', '\'', '"'][..]);
        if x != "X"
            || !marker.starts_with(crate::drift::text::upper_char)
            || !marker.chars().all(char::is_alphabetic)
        {
            continue;
        }
        let before = words
            .get(i.saturating_sub(8)..i)
            .unwrap_or_default()
            .join(" ")
            .lower();
        if !has_any_in(&before, "mark|label|noted|each|with|beginning") {
            continue;
        }
        let plural = format!("{}s", marker.lower());
        let n = (0..ws.len()).find_map(|k| {
            let noun = w(k);
            let fits = noun == plural
                || noun == marker.lower()
                || crate::drift::text::in_list("sections|section|paragraphs|paragraph|parts", noun);
            if !fits {
                return None;
            }
            bound(&lower, &ws, k)
                .map(|(_, n)| n)
                .or_else(|| number(w(k.checked_sub(1)?)))
        });
        if let Some(n) = n.filter(|n| *n > 0) {
            push("", Rule::Sections(marker.to_string(), n));
        }
    }
    // The markers written out: "two sections (Section 1 and Section 2)", "mark the beginning of
    // each with Part 1 and Part 2". Only where they are the answer's parts: "Phase 1 and Phase
    // 2 of the migration", "Update Section 1 and Section 2 of the RFC" name work.
    let clean = |x: &str| {
        x.trim_matches(crate::drift::text::char_test(|c: char| {
            matches!(
                c,
                '(' | ')' | '"' | '\'' | '“' | '”' | ',' | '.' | ':' | ';'
            )
        }))
        .to_string()
    };
    for (i, pair) in words.windows(2).enumerate() {
        let [marker, one] = pair else { continue };
        let marker = clean(marker);
        if clean(one) != "1"
            || !marker.starts_with(crate::drift::text::upper_char)
            || !marker.chars().all(char::is_alphabetic)
        {
            continue;
        }
        let before: Vec<String> = words
            .get(i.saturating_sub(8)..i)
            .unwrap_or_default()
            .iter()
            .map(|w| clean(w).lower())
            .gather();
        let has_word = |ws: &'static str| {
            before
                .iter()
                .any(|w| crate::drift::text::in_list(ws, w.as_str()))
        };
        // As many as are numbered in a row close after the first: "Section 1 and Section 2".
        let near = words.get(i..(i + 16).min(words.len())).unwrap_or_default();
        let mut n = 1;
        while near.windows(2).any(|p| match p {
            [m, k] => clean(m) == marker && clean(k) == (n + 1).to_string(),
            _ => false,
        }) {
            n += 1;
        }
        // The answer's own parts: a count of sections right before the list that is the same
        // count ("two sections (Section 1 and Section 2)", "include 2 sections: …"), or marking
        // each part of the answer ("mark the beginning of each with Part 1 and Part 2").
        let counted = before.len() >= 2
            && before
                .get(before.len().saturating_sub(3)..)
                .unwrap_or_default()
                .iter()
                .any(|w| crate::drift::text::in_list("sections|parts", w.as_str()))
            && before.iter().any(|w| number(w) == Some(n));
        let marking =
            has_word("mark|marked|label|labeled|labelled|beginning") && has_word("each|your|every");
        if !counted && !marking {
            continue;
        }
        if n >= 2 {
            push("", Rule::Sections(marker, n));
        }
        break;
    }
}

/// "First repeat the request word for word, then answer": the request is the text before the
/// line that asks for the repetition, or, when that line comes first, the text after its block.
fn repeat_rule(message: &str, lower: &str, push: &mut impl FnMut(&str, Rule)) {
    if !lower.has("repeat")
        || !has_any_in(
            lower,
            "request|sentence above|prompt above|text above|line above",
        )
    {
        return;
    }
    let lines: Vec<&str> = message.split('\n').gather();
    // What is repeated follows the verb ("repeat the request word for word"); "ignore repeat
    // submits while a request is in flight" asks for no repetition.
    let asks = |l: &str| {
        let words: Vec<&str> = crate::drift::text::alnum_words(l);
        words.iter().enumerate().any(|(k, w)| {
            *w == "repeat"
                && words.get(k + 1).is_some_and(|x| {
                    crate::drift::text::in_list("the|this|my|your|it|back|all|entire|exactly|verbatim|word|above|below|request|prompt|following", x)
                })
                && words.iter().skip(k + 1).take(6).any(|x| {
                    crate::drift::text::in_list("request|above|below|prompt|sentence|text", x)
                })
        })
    };
    let Some(i) = lines.iter().position(|l| asks(&l.lower())) else {
        return;
    };
    let request = if lines.iter().take(i).all(|l| l.trim().is_empty()) {
        // The instruction block comes first: the request follows its first blank line.
        let rest = lines.get(i..).unwrap_or_default();
        match rest.iter().position(|l| l.trim().is_empty()) {
            Some(b) => rest.get(b..).unwrap_or_default().join("\n"),
            None => return,
        }
    } else {
        lines.get(..i).unwrap_or_default().join("\n")
    };
    let request = request.trim();
    if request.len() >= 10 {
        push("", Rule::Repeats(request.to_string()));
    }
}

/// "exactly 3 paragraphs … separated by two new lines … the first paragraph must start with
/// the word X".
fn nth_paragraph_rule(message: &str, lower: &str, push: &mut impl FnMut(&str, Rule)) {
    if !has_any_in(
        lower,
        "two new lines|2 new lines|\\n\\n|two newlines|two line breaks",
    ) {
        return;
    }
    let ws = words_at(lower);
    let w = |i: usize| ws.get(i).map(|x| x.1).unwrap_or("");
    let paragraphs = (0..ws.len()).find_map(|k| {
        word_in(&ws, k, "paragraphs|paragraph")
            .then(|| {
                bound(lower, &ws, k)
                    .filter(|(r, _)| *r == Rel::Exactly)
                    .map(|(_, n)| n)
                    .or_else(|| number(w(k.checked_sub(1)?)))
            })
            .flatten()
    });
    let Some(paragraphs) = paragraphs else { return };
    // "start with", "begin paragraph 2 with", "start the 4th paragraph with".
    let Some(start) = crate::drift::text::first_of(lower, "start with|starts with|start paragraph|start the |begin with|begins with|begin paragraph|begin the ") else {
        return;
    };
    // Which paragraph: the nearest ordinal or "paragraph N" before (or in) the cue; the cue may
    // be near the end of the message.
    let mut end = (start + 30).min(lower.len());
    while !lower.is_char_boundary(end) {
        end -= 1;
    }
    let head = lower.get(..end).unwrap_or_default();
    let hw = words_at(head);
    let mut nth = None;
    for (k, (_, x)) in hw.iter().enumerate().rev() {
        let v = match *x {
            "first" | "1st" => Some(1),
            "second" | "2nd" => Some(2),
            "third" | "3rd" => Some(3),
            "last" => Some(paragraphs),
            _ if x.ends_with("th") => x.trim_end_matches("th").parse().ok(),
            "paragraph" => hw.get(k + 1).and_then(|(_, n)| n.parse().ok()),
            _ => None,
        };
        if v.is_some() {
            nth = v;
            break;
        }
    }
    let Some(nth) = nth.filter(|n| *n >= 1 && *n <= paragraphs) else {
        return;
    };
    let tail = message.get(start..).unwrap_or_default();
    let word = quoted(tail).into_iter().next().or_else(|| {
        let t = tail.lower();
        let i = t.find_str("the word ")? + 9;
        Some(
            t.get(i..)?
                .split(crate::drift::text::not_alnum_char)
                .next()?
                .to_string(),
        )
    });
    if let Some(word) = word.filter(|w| !w.contains(' ') && !w.is_empty()) {
        push(
            "",
            Rule::NthParagraphWord {
                paragraphs,
                nth,
                word: word.lower(),
            },
        );
    }
}

/// Whether byte `at` lies in a note in parentheses on a named field ("`title` (string, at
/// most 8 words)", "\"reason\" (max 2 sentences)"): a limit on that field, not on the answer.
fn field_note(lower: &str, at: usize) -> bool {
    let head = lower.get(..at).unwrap_or_default();
    let Some(open) = head.rfind('(') else {
        return false;
    };
    head.rfind(')').is_none_or(|close| close < open)
        && head
            .get(..open)
            .unwrap_or_default()
            .trim_end()
            .ends_with(&['`', '"', '\'', '\u{201d}', '*'][..])
}

/// Whether a sentence names code or data, whose case is the task's, not the answer's: "a
/// function that returns the slug in lowercase", "the keys must be lowercase snake_case".
fn names_code(ws: &[(usize, &str)]) -> bool {
    ws.iter().any(|(_, w)| {
        crate::drift::text::in_list("function|method|test|query|migration|script|class|enum|variable|constant|constants|key|keys|slug|heading|headings|column|columns|field|fields|identifier|identifiers|code|codes|converts|convert|sql|regex|filename|filenames|snake|kebab|kebab-case|flag|flags|label|labels|commit|commits|branch|branches|slugs|url|urls|path|paths|table|tables|endpoint|endpoints|route|routes|config|setting|settings|env|hostname|hostnames|username|usernames", w)
    })
}

/// What asks for an ending phrase.
/// The nouns that name the answer itself ("your reply", "the attempt_completion result").
const ANSWER_NOUNS: &str = "reply|response|answer|report|result|attempt_completion";

// "The last line must be 'Ready for review.'": the answer's last line, as no other thing is
// named between. (One joined string: the module's size budget.)
const END_CUES: &str = "end your|end the report|end the reply|finish the report|finish the reply|last line of your|last line must|final line must|final line of your|last line should|final line should|finish your|finish with|end with|very end|last sentence of your|conclude your|end it with|ends with|close your|close it with|sign off with|sign it off with|end the note|end the digest|end the message|end the summary|end the update|end the email|end the post|end the memo|end the letter|end the bulletin|end the notice|end the handover|end the announcement|end this note|end this message|end this email|end this update|end this summary|end this digest|end this post";

/// The phrases one of which must end the result: two to six quoted phrases or code spans after
/// the cue, offered with "or" ("end with a line of the form \"Risk: low\", \"Risk: medium\" or
/// \"Risk: high\""). None for a template ("`Confidence: <level>`").
fn ending_choices(sentence: &str, lower: &str) -> Option<Vec<String>> {
    let (cue, cue_own_end, _) = ending_cue(sentence, lower)?;
    let tail = sentence.get(cue..)?;
    if !tail.has(" or ") {
        return None;
    }
    // The cue names the answer: "end your …", "the final line …", or only the answer's nouns
    // and the words of a line's description before the first choice ("end with a line of the
    // form `…`"), not a command or a thing ("finish with `make lint` or `make check`").
    let cue_text = lower.get(cue..cue_own_end).unwrap_or_default();
    let first = tail.find(&['`', '"', '\'', '“'][..]).unwrap_or(tail.len());
    let gap = lower.get(cue_own_end..cue + first).unwrap_or_default();
    let gap_words: Vec<&str> = crate::drift::text::alnum_words(gap);
    // "Your reply must end with …": the answer is the subject.
    let subject = lower
        .get(..cue)
        .unwrap_or_default()
        .split(crate::drift::text::char_test(|c: char| {
            !c.is_alphanumeric() && c != '_'
        }))
        .filter(|w| !w.is_empty())
        .rev()
        .take(3)
        .any(|w| {
            crate::drift::text::in_list(ANSWER_NOUNS, w)
                || crate::drift::text::in_list("summary|message", w)
        });
    let names_answer = cue_text.ends_with("your")
        || cue_text.has("line")
        || subject
        || gap_words.iter().any(|w| {
            crate::drift::text::in_list(ANSWER_NOUNS, w)
                || crate::drift::text::in_list("line|phrase", *w)
        }) && gap_words.iter().all(|w| {
            crate::drift::text::in_list(ANSWER_NOUNS, w)
                || crate::drift::text::in_list(
                    "a|the|line|of|form|with|exactly|one|final|last|your|it|must|should|be",
                    w,
                )
        });
    if !names_answer {
        return None;
    }
    choices_in(tail, 120)
}

/// Two to six phrases a text offers as a choice: its code spans, or else its quotes; none a
/// template ("<name>", "{id}", "[x]") or longer than `max` bytes.
fn choices_in(tail: &str, max: usize) -> Option<Vec<String>> {
    let spans: Vec<String> = super::text::code_spans(tail)
        .into_iter()
        .map(|s| s.trim().to_string())
        .gather()
        .kept(|s| !s.is_empty());
    let phrases = if spans.len() >= 2 {
        spans
    } else {
        quoted(tail)
    };
    ((2..=6).contains(&phrases.len())
        && phrases
            .iter()
            .all(|p| p.len() < max && !p.contains(&['<', '{', '[', '|'][..])))
    .then_some(phrases)
}

/// An opening chosen among phrases: "Begin your report with exactly `STATUS: DONE` or `STATUS:
/// BLOCKED`", "Start your answer with 'Yes' or 'No'". The cue names the answer and the phrases
/// follow "with" in its clause, as code spans or quotes (bare words are not read: "one of DONE,
/// PARTIAL, or BLOCKED").
fn opening_choices(sentence: &str, lower: &str) -> Option<Vec<String>> {
    // "(a title line above it is fine)": where the choice may stand is not read.
    if lower.has("title") {
        return None;
    }
    let nouns = "reply|report|answer|response|message|summary";
    // "Your reply must start with the exact line `A` or `B`": the noun before the modal.
    let modal = crate::drift::text::first_of(
        lower,
        "must start with |must begin with |should start with |should begin with |must open with ",
    );
    let with = if let Some(i) = modal {
        let noun = ws_of(lower.get(..i)?).pop()?;
        if !crate::drift::text::in_list(nouns, noun) {
            return None;
        }
        i + lower.get(i..)?.find_str("with ")? + "with ".len()
    } else {
        let cue = super::text::first_end(
            lower,
            "start your |begin your |open your |begin the |start the ",
        )?;
        let rest = lower.get(cue..)?;
        let noun = rest.split_whitespace().next()?;
        // Not "don't open your reply with pleasantries like 'Sure' or …".
        let before = lower.get(..cue)?.trim_end();
        let negated = ws_of(before)
            .iter()
            .rev()
            .skip(2)
            .take(3)
            .any(|w| super::constraints::negator(w) || w.ends_with("n't"));
        if negated || !crate::drift::text::in_list(nouns, noun) {
            return None;
        }
        // "<noun> with …" right after the cue: not a "with" later in the sentence ("… and sign
        // off with `Thanks` or `Cheers`").
        let after_noun = rest.get(noun.len()..)?;
        if !after_noun.starts_with(" with ") {
            return None;
        }
        cue + noun.len() + " with ".len()
    };
    // The clause of the choice, to a full stop, a semicolon, "then" or a dash.
    let tail = sentence.get(with..)?;
    let end = crate::drift::text::first_of(tail, ". |;| then |, then| \u{2014}| - |, and | and ")
        .unwrap_or(tail.len());
    let tail = tail.get(..end)?.trim_end_matches('.');
    if !tail.has(" or ")
        || has_any_in(
            &tail.to_ascii_lowercase(),
            " like |such as|e.g.|for example",
        )
    {
        return None;
    }
    // "Start your reply with Yes or No": the two bare words, in any case.
    let bare: Vec<String> = tail
        .split_whitespace()
        .map(|w| w.trim_matches(&['`', '*', ','][..]).to_ascii_lowercase())
        .gather();
    if let [a, or, b] = bare.as_slice() {
        if or == "or"
            && a != b
            && [a, b]
                .iter()
                .all(|w| crate::drift::text::in_list("yes|no", w.as_str()))
        {
            return Some(vec![a.clone(), b.clone()]);
        }
    }
    choices_in(tail, 60)
}

/// The first ending cue and where it ends, when it asks for an ending: a word of its own (not
/// "frontend with"), not negated ("don't end with", "the final line must not be"), not how a
/// line opens ("End with one line that starts with \"Recommendation:\""); a last or final line not of a file or command named in
/// the sentence ("in `notify.sh` the last line should echo 'Deployed'"). Also whether the cue is
/// a last or final line's.
fn ending_cue(sentence: &str, lower: &str) -> Option<(usize, usize, bool)> {
    // The first cue that starts a word ("send the report" holds no "end the report").
    let (cue, cue_own_end) = crate::drift::text::parts(END_CUES)
        .iter()
        .filter_map(|c| {
            lower
                .match_indices(c)
                .map(|(i, _)| i)
                .find(|&i| {
                    !lower.get(..i).is_some_and(|h| {
                        h.ends_with(crate::drift::text::char_test(|x: char| x.is_alphanumeric()))
                    })
                })
                .map(|i| (i, i + c.len()))
        })
        .min()?;
    let head = lower.get(..cue)?;
    if head.chars().next_back().is_some_and(char::is_alphanumeric) {
        return None;
    }
    let before: Vec<&str> = head.split_whitespace().rev().take(2).gather();
    let after: Vec<&str> = lower
        .get(cue_own_end..)?
        .split_whitespace()
        .take(2)
        .gather();
    let negation = |w: &&str| crate::drift::text::in_list("not|never", *w) || w.ends_any("n't|n’t");
    if before.iter().any(negation) || after.iter().any(negation) {
        return None;
    }
    let tail = lower.get(cue..)?;
    if crate::drift::text::contains_any(
        tail,
        "starts with|start with|starting with|begins with|beginning with",
    ) {
        return None;
    }
    let line_cue = tail.starts_with("last line") || tail.starts_with("final line");
    if line_cue && (head.contains('`') || !super::file_scope::paths(sentence).is_empty()) {
        return None;
    }
    // "… ends with": only the answer's ("make sure your reply ends with"), not a tag's or a
    // file's ("every image tag ends with `-alpine`").
    if tail.starts_with("ends with")
        && !before.iter().any(|w| {
            crate::drift::text::in_list(ANSWER_NOUNS, w)
                || crate::drift::text::in_list("it|summary|message", w)
        })
    {
        return None;
    }
    Some((cue, cue_own_end, line_cue))
}

/// Whether the code span opening at byte `at` reads as a command or a file's line (`exit 0`,
/// `CMD npm start`), which a line "must be" in a script, not in a reply.
fn command_like(lower: &str, at: usize) -> bool {
    let span = lower.get(at..).unwrap_or_default();
    let span = span.split('`').next().unwrap_or_default();
    // (`lower` is lowercased: a Dockerfile's `CMD` reads as `cmd`, which starts lower case too.)
    span.bytes().next().is_some_and(|b| b.is_ascii_lowercase()) && !span.ends_with(&['.', '!'][..])
}

/// Whether a phrase is a template to fill in ("Tests: <passed>/<total>", "Next: {action}"),
/// which the answer cannot hold word for word.
fn template(phrase: &str) -> bool {
    // "an array with one object per issue, keys `a`, `b`": a description of what ends it.
    if phrase.starts_any("a |an ") {
        return true;
    }
    let holes = |open: char, close: char| {
        phrase
            .find(open)
            .is_some_and(|i| phrase.get(i..).is_some_and(|r| r.contains(close)))
    };
    // "[schema-migration]" is a literal tag; "[ticket id]", "[TICKET_ID]" are holes.
    let bracket_hole = phrase.split('[').skip(1).any(|r| {
        r.split_once(']').is_some_and(|(inside, _)| {
            inside.contains(' ')
                || (!inside.is_empty()
                    && inside.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
        })
    });
    holes('<', '>') || holes('{', '}') || bracket_hole
}

/// A template's choices written with bars: "Confidence: high|medium|low" is one of
/// "Confidence: high", "Confidence: medium", "Confidence: low" (the words before the first
/// choice are kept on each). None without a bar, or when a choice is more than one word.
fn alternatives(phrase: &str) -> Option<Vec<String>> {
    let parts: Vec<&str> = phrase.split('|').gather();
    if parts.len() < 2 {
        return None;
    }
    let first = parts.first()?;
    let cut = first.rfind(&[' ', ':', '='][..]).map_or(0, |i| i + 1);
    let (prefix, head) = first.split_at(cut);
    let choices: Vec<&str> = std::iter::once(head)
        .chain(parts.iter().skip(1).copied())
        .gather();
    choices
        .iter()
        .all(|c| !c.trim().is_empty() && !c.trim().contains(' '))
        .then(|| {
            choices
                .iter()
                .map(|c| format!("{prefix}{}", c.trim()))
                .gather()
        })
}

/// A JSON object a text ends with, unfenced, after its prose ("… the rest re-ran green.\n\n{"fixed":
/// [1, 2]}"): from the last line that opens one (of the last few) to the end.
fn trailing_json(text: &str) -> Option<serde_json::Value> {
    let text = text.trim_end();
    if !text.ends_with(&['}', ']'][..]) {
        return None;
    }
    // Lines that open one at their start (an indented line is inside one), the last few, and
    // the text's own start: only the line itself is looked at, so the scan stays linear.
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .rev()
        .filter(|&i| {
            text.get(i..)
                .is_some_and(|l| l.starts_with(&['{', '['][..]))
        })
        .take(4)
        .find_map(|i| serde_json::from_str(text.get(i..)?).ok())
}

/// The phrase a result must end with: quoted, or after a colon, or after "phrase"/"question".
fn ending_phrase(sentence: &str, lower: &str) -> Option<String> {
    // The phrase after the cue: "Start your reply with \"Summary:\" and end it with \"-- end\"".
    // The first cue, and where that cue ends.
    let (cue, cue_own_end, line_cue) = ending_cue(sentence, lower)?;
    // "a line of the form `Confidence: high`, … or `Confidence: low`", "with 'Done' or
    // 'Blocked'": a choice or a template, which one phrase cannot stand for.
    if lower.get(cue..).is_some_and(|t| {
        crate::drift::text::contains_any(
            t,
            "of the form|in the form|in the format|of the format|one of| or `| or \"| or '| or “",
        )
    }) {
        return None;
    }
    let after = sentence
        .get(cue..)
        .map(quoted)
        .and_then(|q| q.into_iter().next());
    // A quote before the cue is the phrase only for the older cues ("'Thanks.' — end with
    // that"); "keep the 'Summary' short; the final line should state the risk" names none.
    if let Some(q) = after.or_else(|| {
        (!line_cue)
            .then(|| quoted(sentence).into_iter().next())
            .flatten()
    }) {
        // "Finish with a 'Next steps' section": a part, not the closing words.
        let named_part = lower
            .find(&q.to_ascii_lowercase())
            .and_then(|i| lower.get(i + q.len()..))
            .and_then(|r| {
                r.trim_start_matches(&['\'', '"', '\u{2019}', '\u{201d}', '*', '`'][..])
                    .split_whitespace()
                    .next()
            })
            .is_some_and(|w| {
                crate::drift::text::in_list(
                    "section|heading|part|table|list|block|paragraph",
                    w.trim_end_matches(crate::drift::text::char_test(|c: char| {
                        !c.is_ascii_alphabetic()
                    })),
                )
            });
        // "end your reply with a JSON object with keys "a" and "b"": the quote is a key.
        let of_an_object = lower
            .get(cue_own_end..)
            .and_then(|t| t.find(&q.to_ascii_lowercase()).and_then(|j| t.get(..j)))
            .is_some_and(|gap| {
                ws_of(gap).iter().any(|w| {
                    crate::drift::text::in_list(
                        "json|object|key|keys|field|fields|property|properties",
                        w,
                    )
                })
            });
        // "Sign off with your mode name, e.g. '— debug agent'": one example of a phrase the
        // text describes, not the phrase itself.
        let an_example = lower
            .get(cue_own_end..)
            .and_then(|t| t.find(&q.to_ascii_lowercase()).and_then(|j| t.get(..j)))
            .is_some_and(exemplified);
        // "End with a line 'Next due: ' followed by the date", "a line 'Next step: …'": a
        // template's opening.
        let templated = q
            .split_once(':')
            .is_some_and(|(_, t)| crate::drift::text::in_list("…|...", t.trim()))
            || lower
                .find(&q.to_ascii_lowercase())
                .and_then(|i| lower.get(i + q.len()..))
                .is_some_and(|r| {
                    r.trim_start_matches(&['\'', '"', '\u{2019}', '\u{201d}', '`'][..])
                        .trim_start()
                        .starts_with("followed by")
                });
        return (!named_part && !of_an_object && !an_example && !templated).then_some(q);
    }
    let cue_end = crate::drift::text::parts(END_CUES)
        .iter()
        .filter_map(|c| lower.find(c).map(|i| i + c.len()))
        .min()
        .unwrap_or(0);
    // A code span right after a cue that names the answer ("end your reply with `DONE: t-3`",
    // "the last line of your result must be exactly `OK`"): only the answer's nouns and the link
    // words between. Not a command to finish with ("finish with `npm run lint`") or a tool's
    // name (`attempt_completion`); a cue inside a word ("backend with") `ending_cue` refused.
    if let Some(gap_end) = lower.get(cue_own_end..).and_then(|t| t.find('`')) {
        let gap = lower
            .get(cue_own_end..cue_own_end + gap_end)
            .unwrap_or_default();
        let gap_words: Vec<&str> = gap.words_by(crate::drift::text::char_test(|c: char| {
            !(c.is_alphanumeric() || c == '_')
        }));
        let answer = |w: &&str| {
            crate::drift::text::in_list(ANSWER_NOUNS, w)
                || crate::drift::text::in_list("message|summary", *w)
        };
        // (Or a cue that is the answer's own: its sign-off, its last line called a sign-off,
        // or the answer named as the cue's subject: "The reply must end with the line `-- bot`".)
        let line_cue = lower
            .get(cue..cue_own_end)
            .is_some_and(|c| c.starts_any("last line|final line"));
        let mut head = lower
            .get(..cue)
            .unwrap_or_default()
            .split_whitespace()
            .rev();
        let subject = head
            .next()
            .is_some_and(|m| crate::drift::text::in_list("must|should|will|shall", m))
            && head.next().is_some_and(|w| answer(&w));
        // (Or the text asked, named: "End the digest with the line `— ops bot`".)
        let names_answer = lower.get(cue..cue_own_end).is_some_and(|c| {
            c.ends_any("your|report|reply")
                || c.starts_any("end the |end this |sign")
        }) || gap_words.iter().any(answer)
            || subject
            // ("End with the signature line `— Ops`": a line of the answer, named so, by an
            // imperative with no other text its subject.)
            || ((line_cue
                || (crate::drift::text::any_word_in(&gap_words, "line|signature|sentence")
                    && crate::drift::text::in_list(
                        "|please|and|then",
                        lower.get(..cue).unwrap_or_default().trim(),
                    )))
                && (crate::drift::text::any_word_in(&gap_words, "exact|exactly|sign")
                    || !command_like(lower, cue_own_end + gap_end + 1)));
        // "with a line `X`" links; "with a `## Next steps` section" names a part.
        let line_noun =
            crate::drift::text::any_word_in(&gap_words, "line|marker|phrase|tag|string|token");
        let linked = names_answer
            && gap_words.iter().all(|w| {
                answer(w)
                    || (*w == "a" && line_noun)
                    || crate::drift::text::in_list("with|the|exact|exactly|phrase|line|marker|string|text|token|tag|must|should|be|read|your|completion|it|very|always|final|review|update|summary|write|writeup|note|sign|off|sentence|signature", w)
            });
        let after_span = sentence
            .get(cue_own_end + gap_end + 1..)
            .and_then(|t| t.split_once('`'))
            .map(|(_, rest)| rest.trim_start().to_ascii_lowercase());
        let part_after = after_span.as_deref().is_some_and(|rest| {
            rest.split(crate::drift::text::not_ascii_alnum_char)
                .next()
                .is_some_and(|w| {
                    crate::drift::text::in_list(
                        "section|heading|block|table|list|summary|output|snippet|command|diff|of",
                        w,
                    )
                })
        });
        // "`Next review:` followed by the date": a template's opening.
        let followed = after_span
            .as_deref()
            .is_some_and(|r| r.starts_with("followed by"));
        let span = sentence
            .get(cue_own_end + gap_end + 1..)
            .and_then(|t| t.split_once('`'))
            .map(|(s, _)| s.trim())
            .filter(|_| !part_after && !followed);
        // Without the answer named, a span that reads as a closing sentence ("finish with
        // `Over to you.` on its own line", "end with the line `See you Friday.`"), not a
        // command ("finish with `npm run lint`").
        let closing = |s: &str| {
            (s.contains(' ') && s.ends_with(&['.', '!', '?'][..])
                || after_span
                    .as_deref()
                    .is_some_and(|r| r.starts_any("on its own line|on the last line")))
                && gap_words
                    .iter()
                    .all(|w| crate::drift::text::in_list("the|a|line|exact|exactly|sentence", w))
        };
        // A template is no phrase: "`Tests: <passed>/<total>`", "`Risk: low|medium|high`".
        if let Some(s) = span.filter(|s| {
            (linked || closing(s))
                && !s.is_empty()
                && s.len() < 120
                && (!s.contains('_') || s.contains(' '))
                && !s.contains(&['<', '{', '|'][..])
        }) {
            return Some(s.to_string());
        }
        // The span was the phrase, and unreadable: a colon inside it is none to read after.
        if linked && span.is_some() {
            return None;
        }
    }
    // "End your report with the exact line READY FOR REVIEW so the pipeline picks it up": a
    // phrase in capitals, unquoted, right after the cue and its link words.
    if let Some(p) = capitals_after(sentence.get(cue_own_end..).unwrap_or_default()) {
        return Some(p);
    }
    // After a colon only when the colon follows the cue itself ("end with: Thanks."), not a
    // deliverable's name ("Finish with attempt_completion: root cause, fix, tests").
    // The colon after the cue ("Important: end your reply with …" has its colon before).
    let colon = lower
        .get(cue_end..)
        .and_then(|t| t.find(':'))
        .map(|j| cue_end + j);
    // (Not a link's: "…, https://status.example, as the last line".)
    let colon_after_cue = colon.is_some_and(|i| {
        !lower.get(i..).is_some_and(|t| t.starts_with("://"))
            && lower.get(cue_end..i).is_some_and(|between| {
                // Not a colon inside a code span ("a line `Risk: low`").
                !between.contains(&['_', '`'][..])
                // "…with a JSON block containing these keys: a, b": what the part holds.
                && !between.split_whitespace().any(|w| {
                    crate::drift::text::in_list("summary|tool|completion|keys|fields", w)
                })
            })
    });
    let at = colon
        .filter(|_| colon_after_cue)
        .map(|i| i + 1)
        .or_else(|| super::text::end_of_first(lower, "exact phrase |exact question "))?;
    let phrase = sentence.get(at..)?.trim();
    // "… the exact phrase `— done`.": the phrase is the code span's text.
    let phrase = phrase
        .strip_prefix('`')
        .and_then(|p| p.split_once('`'))
        .map_or(phrase, |(inner, _)| inner.trim());
    // "End with a confidence level: High, Medium or Low.": a choice of words, not a phrase.
    let choice = phrase
        .trim_end_matches(&['.', '!'][..])
        .replace(" or ", ", ");
    let items: Vec<&str> = choice.split(", ").gather();
    if phrase.has(" or ")
        && items.len() >= 2
        && items
            .iter()
            .all(|i| (1..=3).contains(&i.split_whitespace().count()))
    {
        return None;
    }
    (!phrase.is_empty() && phrase.len() < 120 && phrase.split_whitespace().count() <= 16)
        .then(|| phrase.to_string())
}

/// The sections a sentence about the answer asks for by their quoted names: "your report must
/// include a 'Rollback plan' section", "add a `## Risks` heading and a `## Files` heading to your
/// reply". Not a section of a file ("update the 'Usage' section of the README"), nor one
/// denied, nor any when a quoted name of the sentence is no section.
fn named_sections(
    sentence: &str,
    lower: &str,
    ws: &[(usize, &str)],
    of_the_written: bool,
) -> Option<Vec<String>> {
    let has = |options: &'static str| {
        ws.iter()
            .any(|(_, w)| crate::drift::text::in_list(options, w))
    };
    let names = quoted(&sentence.replace('`', "\""));
    // Markdown headings quoted as such ("Include `## Steps` and `## Owner` sections") are the
    // reply's without naming it.
    let marked = !names.is_empty() && names.iter().all(|n| n.starts_with("## "));
    if !(has(ANSWER_NOUNS) || has("summary") || marked || of_the_written)
        || !has("include|includes|contain|have|add|with|must|needs")
        || has("not|no|never|without|readme|docs|file|page")
        || ws.iter().any(|(_, w)| w.ends_with("n't"))
        || !super::file_scope::paths(sentence).is_empty()
    {
        return None;
    }
    if names.is_empty() || names.len() > 6 {
        return None;
    }
    // A section asked for only sometimes ("a `## Risks` section if there are any"), or a
    // choice between names ("a `## Risks` or a `## Caveats` section"): not required.
    if crate::drift::text::contains_any(
        lower,
        "optional| if |where relevant|when applicable|unless|if needed|if any|for any |for each |for every |whenever|except|left out|e.g.|for example",
    ) {
        return None;
    }
    if names.len() > 1 {
        let first = names
            .first()
            .and_then(|n| lower.find(&n.to_ascii_lowercase()));
        let last = names
            .last()
            .and_then(|n| lower.rfind(&n.to_ascii_lowercase()));
        if let (Some(a), Some(b)) = (first, last) {
            let between = lower.get(a..b).unwrap_or_default();
            if between.has(" or ") || lower.has("either") {
                return None;
            }
        }
    }
    // Every quoted name must be placed as a section or heading, else none is read.
    names
        .iter()
        .map(|name| placed_section(lower, name))
        .gather_some()
}

/// "A report with three sections, in Markdown, titled exactly "A", "B" and "C"": the names
/// after the word that titles them, a few words after the noun.
fn sections_titled(sentence: &str, lower: &str) -> Option<Vec<String>> {
    let at = lower.find("sections")?;
    let (i, lead) = super::text::parts("titled|headed|named|called")
        .iter()
        .filter_map(|l| lower.get(at..)?.find(l).map(|i| (at + i, *l)))
        .min()?;
    (i - at <= 40)
        .then(|| named_list(sentence.get(i..)?, lower.get(i..)?, lead))
        .flatten()
}

/// Nouns of a text the reply is ("The plan must include a section …").
const WRITTEN_NOUNS: &str = "plan|report|review|adr|rca|note|notes|proposal|assessment|analysis|postmortem|post-mortem|write-up|writeup|request|memo|brief|summary|investigation|handover|update|rfc";

/// The sections a sentence asks for in an order: "Sections in this order: Context, Decision,
/// Consequences", "Use the sections A, B, C, in that order", "two sections, in this order:
/// `## Root cause` first, then `## Fix`". Two to eight names of one to four words.
fn section_order(sentence: &str, lower: &str) -> Option<Vec<String>> {
    let at = super::text::parts("in this order|in that order|in order:|in order,")
        .iter()
        .filter_map(|p| lower.find(p).map(|i| (i, p.len())))
        .min()?;
    if !has_any_in(lower, "section|heading|## |report format") {
        return None;
    }
    let quoted_names = quoted(&sentence.replace('`', "\""));
    let raw: Vec<String> = if quoted_names.len() >= 2 {
        quoted_names
    } else {
        // After the colon that follows the order ("in this order: A, B"), or before the order
        // from the section noun ("the sections A, B, C, in that order").
        let after = sentence.get(at.0 + at.1..).unwrap_or_default();
        let list = match after.trim_start().strip_prefix(':') {
            Some(rest) => rest,
            None => {
                let head = lower.get(..at.0).unwrap_or_default();
                let from = super::text::last_end(head, "sections|headings|section")?;
                sentence.get(from..at.0).unwrap_or_default()
            }
        };
        let list = list
            .split(&['.', ';', '\u{2014}'][..])
            .next()
            .unwrap_or_default();
        list.split(',')
            .flat_map(|x| x.split(" and "))
            .flat_map(|x| x.split(" then "))
            .map(str::to_string)
            .gather()
    };
    let mut names: Vec<String> = raw
        .iter()
        .map(|n| {
            n.trim()
                .trim_start_matches(&['#', '*', ' '][..])
                .trim_end_matches(&['*', ' ', ':'][..])
                .trim_end_matches(" first")
                .trim()
                .to_string()
        })
        .gather()
        .kept(|n| !n.is_empty());
    // A name said again ("…; you may add other headings after '## Testing'") is one section.
    let mut seen: Vec<String> = Vec::new();
    names.keep(|n| {
        let new = !seen.contains(n);
        seen.push(n.clone());
        new
    });
    let fits = |n: &String| {
        (1..=4).contains(&n.split_whitespace().count())
            && n.starts_with(crate::drift::text::upper_char)
            && !n.contains(&['(', ')', '"', '\'', '`'][..])
    };
    ((2..=8).contains(&names.len()) && names.iter().all(fits)).then_some(names)
}

/// `name` (quoted in `lower`) as a section of the answer: "a 'Rollback plan' section", "a
/// heading `## Files`", "a section titled \"Risks\"", one to five words; `None` otherwise.
fn placed_section(lower: &str, name: &str) -> Option<String> {
    let at = lower.find(&name.to_ascii_lowercase())?;
    let after = lower
        .get(at + name.len()..)?
        .trim_start_matches(&['"', '\'', '`', '”', ' '][..]);
    let before = lower
        .get(..at)?
        .trim_end_matches(&['"', '\'', '`', '“', ' '][..]);
    // The section of something else: "why the 'Deploy' section of the workflow fails".
    let of_another = super::text::strip_any(after, "section|heading").is_some_and(|t| {
        let t = t.trim_start_matches('s').trim_start();
        super::text::starts_with_any(t, "of |in |to |for ")
            && !t.split_once(' ').is_some_and(|(_, x)| {
                super::text::starts_with_any(x, "your |the report|the reply|the answer|the result")
            })
    });
    if of_another {
        return None;
    }
    // A markdown heading is placed by its marker ("Include `## Steps`, `## Owner` sections").
    let placed = after.starts_with("section")
        || after.starts_with("heading")
        || name.starts_with("## ")
        || super::text::ends_with_any(
            before,
            "section titled|section named|section called|section headed|heading",
        );
    let name = name.trim_start_matches(&['#', ' '][..]).trim();
    (placed && (1..=5).contains(&name.split_whitespace().count())).then(|| name.to_string())
}

/// Whether a ban on code blocks bounds them instead ("no code blocks longer than 5 lines", "no
/// code block over ten lines", "no code blocks except the command"): some are allowed.
pub(super) fn bounded_blocks(lower: &str) -> bool {
    lower.match_indices("code block").any(|(i, m)| {
        let after = lower.get(i + m.len()..).unwrap_or_default();
        let after = after.strip_prefix('s').unwrap_or(after);
        let words: Vec<&str> = after
            .split_whitespace()
            .take(4)
            .map(|w| w.trim_matches(crate::drift::text::not_alnum_char))
            .gather();
        let size = |w: &&str| {
            w.starts_with(crate::drift::text::digit_char)
                || crate::drift::text::in_list("more|over|longer|than|lines", w)
        };
        match words.first().copied().unwrap_or_default() {
            "longer" | "over" | "exceeding" | "larger" | "bigger" | "beyond" | "above"
            | "except" | "other" | "unless" | "more" => true,
            // "of more than 5 lines", "with over 20 lines" bound them; "of any kind" does not.
            // ("No single code block may be longer than 15 lines".)
            "of" | "with" | "that" | "which" | "may" | "can" | "should" | "must" => {
                words.iter().skip(1).any(size)
            }
            _ => false,
        }
    })
}

/// The phrase the answer must open with: quoted, right after a cue whose subject is the answer
/// ("start your reply with \"Summary:\"", "the first line must begin with 'STATUS:'", "the
/// email must open with exactly 'Hi team,'"); not a part's or a name's ("each bullet starts
/// with a verb", "flag names must start with `ff_`").
/// With `commit`, the opening asked of a commit message or subject instead ("the commit message
/// must start with `fix(api):`").
fn opening_phrase(sentence: &str, lower: &str, commit: bool) -> Option<String> {
    const CUES: &str = "start your |begin your |open your |start the |begin the |must begin with|must start with|must open with|should begin with|should start with|should open with";
    // "Begin it with exactly 'Dear Friends,'", "Start with 'Hi Marta,'": an imperative opening
    // the sentence, a quoted phrase right after (not a command: "Start with `npm ci`").
    let bare = lower
        .trim_start()
        .trim_start_matches("please ")
        .trim_start_matches("and ");
    if !commit {
        if let Some(c) =
            "start with |begin with |open with |start it with |begin it with |open it with "
                .split('|')
                .find(|c| bare.starts_with(*c))
        {
            let at = lower.len() - bare.len() + c.len();
            let rest = sentence.get(at..)?;
            let lead = rest.trim_start();
            let exactly = lead.starts_with("exactly ");
            let lead = lead.trim_start_matches("exactly ").trim_start();
            if !lead.starts_with(&['"', '\'', '\u{201c}', '`'][..]) {
                return None;
            }
            let code = lead.starts_with('`');
            let q = match lead.strip_prefix('`') {
                Some(r) => r.split_once('`')?.0.to_string(),
                None => quoted(lead).into_iter().next()?,
            };
            // (Not taken back: "Start it with 'Summary:' — no, scratch that, …".)
            return (!has_any_in(lower, "scratch|instead|actually|rather|second thought|no, ")
                // (A label in a code span only said exactly: "Start with `TL;DR:` and at
                // most 2 sentences" may name a part.)
                && (!code || q.ends_with(',') || (q.ends_with(':') && exactly))
                && !q.trim().is_empty()
                && q.len() <= 80
                && !lead
                    .get(q.len() + 2..)
                    .is_some_and(|t| t.trim_start().starts_with("or ")))
            .then_some(q);
        }
    }
    let (at, cue) = crate::drift::text::parts(CUES)
        .iter()
        .filter_map(|c| crate::drift::text::find(lower, c).map(|i| (i, *c)))
        .min()?;
    // "Don't start your reply with 'I'", "must not begin with": what it may not open with.
    if negated_at(lower, at)
        || lower
            .get(..at + cue.len())
            .is_some_and(|h| h.ends_any("not begin with|not start with"))
    {
        return None;
    }
    // The answer's nouns, and the forms an opening is asked of.
    const OPENED: &str = "message|email|summary|output";
    let own = if commit {
        // "The commit message must begin with", "commit subjects must start with".
        let before: Vec<&str> = lower
            .get(..at)
            .unwrap_or_default()
            .split_whitespace()
            .rev()
            .take(2)
            .gather();
        matches!(
            before.as_slice(),
            [n, "commit", ..] if crate::drift::text::in_list("message|subject|title|subjects", n)
        ) || before.first() == Some(&"commit")
    } else if cue.ends_with("the ") {
        // "Begin the report with": the answer's own noun only (an email the reply drafts may
        // follow a line of its own).
        lower.get(at + cue.len()..).is_some_and(|t| {
            crate::drift::text::parts(ANSWER_NOUNS)
                .iter()
                .any(|n| t.starts_with(&format!("{n} with")))
        })
    } else if cue.ends_with(' ') {
        // "Start your reply with": the answer's noun right after.
        lower.get(at + cue.len()..).is_some_and(|t| {
            crate::drift::text::starts_with_any(t, ANSWER_NOUNS)
                || crate::drift::text::starts_with_any(t, OPENED)
        })
    } else {
        // "The first line must begin with": the subject just before the modal.
        let before: Vec<&str> = lower
            .get(..at)
            .unwrap_or_default()
            .split_whitespace()
            .rev()
            .take(3)
            .gather();
        // "The commit message must begin with `fix:`": a noun before the answer's noun names
        // another text the reply may show, not the reply.
        let other = before.get(1).is_some_and(|p| {
            crate::drift::text::in_list(
                "commit|error|log|git|warning|exception",
                p.trim_matches(crate::drift::text::not_alnum_char),
            )
        });
        before.first().is_some_and(|w| {
            let w = w.trim_matches(crate::drift::text::not_alnum_char);
            ((crate::drift::text::in_list(ANSWER_NOUNS, w)
                || crate::drift::text::in_list(OPENED, w))
                && !other)
                || (w == "line" && before.get(1).is_some_and(|p| *p == "first"))
        })
    };
    if !own {
        return None;
    }
    let rest = sentence.get(at + cue.len()..)?;
    // The quote opens the phrase after "with" (and "exactly", "the line"), nothing else between.
    let lead = rest.to_ascii_lowercase();
    let with = if cue.ends_with("with") {
        0
    } else {
        lead.find_str("with")? + 4
    };
    let gap = lead.get(with..)?;
    let quote = gap.find(&['"', '\'', '“', '`'][..])?;
    let between = gap.get(..quote)?.trim();
    if !crate::drift::text::in_list("|a|an|exactly|the line|a line starting|a line starting with|the phrase|the word|the words|exactly the line|the tag|the marker|the prefix|the string|the exact text|the exact line|the exact phrase|the exact words|the text", between)
    {
        return None;
    }
    // "with a `TL;DR:` line", not "with a 'big picture' paragraph": after "a", a code span, a
    // label, or a quote that names a line or a marker.
    if crate::drift::text::in_list("a|an", between) {
        let quoted_part = gap.get(quote..).unwrap_or_default();
        let span = quoted_part.starts_with('`');
        let close = quoted_part
            .get(1..)
            .and_then(|r| r.find(&['"', '\'', '\u{201d}', '`'][..]).map(|i| i + 1));
        let label = close.is_some_and(|c| {
            quoted_part
                .get(..c)
                .is_some_and(|q| q.trim_end().ends_with(':'))
        });
        let after = close
            .and_then(|c| quoted_part.get(c + 1..))
            .unwrap_or_default()
            .trim_start();
        let names_line =
            crate::drift::text::starts_with_any(after, "line|label|prefix|tag|marker|heading");
        if !(span || label || names_line) {
            return None;
        }
    }
    let phrases = quoted(rest.get(with + quote..)?.replace('`', "\"").as_str());
    // "Start with 'Yes' or 'No'": one of several, not read.
    let alternatives = phrases.len() > 1
        && lead
            .get(with + quote..)
            .is_some_and(|t| t.has_any(" or |, or"));
    if alternatives {
        return None;
    }
    let q = phrases.into_iter().next()?;
    (!q.trim().is_empty() && q.len() <= 80).then_some(q)
}

/// The answer's first line as quoted: "the first line of your report must be exactly `DONE:
/// t-4`", "the very first line should read 'OK'", or one of several ("must be `RESULT: PASS` or
/// `RESULT: FAIL`"). Read as the opening it must have (a longer first line is not caught, never
/// wrongly flagged). Only the answer's: "the first line of the CSV must be the header" is a
/// file's.
fn first_line_phrases(sentence: &str, lower: &str) -> Option<Vec<String>> {
    let at = lower.find_str("first line")?;
    let rest = lower.get(at + "first line".len()..)?;
    let (cue_at, cue) =
        super::text::parts(" must be| should be| has to be| needs to be| must read| should read")
            .iter()
            .filter_map(|c| {
                rest.match_indices(c)
                    .find(|(i, _)| {
                        rest.get(i + c.len()..)
                            .is_some_and(|t| t.starts_with(&[' ', ':'][..]))
                    })
                    .map(|(i, _)| (i, *c))
            })
            .min()?;
    // Whose first line: "first line" opening the sentence (after "the", "your", "its",
    // "very"), or "of" the answer ("of your attempt_completion result"), the noun last; not a
    // file's, a commit's or a script's ("every new file's first line", "the first line of the
    // HTTP response", "the first line of report.md").
    let head = lower.get(..at)?;
    // A label ("Important:") or a list number before it is no owner.
    let head = head.rsplit_once(':').map_or(head, |(_, h)| h);
    let opener = head.split_whitespace().all(|w| {
        crate::drift::text::in_list(
            "the|your|its|very|and|-|*|also|please",
            w.trim_end_matches(','),
        ) || w
            .trim_end_matches(&['.', ')'][..])
            .bytes()
            .all(|b| b.is_ascii_digit())
    });
    let subject = rest.get(..cue_at)?.trim();
    let of_answer = if subject.is_empty() {
        opener
    } else {
        let words: Vec<&str> = subject.split_whitespace().gather();
        let noun = words.last().copied().unwrap_or_default();
        opener
            && words.first() == Some(&"of")
            && words
                .get(1)
                .copied()
                .is_some_and(|x| crate::drift::text::in_list("your|the", x))
            && words.len() <= 5
            && (crate::drift::text::in_list(ANSWER_NOUNS, noun) || noun == "message")
            && words
                .get(2..words.len().saturating_sub(1))
                .is_some_and(|mid| {
                    mid.iter().all(|w| {
                        crate::drift::text::in_list("entire|final|whole|attempt_completion", w)
                    })
                })
            && super::file_scope::paths(subject).is_empty()
    };
    if !of_answer {
        return None;
    }
    let from = at + "first line".len() + cue_at + cue.len();
    let tail = lower.get(from..)?;
    let quote = tail.find(&['"', '\'', '“', '`'][..])?;
    let between = tail.get(..quote)?.trim().trim_end_matches(':').trim();
    if !crate::drift::text::in_list(
        "|exactly|the line|exactly the line|either|one of|exactly one of",
        between,
    ) {
        return None;
    }
    let phrases = quoted(sentence.get(from + quote..)?.replace('`', "\"").as_str());
    // A template is no phrase: "`branch: <name>`", "`RESULT: PASS|FAIL`", "`Fixes #[id]`".
    let placeholder = |q: &str| {
        q.split('[').skip(1).any(|t| {
            t.split(']')
                .next()
                .is_some_and(|inner| inner.chars().any(|c| c.is_lowercase()))
        })
    };
    if phrases
        .iter()
        .any(|q| q.contains(&['<', '{', '|', '…'][..]) || q.has("...") || placeholder(q))
    {
        return None;
    }
    // "must be `PASS` or `FAIL`": each quote of the sentence is one choice (a quote that is
    // none only allows more); without "or", the first quote.
    let choices = phrases.len() > 1
        && (between.has("one of") || tail.get(quote..).is_some_and(|t| t.has(" or ")));
    let phrases: Vec<String> = phrases
        .into_iter()
        .take(if choices { 8 } else { 1 })
        .gather();
    (!phrases.is_empty()
        && phrases
            .iter()
            .all(|q| !q.trim().is_empty() && q.len() <= 80))
    .then_some(phrases)
}

/// The names listed after a noun: "under the headings Findings / Recommendation / Risks", "with
/// the keys `repo`, `unpinned` and `risk`". Each name is one to four words, quoted or starting
/// with a capital letter or written as code, else the list is not taken.
fn named_list(sentence: &str, lower: &str, nouns: &'static str) -> Option<Vec<String>> {
    let (at, noun) = nouns.split('|').find_map(|n| {
        lower
            .find(&format!("{n} "))
            .or_else(|| lower.find(&format!("{n}:")))
            // "these three headings, in this order: …".
            .or_else(|| lower.find(&format!("{n}, in ")))
            .map(|i| (i, n))
    })?;
    let mut tail = sentence
        .get(at + noun.len()..)?
        .trim_start_matches(&[':', ' ', ','][..]);
    for lead in "titled|headed|named|called|exactly|of|are|verbatim".split('|') {
        let lower_tail = tail.lower();
        if lower_tail.starts_with(&format!("{lead} "))
            || lower_tail.starts_with(&format!("{lead}:"))
        {
            tail = tail.get(lead.len()..)?.trim_start_matches(&[':', ' '][..]);
        }
    }
    // "a heading of the form `### METHOD /path`": a template for each heading, no names.
    let lower_tail = tail.lower();
    if super::text::starts_with_any(
        &lower_tail,
        "the form|form |the format|format |the pattern|pattern |like ",
    ) {
        return None;
    }
    // "Headings in your report: A, B, C", "keys and no others: a, b": where they go or how
    // many may be there, then the list.
    if super::text::starts_with_any(tail, "in |for |and |with |but |only") {
        if let Some((place, list)) = tail.split_once(':') {
            if place.split_whitespace().count() <= 4 && !place.contains(&['.', ','][..]) {
                tail = list.trim_start();
            }
        }
    }
    // Quoted names with a note each ("\"weeks\" (ISO dates), \"wau\" (ints)"): the notes are
    // no names.
    let unnoted: String;
    if tail.starts_with(&['"', '`', '\''][..]) && tail.contains('(') {
        unnoted = super::text::outside_parentheses(tail);
        tail = &unnoted;
    }
    // A spaced hyphen ends the list as a dash does ("`a`, `b` - nothing else").
    let end = tail
        .find(&['.', ';', '(', '\n', '—'][..])
        .into_iter()
        // Not at an aside's opening dash when its closing dash is followed by another name
        // ("`files` - an array - and `notes`").
        .chain(tail.find_str(" - ").filter(|&i| {
            let after = tail.get(i + 3..).unwrap_or_default();
            !after
                .find_str(" - ")
                .and_then(|j| after.get(j + 3..))
                .is_some_and(|t| t.contains(&['`', '"'][..]))
        }))
        .min()
        .unwrap_or(tail.len());
    let mut body = tail.get(..end)?;
    // "… `file` and `issue`, and nothing else": what follows the list says it is the whole.
    let lower_body = body.to_ascii_lowercase();
    if let Some(i) = crate::drift::text::first_of(
        &lower_body,
        ", and nothing| and nothing|, nothing|, only| only",
    ) {
        body = body.get(..i)?;
    }
    if let Some(i) = body
        .find_str(" in ")
        .or_else(|| body.find_str(" for "))
        .or_else(|| body.find_str(" that "))
    {
        body = body.get(..i)?;
    }
    let code = body.contains('`') || body.contains('"');
    // Among quoted names an unquoted piece is no name: "the heading `# Report` and keep it
    // factual" goes on with a verb.
    let items: Vec<String> = body
        .split(&[',', '/', '|'][..])
        .flat_map(|p| p.split(" and "))
        .enumerate()
        // The first piece may lead in ("are exactly `host`").
        .take_while(|(i, p)| {
            let p = p.trim();
            *i == 0 || !code || p.is_empty() || p.starts_with(&['"', '\'', '`', '“', '*'][..])
        })
        .map(|(_, p)| {
            // A quoted name ends at its closing mark ("`## Next steps` are required").
            let p = p.trim();
            match p.chars().next() {
                Some(q @ ('`' | '"')) => p
                    .get(1..)
                    .and_then(|r| r.find(q))
                    .and_then(|j| p.get(..j + 2))
                    .unwrap_or(p),
                _ => p,
            }
        })
        .map(|p| {
            p.trim()
                .trim_matches(&['"', '\'', '`', '“', '”', '*', '#', ' '][..])
                .trim()
                .to_string()
        })
        .gather()
        .kept(|p| !p.is_empty());
    // Keys may be bare identifiers ("the keys property_id, channel and error_count").
    let keys = crate::drift::text::in_list(nouns, "keys");
    // Not how the keys are to be ("keys sorted and deduplicated", "keys stable and short").
    let ident = |p: &String| {
        p.len() > 1
            && p.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
            && p.starts_with(crate::drift::text::char_test(|c: char| c.is_ascii_lowercase()))
            && (p.contains('_')
                || !(p.ends_with("ed")
                    || crate::drift::text::in_list("unique|lowercase|uppercase|alphabetical|stable|short|consistent|flat|same|readable|camelcase|simple|small|minimal|present|optional|required|descriptive|lower|upper|distinct", p.as_str())))
    };
    let fits = |p: &String| {
        let words = p.split_whitespace().count();
        (1..=4).contains(&words)
            && (code || p.starts_with(crate::drift::text::upper_char) || (keys && ident(p)))
    };
    (items.len() >= 2 && items.iter().all(fits)).then_some(items)
}

/// A word a list's items can be counted in ("libraries", "findings", "candidate …"): not a
/// unit of text, time or size that another rule reads or no list holds.
fn countable_item(word: &str) -> bool {
    word.len() > 1
        && word.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
        && !crate::drift::text::in_list("word|words|sentence|sentences|paragraph|paragraphs|bullet|bullets|line|lines|character|characters|letter|letters|time|times|column|columns|row|rows|page|pages|section|sections|placeholder|placeholders|percent|second|seconds|minute|minutes|hour|hours|day|days|week|weeks|month|months|year|years|ms|kb|mb|gb|mm|cm|km|kg|mg|ml|lb|lbs|ft|oz|px|tokens|token|of|or|and|to|in", word)
}

/// "Commit subject line: 50 characters max", "The PR title must be at most 50 characters":
/// whether a commit's subject (or a one-line commit message) or a PR title is bounded, and the
/// most characters it may have.
fn title_chars_asked(lower: &str) -> Option<(bool, usize)> {
    // The subject itself, not a body ("wrap the body at 72 characters") nor an email's subject.
    let commit = has_any_in(
        lower,
        "commit subject|subject line|first line of the commit|commit title",
    ) && lower.has("commit")
        && !has_any_in(lower, "body|wrap|email|e-mail");
    let pr = has_any_in(lower, "pr title|pull request title");
    if commit == pr {
        return None;
    }
    Some((commit, char_bound(lower, &ws_of(lower), false)?))
}

/// The one count of characters a sentence states, as the most it allows: "50 characters", "72
/// chars", "a 50-character" ("under 50 characters" allows 49; not "at least", "minimum", "or
/// more"). With `sized`, a hyphenated count is a bound only before a limit word ("a
/// 160-character limit"; "the 6-character login code" is a size) and "-char" is not read.
fn char_bound(lower: &str, ws: &[&str], sized: bool) -> Option<usize> {
    let counts: Vec<usize> = (0..ws.len())
        .filter_map(|i| {
            let w = ws.get(i)?;
            let limit_after = ws
                .get(i + 1)
                .is_some_and(|x| crate::drift::text::in_list("limit|max|maximum|cap", x));
            let hyphenated = if sized {
                w.strip_suffix("-character").filter(|_| limit_after)
            } else {
                w.strip_suffix("-character")
                    .or_else(|| w.strip_suffix("-char"))
            };
            hyphenated.and_then(|d| d.parse().ok()).or_else(|| {
                ws.get(i + 1)
                    .is_some_and(|x| crate::drift::text::in_list("characters|chars", x))
                    .then(|| w.parse().ok())
                    .flatten()
            })
        })
        .gather();
    let [n] = counts.as_slice() else {
        return None;
    };
    if has_any_in(lower, "at least|minimum|or more") {
        return None;
    }
    // "under 50 characters" (not "under src/ …").
    let below = super::text::parts("under|less than|fewer than|below")
        .iter()
        .any(|b| lower.contains(&format!("{b} {n}")));
    if below {
        n.checked_sub(1)
    } else {
        Some(*n)
    }
}

/// The short texts a character bound is said of, by the noun a reply labels them with.
const SHORT_TEXTS: &str = "sms|text message|push notification|notification|banner|meta description|subtitle|promotional text|tweet|headline|tagline|caption|preview text|seo title";

/// "The SMS must be 160 characters or fewer", "Write the SMS … It must be at most 160
/// characters": the short text named in the sentence (or, for "it", in the one before) and its
/// bound. Not a bound of each one, of a line, at least, nor a commit's or a PR's.
fn text_chars_asked(lower: &str, before: Option<&str>) -> Option<(&'static str, usize)> {
    // No count of characters without the word (most sentences).
    if !lower.has("char") {
        return None;
    }
    let ws = ws_of(lower);
    // Said as a limit, not a size inside the text ("the 6-character login code").
    if !has_any_in(lower, "at most|max|or fewer|or less|under |less than|fewer than|no more than|up to|limit|within|cap|no longer than|\u{2264}") {
        return None;
    }
    if has_any_in(lower, "commit|pr title|pull request|per |wrap| line")
        || crate::drift::text::any_word_in(&ws, "each|every|lines")
    {
        return None;
    }
    let n = char_bound(lower, &ws, true)?;
    // One kind of text named: "an SEO title (max 60 characters) and a meta description" is unclear.
    let named = |t: &str| {
        // (In the list's order: the first named is the text.)
        let mut found = SHORT_TEXTS
            .split('|')
            .filter(|x| super::text::find(t, x).is_some());
        let first = found.next();
        // ("push notification" names a notification too.)
        let other = found.any(|x| first.is_some_and(|f| !f.contains(x) && !x.contains(f)));
        first.filter(|_| !other)
    };
    let noun = named(lower).or_else(|| {
        // "It must be …", "Keep it under …": the text the sentence before names.
        ws.iter()
            .take(3)
            .any(|w| *w == "it")
            .then(|| before.map(|b| b.to_ascii_lowercase()))
            .flatten()
            .and_then(|b| named(&b))
    })?;
    Some((noun, n))
}

/// A text without the quotes or code span around it.
fn unquote(t: &str) -> &str {
    let t = t.trim();
    // A count after the text: "… (154 characters)".
    let t = match t.rfind(" (") {
        Some(i)
            if t.ends_with(')') && t.get(i..).is_some_and(|c| c.has_any("characters|chars")) =>
        {
            t.get(..i).unwrap_or(t).trim_end()
        }
        _ => t,
    };
    for (open, close) in [
        ("\"", "\""),
        ("`", "`"),
        ("\u{201c}", "\u{201d}"),
        ("'", "'"),
    ] {
        if let Some(inner) = t.strip_prefix(open).and_then(|r| r.strip_suffix(close)) {
            return inner.trim();
        }
    }
    t
}

/// The texts a reply labels with `noun`: the rest of a "SMS: …" line, or the one line (or one-line
/// fenced block) after a "Meta description:" line. Not an old or current one ("Old banner:").
fn labelled_texts(result: &str, noun: &str) -> Vec<String> {
    let lines: Vec<&str> = result.lines().gather();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim().trim_start_matches(&['-', '*', '#', ' '][..]);
        let Some((label, rest)) = t.split_once(':') else {
            continue;
        };
        let label = label
            .trim_matches(&['*', '_', '`', ' '][..])
            .to_ascii_lowercase();
        // The label names the text: "SMS", "Meta description", "Suggested SEO title", "SMS
        // text for `sms/x.txt`"; not "Notification channel", "Why this meta description works".
        let core = label
            .split('(')
            .next()
            .unwrap_or_default()
            .split_whitespace()
            .take_while(|w| !crate::drift::text::in_list("for|in|to", w) && !w.starts_with('`'))
            .gather()
            .join(" ");
        let names = std::iter::once(noun.to_string())
            .chain(
                "text|copy|body|message|template|draft"
                    .split('|')
                    .map(|x| format!("{noun} {x}")),
            )
            .any(|n| core.ends_with(&n))
            && core.split_whitespace().count() <= noun.split(' ').count() + 3;
        if !names || has_any_in(&label, "old|current|previous|before|original|existing") {
            continue;
        }
        let rest = rest.trim().trim_start_matches(&['*', '_'][..]).trim();
        if !rest.is_empty() {
            out.push(unquote(rest).to_string());
            continue;
        }
        let mut next = lines.iter().skip(i + 1).skip_while(|l| l.trim().is_empty());
        let Some(first) = next.next() else {
            continue;
        };
        let body: Vec<&str> = if first.trim_start().starts_with("```") {
            next.take_while(|l| !l.trim_start().starts_with("```"))
                .copied()
                .gather()
        } else {
            std::iter::once(*first)
                .chain(next.take_while(|l| !l.trim().is_empty()).copied())
                .gather()
        };
        if let [one] = body.as_slice() {
            // A block quote's marker is not the text's ("> Penguin feeding starts …").
            let one = one.trim_start();
            let one = one.strip_prefix('>').map_or(one, str::trim_start);
            out.push(unquote(one).to_string());
        }
    }
    out
}

/// The check of texts that may run to `n` characters: the first longer one, with its count.
fn longer_than(texts: Vec<String>, n: usize) -> (bool, Option<String>) {
    match texts.found(|t| t.chars().count() > n) {
        Some(t) => (
            false,
            Some(format!("{} characters: {t}", t.chars().count())),
        ),
        None => (true, None),
    }
}

/// The commit subjects or PR titles a result shows, where it labels them: the rest of a
/// "Subject:" / "Commit subject:" / "PR title:" line, a "Commit:" line's one quoted subject
/// after its hash ("Commit: `a91f3d0` — "Handle offsets""), or the first line of a plain fenced
/// block right after a line that names the commit message or subject. Not a line about an old
/// one, a command, a diff or code.
fn shown_titles(result: &str, commit: bool) -> Vec<String> {
    let old = |l: &str| {
        has_any_in(
            &l.to_ascii_lowercase(),
            "old |original|previous| was |instead|before|rejected| from |\u{2192}|->",
        )
    };
    // A leading hash is no part of the subject ("`a3f91c2 Update strings`").
    let clean = |t: &str| {
        let t = t
            .trim()
            .trim_matches(&['`', '"', '*', '\u{201c}', '\u{201d}'][..])
            .trim();
        let hash = t.split_once(' ').filter(|(h, _)| short_hash(h));
        hash.map_or(t, |(_, rest)| rest.trim_start()).to_string()
    };
    // "Title:" is the PR's only in a reply that speaks of a PR (read once, not per line).
    let email = has_any_in(
        &result.to_ascii_lowercase(),
        "email|e-mail|mail:|notice|status page|announcement|newsletter|ticket|sms",
    );
    let labels = if commit && email {
        "commit subject:|commit:"
    } else if commit {
        "subject:|commit subject:|subject line:|commit:|committed as|committed:"
    } else if has_any_in(&result.to_ascii_lowercase(), "pr |pull request|/pull/|pr:") {
        "pr title:|pull request title:|title:"
    } else {
        "pr title:|pull request title:"
    };
    let mut out = Vec::new();
    let lines: Vec<&str> = result.lines().gather();
    let mut fence_open = false;
    let mut take_first = false;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if let Some(lang) = t.strip_prefix("```") {
            fence_open = !fence_open;
            // A plain block the line before introduces ("Commit message:").
            // ("Commit message:", "Commit `3f9c2e1`:", "Committed as `e71b0d4`:").
            take_first = fence_open
                && crate::drift::text::in_list("|text|txt|gitcommit", lang.trim())
                && commit
                && lines
                    .get(i.saturating_sub(2)..i)
                    .and_then(|b| b.iter().rev().find(|l| !l.trim().is_empty()))
                    .is_some_and(|l| {
                        let l = l.trim().to_ascii_lowercase();
                        // "Committed the change:", "Committed on `fix/x` and pushed.", "Pushed to
                        // `fix/x`:"; not "Test run after the commit:" (its output).
                        ((l.starts_with("commit") || l.has_any("subject|commit message"))
                            && l.ends_with(':')
                            || (l.starts_with("committed") && l.ends_with('.'))
                            || (l.starts_with("pushed") && l.ends_with(':')))
                            && !has_any_in(&l, "output|run |log|result|test")
                            && !old(&l)
                    });
            continue;
        }
        if fence_open {
            // Not a command, a diff or a log line ("$ git log -1", "diff --git a/x b/x",
            // "a1b2c3d fix: …").
            let hash = t.split_whitespace().next().is_some_and(short_hash);
            // Nor a push's or a test run's output ("To github.com:acme/x.git", "running 14 tests").
            let output = has_any_in(
                &t.to_ascii_lowercase(),
                "://|github.com|gitlab|->|running |remote:|compiling|finished|test result",
            ) || t.starts_with("To ");
            if take_first
                && !t.is_empty()
                && !hash
                && !output
                && !has_any_in(t, "git |$ |diff | -m ")
            {
                out.push(clean(t));
            }
            take_first = take_first && t.is_empty();
            continue;
        }
        if old(t) {
            continue;
        }
        let lower = t.to_ascii_lowercase();
        let label = lower.trim_start_matches(&['-', '*', ' '][..]);
        let Some(l) = labels
            .split('|')
            .find(|l| label.trim_start_matches('*').starts_with(*l))
        else {
            continue;
        };
        let at = lower.find(l).map_or(0, |i| i + l.len());
        let rest = t
            .get(at..)
            .unwrap_or_default()
            .trim_start_matches(&['*', ' '][..]);
        if crate::drift::text::in_list("commit:|committed as|committed:", l) {
            // A hash, then one quoted subject ("`a91f3d0` — "Handle offsets""), or the
            // subject in one code span ("Commit: `fix(ab): stable hashing`").
            let quoted = super::text::quoted_spans(rest, &['"']);
            let mut spans = super::text::code_spans(rest);
            spans.keep(|x| x.contains(' '));
            if let [subject] = quoted.as_slice() {
                out.push(clean(subject));
            } else if let [subject] = spans.as_slice() {
                if !has_any_in(subject, "git | -m |--") {
                    out.push(clean(subject));
                }
            }
            continue;
        }
        let rest = clean(rest);
        // A subject, not a command or code ("git commit -m …", "fn x(…) -> …").
        if rest.contains(' ') && !has_any_in(&rest, "git | -m |--|=>|->|()") {
            out.push(rest);
        }
    }
    out
}

/// "Use ISO 8601 dates (YYYY-MM-DD) in your report", "All dates must be YYYY-MM-DD": the
/// answer's dates. Not a file's, an export's or a field's ("Dates in the CSV must be ISO 8601",
/// "make the exporter write dates as YYYY-MM-DD"), nor one range's ("the date range you
/// analysed, in ISO format").
fn iso_dates_asked(sentence: &str, lower: &str, asked: &[String]) -> Option<DateForm> {
    let ws = ws_of(lower);
    // Two forms named ("YYYY-MM-DD, never MM/DD/YYYY"): which is asked is not read.
    let named = super::text::parts("dd/mm/yyyy|mm/dd/yyyy|yyyy-mm-dd")
        .iter()
        .filter(|f| lower.has(f))
        .count();
    if named > 1 {
        return None;
    }
    let form = if lower.has("dd/mm/yyyy") {
        DateForm::DayFirst
    } else if lower.has("mm/dd/yyyy") {
        DateForm::MonthFirst
    } else {
        DateForm::Iso
    };
    let format =
        form != DateForm::Iso || has_any_in(lower, "yyyy-mm-dd|iso 8601|iso format|iso date");
    let dates = ws.contains(&"dates")
        || ws
            .windows(2)
            .any(|x| matches!(x, ["every" | "any" | "each" | "all", "date"]));
    // (Not the text the message asks for: "Draft release notes … ISO dates everywhere in
    // the notes".)
    let elsewhere = ws.iter().any(|w| {
        crate::drift::text::in_list("csv|changelog|export|exporter|exports|column|columns|field|fields|file|json|api|heading|entry|table|render|renders|database|schema|payload|code|range|output|emit|emits|ui|page|notes|docs|doc|document|readme|template|site|wiki|calendar|feed|log|logs|rewrite|convert|reformat|migrate", w)
            && !(*w == "notes" && asked.iter().any(|a| a.ends_with(w)))
    });
    // Allowed, not asked: "the internal checklist can use ISO dates".
    let allowed = lower.split(&[';', ','][..]).any(|c| {
        (c.has("yyyy-mm-dd") || has_words_any(c, "iso"))
            && has_any_in(c, "can use|may use|can stay|are fine|is fine")
    });
    // "… in the incident timeline", "dates in the body as YYYY-MM-DD": a part's dates, which
    // the reply's other parts need not keep (not read).
    let placed = in_the_named_part(lower, asked);
    (format
        && dates
        && !elsewhere
        && !allowed
        && !placed
        // (The form is no path.)
        && super::file_scope::paths(&sentence.replace(form_name(form), "")).is_empty())
    .then_some(form)
}

/// The form a message asks of the reply's dates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DateForm {
    /// `YYYY-MM-DD`.
    Iso,
    /// `DD/MM/YYYY`.
    DayFirst,
    /// `MM/DD/YYYY`.
    MonthFirst,
}

/// "Use 24-hour times (e.g. 14:30) throughout", "all times on the 24-hour clock": asked of
/// the reply's clock times, said of no part or other text, with no exception for quotes or
/// logs, and not replaced by 12-hour times elsewhere in the message (silence where any of
/// these may hold).
fn clock_24_asked(sentence: &str, lower: &str, cx: &Admit) -> bool {
    // The clock named as a form ("24-hour times", "the 24-hour clock"), not a span of time
    // ("the past 24 hours, time permitting").
    let clock = "24-hour time|24-hour clock|24-hour format|24-hour hh|24-hour utc|24 hour time|24 hour clock|24 hour format";
    if !lower.has("24") || !has_any_in(lower, clock) {
        return false;
    }
    let ws = ws_of(lower);
    // Asked for: an imperative or a modal, not negated ("Avoid 24-hour times", "customers
    // find 24-hour times confusing").
    let asks = crate::drift::text::any_word_in(&ws, "use|write|give|put|format|express|keep|show|state|list|must|should|all|every|throughout|everywhere");
    // Negated before the clock ("Don't use 24-hour times"; not "…, never am/pm" after it).
    let negated = ws
        .iter()
        .position(|w| w.starts_with("24"))
        .is_some_and(|k| {
            ws.get(k.saturating_sub(4)..k)
                .unwrap_or_default()
                .iter()
                .any(|w| negates(w) || crate::drift::text::in_list("avoid|without|instead", w))
        });
    let spaced = format!(" {} ", ws.join(" "));
    let everywhere = has_any_in(&spaced, " everywhere in the | throughout the ");
    let placed = !everywhere
        && (in_the_named_part(lower, &cx.asked)
            || has_any_in(
                &spaced,
                " for the | for every timeline | for each | in each ",
            )
            // "In the doc itself, all times must use 24-hour format": the doc's.
            || (spaced.has(" itself ")
                && !has_any_in(&spaced, " reply itself | answer itself | report itself ")));
    let excepted = has_any_in(
        &spaced,
        " except | unless | quote | quotes | quoted | verbatim | log | logs | excerpt | excerpts ",
    );
    let elsewhere = crate::drift::text::any_word_in(&ws, "csv|config|file|ui|table|column|columns|field|fields|json|api|code|export|app|page|template|database|schema|calendar");
    if !asks
        || negated
        || placed
        || excepted
        || elsewhere
        || !super::file_scope::paths(sentence).is_empty()
    {
        return false;
    }
    // "Correction: staff read the 12-hour clock, so use 12-hour times instead", or the same
    // sentence's "…, but people here think in AM/PM": the 12-hour clock named anywhere but
    // after a "never"/"not" ("never am/pm", "not 6:15 am").
    let from = (sentence.as_ptr() as usize).wrapping_sub(cx.at);
    let to = from + sentence.len();
    super::text::parts("12-hour|12 hour|am/pm").iter().all(|t| {
        cx.lower.match_indices(t).all(|(i, _)| {
            (from..to).contains(&i)
                && cx.lower.get(i.saturating_sub(12)..i).is_some_and(|b| {
                    has_any_in(b, "never |not |no |, not |instead of |rather than ")
                })
        })
    })
}

/// Whether a (lowercased) sentence places its rule "in the <part>": a part of the reply or a
/// text besides it, not the reply itself or the text asked for ("in the report", "in the
/// timeline" of "Build the incident timeline"), nor a form ("in the format YYYY-MM-DD").
fn in_the_named_part(lower: &str, asked: &[String]) -> bool {
    lower.match_indices(" in the ").any(|(i, m)| {
        let next = ws_of(lower.get(i + m.len()..).unwrap_or_default())
            .into_iter()
            .next()
            .unwrap_or_default();
        !names_the_answer(next)
            && !asked.iter().any(|a| a == next)
            && !crate::drift::text::in_list("whole|entire|full|notice|email|message|update|post|note|text|timeline|plan|schedule|format|form|style|following|same|iso", next)
            && !lower.get(..i).is_some_and(|h| h.ends_any("everywhere|throughout"))
    })
}

/// The first clock time in `text` written on the 12-hour clock ("2:30 PM", "7pm", "9 a.m."),
/// outside code, quotes and quoted lines. "PM10", "pm2" and "the PM" hold no time.
fn twelve_hour_time(text: &str) -> Option<String> {
    let prose = prose_of(text);
    for line in prose.lines().filter(|l| !l.trim_start().starts_with('>')) {
        // (A quoted time is someone's words: "the request says "2pm"".)
        let line = cut_quoted(line, |_, _| false).to_ascii_lowercase();
        let b = line.as_bytes();
        for marker in "am|pm|a.m.|p.m.".split('|') {
            for (at, _) in line.match_indices(marker) {
                let end = at + marker.len();
                if b.get(end).is_some_and(u8::is_ascii_alphanumeric) {
                    continue;
                }
                // The hour (and minutes) right before, a space between at most (a no-break one
                // too, as ICU writes "9:30\u{202f}PM").
                let head = line.get(..at).unwrap_or_default();
                let head = head
                    .strip_suffix(&[' ', '\u{a0}', '\u{202f}'][..])
                    .unwrap_or(head);
                let digits_from = head
                    .char_indices()
                    .rev()
                    .find(|&(_, c)| !(c.is_ascii_digit() || c == ':'))
                    .map_or(0, |(i, c)| i + c.len_utf8());
                let time = head.get(digits_from..).unwrap_or_default();
                // An hour alone is a time only where a time's words follow ("3 PM roles",
                // "extension 5 am-ops" are counts and names).
                let rest = line.get(end..).unwrap_or_default();
                let next = rest.trim_start();
                let word: String = next
                    .chars()
                    .take_while(char::is_ascii_alphabetic)
                    .gather_text();
                let time_follows = !next.starts_with(crate::drift::text::ascii_alpha_char)
                    || crate::drift::text::in_list("to|until|till|on|and|or|utc|gmt|et|pt|ct|mt|cet|cest|bst|local|sharp|at|tomorrow|today|tonight|every|each|daily|when|before|after|in|the|start|end|slot|shift|latest|pickup|deadline|cutoff|meeting|call|standup|delivery|departure|arrival|run|check|review|handover|close|opening|closing|deploy|release|window|briefing|train|flight|bus|courier|collection|service|session|performance|show|match|kickoff|appointment|visit|reminder|job", &word);
                // "am-ops" is a name; "9:30 am-11:00" a range.
                let named = rest.starts_with('-')
                    && rest
                        .get(1..)
                        .is_some_and(|r| r.starts_with(crate::drift::text::ascii_alpha_char));
                // Or one a range or a time's preposition leads to ("from 05:30 to 8 am while
                // …", "until 9pm instead").
                let led = head.get(..digits_from).is_some_and(|h| {
                    let h = h.trim_end();
                    crate::drift::text::ends_with_any(
                        h,
                        " to| until| till| from| at| by|\u{2013}|-",
                    )
                });
                // (Not a radio band: "to 3 AM stations".)
                let band = crate::drift::text::in_list(
                    "station|stations|radio|band|frequency|frequencies|signal|broadcast",
                    &word,
                );
                if named || (!time.contains(':') && !time_follows && (!led || band)) {
                    continue;
                }
                if head.get(..digits_from).is_some_and(|h| {
                    h.ends_with(crate::drift::text::char_test(|c: char| {
                        c.is_ascii_alphabetic() || c == '.'
                    }))
                }) {
                    continue;
                }
                let (h, m) = time.split_once(':').unwrap_or((time, "00"));
                let hour_ok = (1..=2).contains(&h.len())
                    && h.parse::<u8>().is_ok_and(|h| (1..=12).contains(&h));
                let minute_ok = m.len() == 2 && m.parse::<u8>().is_ok_and(|m| m < 60);
                if hour_ok && minute_ok {
                    return line.get(digits_from..end).map(str::to_string);
                }
            }
        }
    }
    None
}

/// How a date form is written in a message and in a report's reason.
fn form_name(form: DateForm) -> &'static str {
    match form {
        DateForm::Iso => "YYYY-MM-DD",
        DateForm::DayFirst => "DD/MM/YYYY",
        DateForm::MonthFirst => "MM/DD/YYYY",
    }
}

/// The first date in `text` written otherwise than in `form`, outside code, quotes and quoted
/// lines: for ISO 8601, "03/14/2024", "14.03.2024", "March 14", "Mar 14th, 2024", "14 March";
/// for a slashed form, also "2024-03-14" and a slashed date that can only be the other order.
/// Month and year alone ("March 2024") has no day to write, and is left alone.
fn non_iso_date(text: &str, form: DateForm) -> Option<String> {
    const MONTHS: &str = "January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec";
    let day = |t: &str| {
        let d = t.trim_end_matches(crate::drift::text::not_ascii_alnum_char);
        let d = super::text::strip_any_suffix(d, "st|nd|rd|th").unwrap_or(d);
        (1..=2).contains(&d.len())
            && d.chars().all(|c| c.is_ascii_digit())
            && d.parse::<u8>().is_ok_and(|n| (1..=31).contains(&n))
    };
    let month = |t: &str| crate::drift::text::in_list(MONTHS, t.trim_end_matches(&['.', ','][..]));
    let number = |p: &str| p.parse::<u32>().ok();
    let prose = prose_of(text);
    for line in prose.lines() {
        // Quoted and indented lines, log lines (a clock time "03:14:07"), and lines that show
        // a conversion or an example ("March 14 became 2024-03-14", "inputs like 03/14/2024").
        let log = line.split_whitespace().any(|t| {
            let parts: Vec<&str> = t.split(':').gather();
            parts.len() == 3
                && parts
                    .iter()
                    .all(|p| p.len() == 2 && p.chars().all(|c| c.is_ascii_digit()))
        });
        let lower = line.to_ascii_lowercase();
        if line.trim_start().starts_with('>')
            || line.starts_with("    ")
            || log
            || has_any_in(
                &lower,
                "became|is now|instead of|->|\u{2192}| like |e.g.|such as|format|input|parse",
            )
        {
            continue;
        }
        let line = without_quoted(line);
        let toks: Vec<&str> = line.split_whitespace().gather();
        // A date in single quotes is cited ("rendered '(Accessed: 2024/03/14)'").
        let cited = |x: &str| x.contains(&['\'', '\u{2018}', '\u{2019}'][..]);
        for (i, t) in toks.iter().enumerate() {
            let next = toks.get(i + 1).copied().unwrap_or_default();
            if cited(t) || cited(next) {
                continue;
            }
            // A URL's or a version's digits ("blog.example.com/2024/03/12", "v3.10.1042").
            let named = t.has("://")
                || t.trim_end_matches(crate::drift::text::not_ascii_alnum_char)
                    .chars()
                    .any(|c| c.is_ascii_alphabetic())
                    && t.chars().any(|c| c.is_ascii_digit());
            let core = t.trim_matches(crate::drift::text::char_test(|c: char| !c.is_ascii_digit()));
            for sep in ['/', '.', '-'].into_iter().filter(|_| !named) {
                let parts: Vec<&str> = core.split(sep).gather();
                if let [a, b, c] = parts.as_slice() {
                    let (Some(x), Some(y), Some(z)) = (number(a), number(b), number(c)) else {
                        continue;
                    };
                    // "03/14/2024", "2024/03/14"; "14.03.2024" (not "5.2.0", "12/18/45 ms").
                    let year_first = a.len() == 4 && y <= 12 && z <= 31 && y > 0 && z > 0;
                    // Day or month first: which, where the form asks one ("14/03/2024" for
                    // DD/MM/YYYY; "03/04/2024" may be either).
                    let first = a.len() <= 2
                        && b.len() <= 2
                        && c.len() == 4
                        && x > 0
                        && y > 0
                        && x.min(y) <= 12
                        && x.max(y) <= 31;
                    let slashed = sep == '/'
                        && match form {
                            DateForm::Iso => year_first || first,
                            DateForm::DayFirst => year_first || (first && y > 12),
                            DateForm::MonthFirst => year_first || (first && x > 12),
                        };
                    // "2024-03-14" where slashes are asked.
                    let iso = sep == '-'
                        && form != DateForm::Iso
                        && year_first
                        && b.len() == 2
                        && c.len() == 2;
                    let dotted = sep == '.'
                        && a.len() <= 2
                        && b.len() <= 2
                        && c.len() == 4
                        && (1..=31).contains(&x)
                        && (1..=12).contains(&y);
                    if slashed || dotted || iso {
                        return Some(core.to_string());
                    }
                }
            }
            if month(t) && day(next) {
                return Some(format!("{t} {next}"));
            }
            if day(t) && t.chars().next().is_some_and(|c| c.is_ascii_digit()) && month(next) {
                // "3 May", "14 March 2024".
                return Some(format!("{t} {next}"));
            }
        }
    }
    None
}

/// Whether a code-block ban excepts the block its sentence asks for ("Include the exact error
/// in a code block; apart from that, no code blocks"): `clause` holds the ban, `sentence` the
/// request (both lowercased).
pub(super) fn block_excepted(clause: &str, sentence: &str) -> bool {
    has_any_in(clause, "apart from that|aside from that") && sentence.has("in a code block")
}

/// Whether a word is a commit's short hash: seven or more hex digits, one of them a digit
/// ("a1b2c3d"; "defaced" is a word).
pub(super) fn short_hash(h: &str) -> bool {
    h.len() >= 7
        && h.bytes().all(|b| b.is_ascii_hexdigit())
        && h.bytes().any(|b| b.is_ascii_digit())
}

pub(super) fn has_any_in(hay: &str, needles: &'static str) -> bool {
    super::text::any_in(hay, needles)
}

/// Whether "and"/"but" (`x`) followed by `next` starts a new instruction ("… and try to be
/// concise", "… but keep it short"), rather than joining what one instruction lists ("commas
/// and semicolons", ""cheap" and "buy" in the title").
fn new_clause(x: &str, next: &str) -> bool {
    crate::drift::text::in_list("and|but", x)
        && crate::drift::text::in_list("try|keep|make|write|use|be|do|don't|don|avoid|include|add|give|start|end|finish|stay|please|mention|explain|answer|respond|focus|limit|stick", next)
}

/// Whether what the clause after byte `at` forbids is limited to a part of the answer ("in the
/// code comments", "within the table", "in the title"): the rest may use it, so the whole answer
/// cannot be checked. The clause ends at punctuation, "and" or "but".
fn scoped(lower: &str, at: usize) -> bool {
    const PARTS: &str = "code|comment|comments|title|titles|heading|headings|header|table|list|first|last|second|opening|closing|introduction|conclusion|paragraph|section|bullet|bullets|footnotes|caption|subject";
    let tail = lower.get(at..).unwrap_or_default();
    let clause = tail
        .split(&['.', ';', ':', '!', '?', ','][..])
        .next()
        .unwrap_or_default();
    let all = words_at(clause);
    let n = all
        .iter()
        .enumerate()
        .take_while(|(i, (_, w))| !new_clause(w, all.get(i + 1).map_or("", |x| x.1)))
        .count();
    let ws = all.get(..n).unwrap_or_default();
    // "in the code", "in any new code": an adjective may stand before the part.
    (0..ws.len()).any(|i| {
        word_in(ws, i, "in|within|inside")
            && word_in(ws, i + 1, "the|any|a|your")
            && (word_in(ws, i + 2, PARTS)
                || (word_in(ws, i + 2, "new|added|generated|existing")
                    && word_in(ws, i + 3, PARTS)))
    })
        // "never 'tmp' in variable or function names": the code's names, not the prose.
        || (0..ws.len())
            .find(|&i| word_in(ws, i, "in|for"))
            .is_some_and(|i| {
                (i + 1..i + 5).any(|j| word_in(ws, j, "names|identifiers|identifier"))
            })
        // "don't use the word 'slot' for storage positions": the word in one sense, which the
        // text cannot tell ("for this metric", "for the …" may name the place).
        || super::text::parts("' for |\" for |\u{201d} for ").iter().any(|q| {
            // Within the ban's own clause: not "… - use 'shall' for requirements".
            let own = clause
                .get(..crate::drift::text::first_of(clause, " - | \u{2014} | \u{2013} ").unwrap_or(clause.len()))
                .unwrap_or(clause);
            let own = own.get(..ws.last().map_or(0, |(a, w)| a + w.len() + 1).min(own.len())).unwrap_or(own);
            own.find_str(q).is_some_and(|i| {
                let next = ws_of(clause.get(i + q.len()..).unwrap_or_default());
                // "for legal reasons" gives a reason, not a sense.
                next.first().is_some_and(|w| {
                    !crate::drift::text::in_list("this|that|these|those|it|them|now|the|a|an|your|our|any|all|each|every|clarity|brevity|consistency|simplicity|example|instance|good|short|more|once", w)
                }) && !next.iter().take(3).any(|w| crate::drift::text::in_list("reason|reasons", *w))
            })
        })
        // "don't say 'fixed' for anything you haven't verified": which things is not shown.
        || ((0..ws.len()).any(|i| {
            word_in(ws, i, "for|about|of")
                && word_in(ws, i + 1, "anything|something|any|things")
        }) && ws.iter().any(|(_, x)| *x == "not" || x.ends_with("n't")))
}

/// An object nested in `m` (in a value, or an array's element) that holds every key of `keys`.
fn nested_holder<'a>(
    m: &'a serde_json::Map<String, serde_json::Value>,
    keys: &[String],
    depth: usize,
) -> Option<&'a serde_json::Map<String, serde_json::Value>> {
    fn within<'a>(
        v: &'a serde_json::Value,
        keys: &[String],
        depth: usize,
    ) -> Option<&'a serde_json::Map<String, serde_json::Value>> {
        if depth > 32 {
            return None;
        }
        match v {
            serde_json::Value::Object(o) if keys.iter().all(|k| o.contains_key(k.as_str())) => {
                Some(o)
            }
            serde_json::Value::Object(o) => nested_holder(o, keys, depth + 1),
            serde_json::Value::Array(items) => {
                items.iter().find_map(|i| within(i, keys, depth + 1))
            }
            _ => None,
        }
    }
    // Deep enough for any answer's shape; a bound, so that a hostile document cannot recurse far.
    if depth > 32 {
        return None;
    }
    m.values().find_map(|v| within(v, keys, depth))
}

/// Whether a sentence names the answer's prose as the place of its rule ("in your report's
/// prose, do not use …").
fn says_prose(sentence: &str) -> bool {
    words_at(&sentence.to_ascii_lowercase())
        .iter()
        .any(|(_, w)| *w == "prose")
}

/// Whether a message lets the answer add a note beside what it delivers ("You can add a
/// one-line note after it", "feel free to add a short note below").
fn note_allowed(message: &str) -> bool {
    says_unnegated(
        &message.to_ascii_lowercase(),
        &[
            "note|notes|comment|line",
            "add|include|append|put",
            // "JSON only, except that if a value is null add a line above it", "if anything was
            // skipped, put one line before the JSON saying why".
            "can|may|free|fine|ok|okay|except|if",
            "after|below|before|above|beneath",
        ],
    ) || says_unnegated(
        &message.to_ascii_lowercase(),
        &[
            // "Edit: one short sentence before the JSON is fine if you need to flag something".
            "sentence|line|note|comment",
            "fine|ok|okay|allowed|acceptable",
            "after|below|before|above",
        ],
    )
}

/// A text's words, as strings.
fn ws_of(lower: &str) -> Vec<&str> {
    words_at(lower).into_iter().map(|(_, w)| w).gather()
}

/// Whether a message leaves code out of its word counts, or asks for code beside a bounded
/// explanation, so that a word bound counts the prose: "code blocks don't count", "the
/// migration you paste doesn't count toward that", "(SQL can go in a code block and doesn't
/// count)", "keep your explanation under 80 words; include the diff below it".
fn code_not_counted(message: &str) -> bool {
    let lower = message.to_ascii_lowercase().replace('\u{2019}', "'");
    let code = |w: &str| {
        // "the translation file itself doesn't count toward that".
        crate::drift::text::in_list("code|snippet|snippets|diff|diffs|patch|patches|sql|migration|query|queries|block|blocks|log|logs|excerpt|trace|listing|yaml|json|config|manifest|attachment|appendix|output|list|file|files", w)
    };
    for clause in lower.split(&['.', ';', '!', '?', '\n', '(', ')'][..]) {
        let ws = ws_of(clause);
        // "paste the raw fault below it — the fault text doesn't count toward the limit".
        if ws.windows(2).any(|x| matches!(x, ["doesn't", "count"]))
            && ws
                .iter()
                .any(|w| crate::drift::text::in_list("paste|attach", *w))
        {
            return true;
        }
        let Some(first_code) = ws.iter().position(|w| code(w)) else {
            continue;
        };
        // Within ten words ("the patch you paste below the prose is not counted"): "Logs of
        // excluded tests are in /tmp" excludes no log.
        let has = |from: usize, p: &str| {
            ws.get(from..(from + 10).min(ws.len()))
                .is_some_and(|r| crate::drift::text::holds_words(r, p))
        };
        // "<code> doesn't count", "<code> is excluded from the count".
        let after = "doesn't count|don't count|does not count|do not count|not counted|isn't counted|aren't counted|won't count|excluded|exempt"
        .split('|')
        .any(|p| {
            // From any code word: "put the query in a code block — the query doesn't count".
            (first_code..ws.len()).any(|i| ws.get(i).is_some_and(|w| code(w)) && has(i, p))
        });
        // "not counting the code", "excluding code blocks", "don't count the list of …".
        let before = ws
            .iter()
            .take(first_code)
            .any(|w| crate::drift::text::in_list("excluding|exclude", *w))
            || (has(0, "not counting")
                || ws
                    .get(first_code.saturating_sub(3)..first_code)
                    .is_some_and(|b| {
                        b.windows(2)
                            .any(|x| matches!(x, ["don't" | "not", "count"]))
                    }))
                && ws.iter().skip(first_code).any(|w| code(w));
        // "include the diff" beside a bound on the explanation.
        let asked = ws
            .iter()
            .take(first_code)
            .any(|w| crate::drift::text::in_list("include|paste|attach|append|add", w))
            && has_any_in(
                &lower,
                "your explanation|the explanation|your prose|the summary|your summary",
            );
        // "a one-sentence answer of at most 20 words to …, then the query you used".
        let then = ws
            .get(first_code.saturating_sub(2)..first_code)
            .is_some_and(|b| matches!(b, ["then", "the" | "your"]))
            && has_any_in(&lower, " answer of | summary of ");
        if after || before || asked || then {
            return true;
        }
    }
    false
}

/// Whether a case word qualifies a thing other than the answer's letters: "uppercase digits",
/// "a lowercase 0x prefix", "lowercase keys" (not "in lowercase letters", "lowercase only").
fn case_of_a_thing(sentence: &str) -> bool {
    let lower = sentence.to_ascii_lowercase();
    let ws = words_at(&lower);
    ws.iter().enumerate().any(|(i, (at, w))| {
        if !crate::drift::text::in_list("uppercase|lowercase", *w) {
            return false;
        }
        // The next word, in the same clause.
        let Some((next_at, next)) = ws.get(i + 1) else {
            return false;
        };
        let gap = lower.get(at + w.len()..*next_at).unwrap_or_default();
        gap.trim().is_empty()
            && (next.starts_with(crate::drift::text::digit_char)
                || crate::drift::text::in_list("digits|digit|hex|keys|key|names|name|identifiers|ids|values|slugs|slug|tags|prefix|suffix|constants|variables|filenames|paths|hashes|enums|codes|units|acronyms|keywords|sql", next))
    }) || named_text_before_case(&lower, &ws)
        || described_data_case(&ws)
}

/// "Tail numbers entered in lowercase fail lookup", "the calendar shows venue names in
/// lowercase": a case said of data that arrives or is shown, as the task's subject, not asked
/// of the answer. A modal, "make", "so" or "write" before it keeps the rule ("names must be
/// stored in lowercase", "write the greeting so it displays in lowercase" are no description).
fn described_data_case(ws: &[(usize, &str)]) -> bool {
    // The sentence's only case word ("stored in lowercase, so write in lowercase" asks too).
    ws.iter()
        .filter(|(_, w)| crate::drift::text::in_list("lowercase|uppercase", *w))
        .count()
        == 1
        && ws.windows(2).enumerate().any(|(i, x)| match x {
            // "… shows venue names in lowercase": a shown thing may stand between.
            [(_, "in"), (_, "lowercase" | "uppercase")] => {
                const DESCRIBED: &str = "entered|typed|stored|submitted|received|imported|keyed|shows|displays|renders|prints|shown|displayed|rendered|printed";
                let verb = ws.get(i.saturating_sub(3)..i).is_some_and(|v| {
                    v.iter()
                        .any(|(_, w)| crate::drift::text::in_list(DESCRIBED, w))
                });
                verb && !ws.iter().take(i).any(|(_, w)| {
                    crate::drift::text::in_list(
                        "must|should|shall|make|ensure|needs|need|have|has|so|write",
                        w,
                    )
                })
            }
            _ => false,
        })
}

/// "The alert text must be in ALL CAPS", "banner text must be uppercase": a text the sentence
/// names ("<noun> text") before its case word is that text's case, not the answer's.
fn named_text_before_case(lower: &str, ws: &[(usize, &str)]) -> bool {
    let Some(case) = crate::drift::text::first_of(
        lower,
        "caps|capital|uppercase|lowercase|lower case|upper case",
    ) else {
        return false;
    };
    // "that line must be all lowercase".
    ws.windows(2).any(|p| match p {
        [(_, "that" | "this"), (at, "line")] => *at < case,
        [(_, noun), (at, "text")] => {
            *at < case
                && noun.len() > 2
                && noun.chars().all(|c| c.is_ascii_alphabetic())
                && !reply_noun(noun)
                && !crate::drift::text::in_list("the|your|this|that|whole|entire|full|plain|final|main|all|body|same|its|any|every|some|more|with|other|such|own|only|free|rich|less", noun)
        }
        _ => false,
    })
}

/// Whether a sentence states its count as a wish or under a condition: "ideally under 100
/// words", "roughly 5 bullets", "under 100 words unless you find a problem", "aim for 3 bullets".
fn soft_count(sentence: &str) -> bool {
    let lower = sentence.to_ascii_lowercase().replace('\u{2019}', "'");
    let ws = ws_of(&lower);
    crate::drift::text::holds_words_any(
        &ws,
        "ideally|preferably|roughly|approximately|unless|if possible|where possible|if you can|give or take|more or less|sweat|not a hard|soft limit|soft cap|aim for|shoot for|try to keep|try and keep|guideline",
    )
}

/// Whether a sentence bounds the prose around the code, not the whole answer: "the text
/// outside the code block must be under 60 words", "60 words at most, not counting the code".
fn bounds_prose_only(sentence: &str) -> bool {
    let lower = sentence.to_ascii_lowercase();
    crate::drift::text::contains_any(&lower, "outside the code|outside of the code|outside code|outside any code|excluding the code|excluding code|not counting the code|not counting code|apart from the code|besides the code")
}

/// Whether the clause around byte `at` softens what it forbids ("too often", "if you can",
/// "unless …"): then there is nothing exact to check, and silence is better than a guess. The
/// clause ends at `.`, `;`, `:`, `!`, `?`, "and" or "but" (a quoted text after "refrain from
/// using commas:", or "… and try to be concise", is not part of it); hedges are whole words
/// outside quotes (`the word "unless"` forbids that word).
fn hedged(lower: &str, at: usize) -> bool {
    const HEDGES: &str = concat!(
        "too often|too much|too many|more than necessary|more than needed|if you can|if you like|if you want|if you wish|if possible|where possible|when possible|wherever possible|as much as possible|as little as|as few as possible|unless|except|try not|try to|ideally|preferably|if needed|as needed",
        // What a word may not describe, not the word anywhere ("don't use "secure" to describe
        // the result").
        "|to describe|when describing|when talking about|when referring to",
        // "Don't use the abbreviation "TEU" without defining it first": allowed once defined.
        "|without defining|without explaining|without spelling",
    );
    // Quoted text blanked out, positions kept.
    let mut plain = String::with_capacity(lower.len());
    let mut inside = false;
    for c in lower.chars() {
        if matches!(c, '"' | '“' | '”') {
            inside = !inside;
        }
        if inside || matches!(c, '"' | '“' | '”') {
            (0..c.len_utf8()).for_each(|_| plain.push(' '));
        } else {
            plain.push(c);
        }
    }
    let words = words_at(&plain);
    // "and"/"but" end the clause when a new instruction follows ("… and try to be concise"),
    // not when they join what is forbidden ("commas and semicolons if possible").
    let ends = |i: usize| {
        new_clause(
            words.get(i).map_or("", |x| x.1),
            words.get(i + 1).map_or("", |x| x.1),
        )
    };
    let stop = |i: usize| {
        let (a, _) = words.get(i).copied().unwrap_or((0, ""));
        let (b, _) = words.get(i + 1).copied().unwrap_or((plain.len(), ""));
        plain
            .get(a..b)
            .is_some_and(|t| t.contains(&['.', ';', ':', '!', '?'][..]))
    };
    let Some(cue) = words.iter().position(|(a, x)| a + x.len() > at) else {
        return false;
    };
    let mut first = cue;
    while first > 0 && !stop(first - 1) && !ends(first - 1) {
        first -= 1;
    }
    let mut last = cue;
    while last + 1 < words.len() && !stop(last) && !ends(last + 1) {
        last += 1;
    }
    let clause: Vec<&str> = words
        .get(first..=last)
        .unwrap_or_default()
        .iter()
        .map(|x| x.1)
        .gather();
    crate::drift::text::holds_words_any(&clause, HEDGES)
}

/// Whether the sentence bounds a number of words or phrases in capital letters (then it is not
/// asking for an all-caps or all-lowercase answer).
fn out_has_capital_count(text: &str, ws: &[(usize, &str)], caps: bool) -> bool {
    caps && (0..ws.len()).any(|k| {
        ws.get(k)
            .map(|x| x.1)
            .is_some_and(|x| crate::drift::text::in_list("word|words|phrases|times", x))
            && bound(text, ws, k).is_some()
    }) || caps
        && ws
            .iter()
            .any(|(_, w)| crate::drift::text::in_list("some|few", *w))
        && ws.iter().any(|(_, w)| *w == "words")
}

/// Whether a negation in its clause governs the case phrase at byte `at` ("don't write your
/// answer in all caps", "no capital letters", "without using capital letters", "none of the
/// words … should be capitalized"), as [`governs`] reads a verb's: `Some(false)` with none, or one
/// that means the opposite ("don't forget to write in all caps"); `None` where it governs
/// something else. The clause ends at punctuation and where a new instruction begins.
fn case_negated(lower: &str, at: usize) -> Option<bool> {
    const FILLERS: &str = "your|answer|response|reply|entire|whole|text|output|it|in|written|type|typed|respond|is|are|contain|have|using|a|single|one|letter|letters|word|words|of|the|use|any";
    let before = lower.get(..at).unwrap_or_default();
    let clause = words_at(
        before
            .rsplit(&[',', ';', ':', '.', '('][..])
            .next()
            .unwrap_or_default(),
    );
    let start = clause
        .windows(2)
        .rposition(|p| matches!(p, [a, b] if new_clause(a.1, b.1)))
        .map_or(0, |i| i + 1);
    let clause = clause.get(start..).unwrap_or_default();
    // "None of the words … should be capitalized" negates as "not" does.
    let kept: Vec<(usize, &str)> = clause
        .iter()
        .enumerate()
        .filter(|&(j, (_, w))| !crate::drift::text::in_list(FILLERS, w) || negation_at(clause, j))
        .map(|(_, &(at, w))| (at, if w == "none" { "not" } else { w }))
        .gather();
    // Negated after it, in its clause: "lowercase letters are not allowed", "… are forbidden".
    let after = lower.get(at..).unwrap_or_default();
    let after = words_at(
        after
            .split(&[',', ';', ':', '.', '('][..])
            .next()
            .unwrap_or_default(),
    );
    let w = |j: usize| after.get(j).map_or("", |x| x.1);
    let refused = (0..after.len()).any(|j| {
        word_in(&after, j, "forbidden|prohibited|banned|disallowed")
            || negation_at(&after, j)
                && (j + 1..j + 4).any(|i| {
                    crate::drift::text::in_list(
                        "allowed|permitted|acceptable|accepted|used|appear",
                        w(i),
                    )
                })
    });
    match governs(&kept) {
        Some(false) if refused => Some(true),
        g => g,
    }
}

/// Words the answer must include (or, negated, must not): "include the keywords …", "use the
/// words …", "mention …", "don't include the keywords …", "avoid the word …", "without saying
/// the word …". The negation must come before the verb.
/// A ban on a quoted word said with another verb: "don't call it an 'incident'", "never
/// write 'should'", "don't refer to v1 as "deprecated"", "say 'UAV', never 'drone'". Only the
/// quotes right after the verb (and its object) are banned; "say …, never …" only when no
/// place narrows it ("In the docs you write, say …").
fn called_ban(sentence: &str, lower: &str, asked: &[String]) -> Option<Vec<String>> {
    let ws = words_at(lower);
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    for k in 0..ws.len() {
        let negated = word_in(&ws, k, "don't|never|dont")
            || (word_in(&ws, k, "not") && k > 0 && word_in(&ws, k - 1, "do|must|should"));
        if !negated {
            continue;
        }
        // The verb, then at most an object of two words and an article: "call it an",
        // "call v1", "refer to the module as", "write".
        let (verb, mut j) = (w(k + 1), k + 2);
        match verb {
            // "never write the word "just"".
            "write" => {
                if word_is(&ws, j, "the") && word_in(&ws, j + 1, "word|words|phrase|term")
                {
                    j += 2;
                }
            }
            // "Don't call 'legacySync'" invokes a function: a name needs an object first.
            // "Don't call the function 'legacySync'" invokes it too.
            "call"
                if word_is(&ws, j, "the")
                    && crate::drift::text::in_list(
                        "function|method|endpoint|api|command|script|hook|handler|callback|service|tool|procedure|job",
                        w(j + 1),
                    ) =>
            {
                continue
            }
            "call" if !quote_at(lower, &ws, j) => {
                while j < k + 7
                    && !word_in(&ws, j, "a|an")
                    && !quote_at(lower, &ws, j)
                {
                    j += 1;
                }
            }
            "refer" if word_is(&ws, j, "to") => {
                while j < k + 6 && !word_is(&ws, j, "as") {
                    j += 1;
                }
                j += 1;
            }
            _ => continue,
        }
        if word_in(&ws, j, "a|an") {
            j += 1;
        }
        if !quote_at(lower, &ws, j) {
            continue;
        }
        let at = ws.get(j).map_or(0, |x| x.0);
        if hedged(lower, at) || scoped(lower, at) {
            return None;
        }
        // The quotes of this clause from the first one: "'incident' or 'outage'" (not "'lawyer'
        // in your report, say 'counsel'").
        let start = lower.get(..at).map_or(0, |b| {
            b.trim_end_matches(&['"', '\'', '\u{201c}'][..]).len()
        });
        // ("Never write 'kill': use 'stop'": the words after a colon are the ones to use.)
        let clause = sentence
            .get(start..)?
            .split(&[';', '.', ',', '\u{2014}', ':'][..])
            .next()?;
        let clause = clause.split(" - ").next()?;
        // "Don't write the word 'bug' in 'What's new'": a quoted part's ban, whose name is no
        // banned word (that part is not read).
        if crate::drift::text::contains_any(clause, " in '| in \"| in `| in \u{2018}| in \u{201c}")
        {
            return None;
        }
        // Said of the answer's words: nothing after the quotes, or "anywhere", "in the report";
        // not "to the logs", "into the config", "as the image tag", "calls".
        let after = clause
            .split('(')
            .next()
            .unwrap_or_default()
            .rsplit(&['"', '\'', '\u{201d}'][..])
            .next()
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase();
        let of_answer = after.is_empty()
            || after.starts_any("anywhere|at all|or similar|or anything like")
            || after.strip_prefix("in ").is_some_and(|n| {
                let n = super::text::strip_any(n, "your |the |any |our ").unwrap_or(n);
                super::text::starts_with_any(n, "report|reply|answer|summary|write-up|note|text|doc|copy|email|post|section|paragraph|description|triage|update|message")
                    // "Write the PR description … never call it a 'hotfix' in PR descriptions":
                    // the kind of text asked for.
                    || ws_of(n).iter().take(3).any(|x| names_asked_kind(x, asked))
            });
        if !of_answer {
            return None;
        }
        let list: Vec<String> =
            quoted(clause).kept(|q| !q.trim().is_empty() && q.split_whitespace().count() <= 3);
        // "Don't refer to freezes as "suspensions"; …, while suspensions are disciplinary": the
        // word kept for another thing, used of it in the report too.
        if list.iter().any(|q| {
            let q = q.to_ascii_lowercase();
            ["while ", "whereas "].iter().any(|c| {
                lower.contains(&format!("{c}{q} are")) || lower.contains(&format!("{c}{q} is"))
            })
        }) {
            return None;
        }
        return (!list.is_empty()).then_some(list);
    }
    // "Say 'UAV', never 'drone'": the word after "never".
    let i = lower.find_str(", never ")?;
    let placed = ws.windows(2).any(|x| {
        matches!(
            x,
            [
                (_, "in"),
                (_, "the" | "your" | "any" | "all" | "every" | "docs")
            ]
        )
    }) && !has_any_in(
        lower,
        "in your report|in the report|in your reply|in your answer|in the summary",
    );
    if placed {
        return None;
    }
    let tail = sentence.get(i + ", never ".len()..)?;
    // "Refer to them as 'patients', never as 'customers'". Nothing narrows the words after
    // them ("never 'var', for new declarations").
    let (list, before) = quote_run_end(tail.split(&['.', ';', '\n', '\u{2014}'][..]).next()?)?;
    (term_asked(lower.get(..i)?) && matches!(before.trim(), "" | "as")).then_some(list)
}

/// Whether a clause ends with the terms it asks for, quoted right after a verb of naming: "say
/// 'UAV'", "use 'riders' and 'drivers'", "always call them 'shows'", "refer to the people … as
/// 'patients'".
fn term_asked(before: &str) -> bool {
    // (The splitting pattern's type is `passive_ban`'s, whose code the module then shares.)
    let clause = before
        .rsplit(&[';', '.', ':', '\u{2014}', '(', ',', '?'][..])
        .next()
        .unwrap_or_default();
    let Some((_, head)) = quote_run_end(clause) else {
        return false;
    };
    let ws = ws_of(head);
    let w = |k: usize| {
        ws.len()
            .checked_sub(k)
            .and_then(|i| ws.get(i))
            .copied()
            .unwrap_or("")
    };
    // The verb is asked, not told of: it starts the clause or follows "always", "we", "you"
    // … ("customers call it 'the portal'", "they are logged as 'walk-ins'" are not asked).
    let asked = |prev: &str| {
        prev.is_empty()
            || crate::drift::text::in_list(
                "always|please|we|you|just|must|should|do|and|instead|rather|to",
                prev,
            )
    };
    match w(1) {
        // "Staff at the club say 'fixture', never 'match'" is the house's usage, asked too; "the
        // old docs say …" is what a text says.
        "say" | "use" | "write" => !crate::drift::text::in_list(
            "docs|doc|page|pages|readme|manual|wiki|version|versions|files|screens|labels|templates|forms|logs",
            w(2),
        ),
        "them" | "it" => w(2) == "call" && asked(w(3)),
        // "Refer to the people … as 'patients'".
        "as" => (2..ws.len() + 1)
            .any(|k| w(k) == "refer" && ws.get(ws.len() + 1 - k) == Some(&"to") && asked(w(k + 1))),
        _ => false,
    }
}

/// Names banned by a kind, listed in brackets: "don't mention the customer name (Globex)", "do
/// not mention competitor names (Zendesk, Freshdesk, Intercom) anywhere", "do not use his name
/// (Daniel Okafor)". Each listed name is banned whole ("etc." and "and so on" end the list).
fn named_ban(sentence: &str, lower: &str) -> Option<Vec<String>> {
    // "… anywhere except under `## Migration`": where it may stand is not read.
    if has_any_in(lower, " except| unless| other than") {
        return None;
    }
    let ws = words_at(lower);
    let k = (0..ws.len()).find(|&k| {
        let negated = word_in(&ws, k, "don't|never|dont")
            || (word_is(&ws, k, "not") && k > 0 && word_in(&ws, k - 1, "do|must|should"));
        negated && word_in(&ws, k + 1, "mention|name|use|write|include|say")
    })?;
    // The verb, a determiner, at most two words of kind, then "name(s) (".
    let mut j = k + 2;
    if word_in(&ws, j, "the|any|our|his|her|their|its|a") {
        j += 1;
    }
    // ("Don't name the lock vendor (Velotek)": the thing named, its name in brackets.)
    let bracket_after = |i: usize| {
        ws.get(i).is_some_and(|(at, x)| {
            lower
                .get(at + x.len()..)
                .is_some_and(|r| r.trim_start().starts_with('('))
        })
    };
    let name_at = (j..j + 3)
        .find(|&i| word_in(&ws, i, "name|names"))
        .or_else(|| {
            word_in(&ws, k + 1, "name|mention")
                .then(|| (j..j + 3).find(|&i| bracket_after(i)))
                .flatten()
        })?;
    let (at, x) = ws.get(name_at)?;
    let open = at + x.len();
    let inner = sentence.get(open..)?.trim_start().strip_prefix('(')?;
    let inner = inner.get(..inner.find(')')?)?;
    let mut out = Vec::new();
    for item in inner
        .split(&[',', ';'][..])
        .flat_map(|p| p.split(" and "))
        .flat_map(|p| p.split(" or "))
    {
        let item = item.trim().trim_end_matches('.').trim();
        let item = item.strip_prefix("e.g.").unwrap_or(item).trim();
        if item.is_empty() || crate::drift::text::in_list("etc|so on|others|similar", item) {
            continue;
        }
        // Proper names only, short.
        if !item.starts_with(crate::drift::text::upper_char) || item.split_whitespace().count() > 3
        {
            return None;
        }
        out.push(item.to_string());
    }
    (!out.is_empty()).then_some(out)
}

/// A ban stated as a house rule: "our style guide bans the words 'simply' and 'easy' in help
/// articles", "legal forbids the term 'guarantee'". Read where no place follows or the place is
/// the kind of text asked for; a rule book must be the subject (not "the filter bans …", a
/// feature to build).
fn active_ban(sentence: &str, lower: &str, asked: &[String]) -> Option<Vec<String>> {
    let at = crate::drift::text::first_of(lower, " bans | forbids | prohibits ")?;
    let subject = ws_of(
        lower
            .get(..at)?
            .rsplit(&['.', ';', ':', ',', '('][..])
            .next()?,
    );
    let house = |x: &&str| {
        crate::drift::text::in_list("guide|style|house|legal|convention|conventions|brand|marketing|compliance|editor|editors|glossary|we|rules|policy|lawyers", x)
    };
    let feature = |x: &&str| {
        crate::drift::text::in_list(
            "if|when|unless|filter|linter|validator|check|bot|app|system|feature",
            x,
        )
    };
    // The rule book is the subject ("our style guide bans …"), not a thing to write about
    // ("an explainer on why our style guide bans …").
    let opener = subject
        .iter()
        .find(|w| !crate::drift::text::in_list("our|the|my|your|their|and|also|but|note", w));
    if !opener.is_some_and(house)
        || subject.iter().any(feature)
        || hedged(lower, at)
        || scoped(lower, at)
    {
        return None;
    }
    let clause = sentence
        .get(at..)?
        .split(&[';', '.', '\u{2014}', '(', ':'][..])
        .next()?;
    let list = quoted(clause);
    if list.is_empty() || list.iter().any(|q| q.split_whitespace().count() > 3) {
        return None;
    }
    let mut rest = clause.to_ascii_lowercase();
    for q in &list {
        rest = rest.replacen(&q.to_ascii_lowercase(), " ", 1);
    }
    let rest = rest.replace(&['"', '\'', '\u{201c}', '\u{201d}'][..], " ");
    // The ban's own words ("bans the words"), then at most a place: the text asked for.
    let rest = ws_of(&rest);
    let mut place = rest.iter().skip_while(|w| {
        crate::drift::text::in_list(
            "bans|forbids|prohibits|the|word|words|term|terms|phrase|phrases|and|or",
            w,
        )
    });
    let of_answer = match place.next() {
        None => true,
        Some(&"in") => place.take(4).any(|x| {
            crate::drift::text::in_list("report|reply|answer|summary|text|copy|writing", x)
                || names_asked_kind(x, asked)
        }),
        Some(_) => false,
    };
    of_answer.then_some(list)
}

/// Whether a word of a ban's place names the kind of text asked for ("in PR descriptions" of a
/// message asking for a PR description), singular or plural.
fn names_asked_kind(x: &str, asked: &[String]) -> bool {
    let one = x.strip_suffix('s').unwrap_or(x);
    !crate::drift::text::is_stop(x) && asked.iter().any(|a| a == one || a == x)
}

/// Predicates of a ban said of its subject ("… must not appear", "… is banned").
const PASSIVE_BANS: &str = " must not appear| mustn't appear| must never appear| should not appear| shouldn't appear| may not appear| cannot appear| can't appear| is banned| are banned| is forbidden| are forbidden| is not allowed| are not allowed| is off-limits| are off-limits| is prohibited| are prohibited";

/// A ban said of quoted words as the subject: "the word "likely" is banned in this update",
/// "the words "simply" and "just" must not appear in the new text", "the codename 'Falcon' must
/// not appear anywhere". The quotes stand in the predicate's clause, before it.
fn passive_ban(sentence: &str, lower: &str) -> Option<Vec<String>> {
    let at = crate::drift::text::first_of(lower, PASSIVE_BANS)?;
    let before = sentence.get(..at)?;
    let clause = before
        .rsplit(&[';', '.', ':', '\u{2014}', '(', '!', '?'][..])
        .next()
        .unwrap_or(before);
    // Quoted words end the subject: "… 'Falcon' must not appear" (not "… 'Falcon' in the
    // logs must not appear", whose subject is the logs).
    if !clause
        .trim_end()
        .ends_with(&['"', '\'', '\u{201d}', '\u{2019}'][..])
    {
        return None;
    }
    let cl = clause.to_ascii_lowercase();
    // "If 'debug' appears …", "the flag 'x' is banned from config files" are not of the text.
    if ws_of(&cl).iter().any(|w| crate::drift::text::in_list("if|when|unless|flag|option|key|field|column|variable|value|argument|parameter|header|env", w)) {
        return None;
    }
    if hedged(lower, at) || scoped(lower, at) {
        return None;
    }
    // Placed in the text written ("in this update", "in the new text", "anywhere in what you
    // send back"), not in code or logs ("in committed code", "in the logs").
    let place = lower
        .get(at..)
        .unwrap_or_default()
        .split(&[',', ';', '.', '\u{2014}'][..])
        .next()
        .unwrap_or_default();
    let pw = ws_of(place);
    if let Some(i) = pw
        .iter()
        .position(|w| crate::drift::text::in_list("in|within|from", w))
    {
        if !pw.iter().skip(i + 1).take(4).any(|n| {
            crate::drift::text::in_list("report|reply|answer|summary|update|text|copy|description|post|email|message|note|notes|doc|docs|page|section|draft|what|writing|response|announcement|notice", n)
        }) {
            return None;
        }
    }
    // "… must not appear in any description": a place per item of the deliverable, which notes
    // beside it are not.
    let after = ws_of(lower.get(at..).unwrap_or_default());
    if after
        .windows(2)
        .any(|p| matches!(p, ["in", x] if crate::drift::text::in_list("any|each|every", x)))
    {
        return None;
    }
    // The quotes that end the clause: "we write "resolved" rather than "fixed", so the word
    // "fixed" …" bans "fixed".
    quote_run_end(clause).map(|(list, _)| list)
}

/// The quoted words that end a clause, joined by commas, "and" or "or" only ("… 'screenings'
/// or 'films'"), and the text before them; none where a quote is longer than three words.
fn quote_run_end(clause: &str) -> Option<(Vec<String>, &str)> {
    let mut list: Vec<String> = Vec::new();
    let mut rest = clause.trim_end();
    let mut before = rest;
    while let Some(close) = rest
        .chars()
        .next_back()
        .filter(|c| "\"'\u{201d}\u{2019}".contains(*c))
    {
        let body = rest.get(..rest.len() - close.len_utf8())?;
        // The opening quote; a single one after a letter is an apostrophe ("'can't'").
        let (open, q) = body.char_indices().rev().find(|&(i, c)| {
            matches!(c, '"' | '\u{201c}')
                || (matches!(c, '\'' | '\u{2018}')
                    && !body.get(..i).is_some_and(|b| {
                        b.ends_with(crate::drift::text::char_test(char::is_alphanumeric))
                    }))
        })?;
        let word = body.get(open + q.len_utf8()..)?.trim();
        if word.is_empty() || word.split_whitespace().count() > 3 {
            return None;
        }
        list.push(word.to_string());
        before = body.get(..open)?;
        let gap = before.trim_end_matches(&[' ', ','][..]);
        let gap = "or|and"
            .split('|')
            .find_map(|j| gap.strip_suffix(j).filter(|g| g.ends_with(' ')))
            .unwrap_or(gap)
            .trim_end_matches(&[' ', ','][..]);
        if gap.len() == before.len() || !gap.ends_with(&['"', '\'', '\u{201d}', '\u{2019}'][..]) {
            break;
        }
        rest = gap;
    }
    list.reverse();
    (!list.is_empty()).then_some((list, before))
}

/// A word ban, or one placed in a part.
fn is_ban(rule: &Rule) -> bool {
    match rule {
        Rule::PartOrWhole(_, inner) | Rule::InPart(_, inner) | Rule::ExceptPart(_, inner) => {
            is_ban(inner)
        }
        r => matches!(
            r,
            Rule::Forbids(_)
                | Rule::ForbidsAnywhere(_)
                | Rule::ProseForbids(_)
                | Rule::OwnForbids(_)
        ),
    }
}

/// "When you're talking about bus passes, say "pass", never "ticket"": a word rule for one
/// topic, where which words speak of it is a guess.
fn topic_said(lower: &str) -> bool {
    super::text::starts_with_any(
        lower.trim_start(),
        "when you're talking about|when talking about|when referring to|when you refer to|when you write about",
    )
}

/// Whether a name in the (lowercased) sentence is said to be optional right after it:
/// "`Open questions` (optional)", "'Risks' (only if any)".
fn optional_named(lower: &str, name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    // "leave Blockers out if there are none".
    ["leave ", "leaving "]
        .iter()
        .any(|v| lower.contains(&format!("{v}{name} out if")))
        || lower.match_indices(name.as_str()).any(|(i, _)| {
            // ("`## Known issues` only if there are any" says it bare too.)
            let r = lower
                .get(i + name.len()..)
                .unwrap_or_default()
                .trim_start_matches(&['`', '"', '\'', '*', '\u{201d}', '\u{2019}', ' ', '('][..]);
            r.starts_any("optional|only if|if any")
        })
        || super::text::parts(
            "leave out |leaving out |omit |omitting |skip |skipping |drop |dropping ",
        )
        .iter()
        .any(|v| {
            // "you can leave out 'Follow-ups' if there aren't any", "leaving out Open
            // questions if there aren't any".
            let marks = &['`', '"', '\'', '#', ' '][..];
            lower.match_indices(v).any(|(i, _)| {
                lower
                    .get(i + v.len()..)
                    .unwrap_or_default()
                    .trim_start_matches(marks)
                    .strip_prefix(name.as_str())
                    .is_some_and(|r| r.trim_start_matches(marks).starts_with("if "))
            })
        })
}

/// Whether a ban's subject is quoted words ("the codename 'Falcon' must not appear").
fn quoted_subject(lower: &str) -> bool {
    super::text::parts(PASSIVE_BANS).iter().any(|p| {
        lower.find(p).is_some_and(|at| {
            lower.get(..at).is_some_and(|b| {
                b.trim_end()
                    .ends_with(&['"', '\'', '\u{201d}', '\u{2019}'][..])
            })
        })
    })
}

/// Whether `line` is one quoted passage of eight words or more that the line before
/// introduces as the deliverable ("Here's the paragraph:", "Draft:"), not as someone's words
/// or an old text ("The customer wrote:", "Current copy:").
fn delivered_quote(intro: &str, line: &str) -> bool {
    let t = line.trim();
    let whole = [('"', '"'), ('\u{201c}', '\u{201d}')]
        .iter()
        .any(|&(o, c)| {
            t.strip_prefix(o)
                .and_then(|r| r.strip_suffix(c))
                .is_some_and(|inner| !inner.contains(&[o, c][..]))
        });
    whole
        && t.split_whitespace().count() >= 8
        && intro.ends_with(':')
        && (has_any_in(intro, "here's|here is") || intro.starts_with("draft"))
        && !intro.replace("here's", "here is").has("'s ")
        && !has_any_in(intro, "log|error|says|said|wrote|output|customer|user|reported|old|original|current|before|existing")
}

/// Whether a (lowercased) sentence quotes someone outside the team: "a seller left this on the
/// forum: "…"", "the customer wrote: "…"" (not a role that sets the work: "our PM said: "…""),
/// with nothing to check outside the quote.
fn quotes_another(lower: &str) -> bool {
    let Some(colon) = lower.find(&[':'][..]) else {
        return false;
    };
    let (intro, rest) = lower.split_at(colon);
    let rest = rest[1..].trim_start();
    let Some(inner) = rest
        .strip_prefix('"')
        .or_else(|| rest.strip_prefix('\u{201c}'))
        .or_else(|| rest.strip_prefix('\''))
    else {
        return false;
    };
    let close = inner
        .char_indices()
        .rev()
        .find(|(_, c)| matches!(c, '"' | '\u{201d}' | '\''))
        .map_or(inner.len(), |(i, c)| i + c.len_utf8());
    let after = inner.get(close..).unwrap_or_default();
    let ws = ws_of(intro);
    let speaks = crate::drift::text::any_word_in(&ws, "wrote|writes|said|says|asked|asks|left|posted|posts|commented|replied|emailed|messaged|tweeted|reads");
    let team = crate::drift::text::any_word_in(&ws, "i|we|our|lead|manager|pm|boss|director|editor|legal|compliance|cto|ceo|head|team|product|owner|reviewer|maintainer|maintainers");
    // A ticket's number names it ("Ticket #5630 reads: …"): no count of the intro's.
    let intro: String = intro
        .split_whitespace()
        .gather()
        .kept(|w| !w.contains(crate::drift::text::digit_char))
        .join(" ");
    speaks && !team && !cued(&intro) && !cued(after)
}

/// Whether the word at `j` opens with a quote mark (a word scan keeps an apostrophe).
fn quote_at(lower: &str, ws: &[(usize, &str)], j: usize) -> bool {
    ws.get(j).is_some_and(|&(a, x)| {
        x.starts_with('\'')
            || lower
                .get(..a)
                .is_some_and(|b| b.ends_with(&['"', '\'', '\u{201c}'][..]))
    })
}

/// A word said to be banned in one sense only ("when talking about hearings", "when you mean
/// the staff"), which the text cannot tell.
const IN_A_SENSE: &str = "when talking about|when referring to|when describing|when you talk about|when you refer to|when you mean|in the sense of";

fn word_rule(sentence: &str, lower: &str) -> Option<(bool, Vec<String>)> {
    // "Don't use the word 'exhibit' as a noun", "… 'resources' when you mean the staff":
    // which use is banned is not checkable.
    // "Don't use 'fine' loosely; in this doc it must only mean a penalty": one quoted word,
    // kept for one meaning (not "'synergy' at all, and 'charge' should only mean a fee").
    let one_sense = has_any_in(lower, "must only mean|should only mean")
        && !has_any_in(lower, " at all|anywhere")
        && {
            // (Its examples may quote it again: "(like 'looks fine')".)
            let terms = super::constraints::named_terms(sentence);
            terms
                .first()
                .is_some_and(|t| terms.iter().all(|x| x.contains(t)))
        };
    if has_any_in(lower, "as a noun|as a verb|as an adjective|as an adverb")
        || one_sense
        || (has_any_in(lower, IN_A_SENSE) && has_words_any(lower, "not|don't|never|avoid|no"))
    {
        return None;
    }
    // "… with a one-sentence summary that does not contain the word "bug"": one part's ban.
    if has_any_in(
        lower,
        "summary that does not contain|summary that doesn't contain",
    ) && has_any_in(
        lower,
        "after that|after the first|whatever wording|the rest",
    ) {
        return None;
    }
    const VERBS: &str = "include|includes|including|use|using|mention|mentioning|contain|containing|say|saying|avoid|avoiding|with";
    const NOUNS: &str = "keywords|keyword|words|word|items|terms|term|name|phrase|phrases|abbreviation|abbreviations|acronym|acronyms|expression|expressions|sentence|string|command";
    let ws = words_at(lower);
    for (k, (_, v)) in ws.iter().enumerate() {
        if !crate::drift::text::in_list(VERBS, v) {
            continue;
        }
        // verb (the|these|following|…) noun
        let mut j = k + 1;
        while ws.get(j).is_some_and(|(_, x)| {
            crate::drift::text::in_list("the|these|following|this|negative|any|of", x)
                // "include the exact phrase …" (not "end with the exact phrase …": an ending).
                || (*x == "exact" && *v != "with")
        }) {
            j += 1;
        }
        // A ban of words named by a noun phrase: "Don't mention the supplier name 'RailBook'",
        // "Avoid technical jargon, specifically the words 'deploy' …" (read only as a ban).
        let mut modified = false;
        if !word_in(&ws, j, NOUNS) {
            if word_in(&ws, j + 1, "name|word|term") {
                (j, modified) = (j + 1, true);
            } else if let Some(i) = (j + 1..j + 5).find(|&i| {
                word_in(&ws, i, "specifically|especially|particularly|namely")
                    && word_is(&ws, i + 1, "the")
                    && word_in(&ws, i + 2, NOUNS)
            }) {
                (j, modified) = (i + 2, true);
            }
        }
        let Some((at, noun)) = ws.get(j) else {
            continue;
        };
        // "use the {{NAME}} format": a placeholder, not the noun "name".
        if lower
            .get(..*at)
            .is_some_and(|b| b.ends_with(&['{', '<', '[', '$'][..]))
        {
            continue;
        }
        let quoted_next = crate::drift::text::in_list(NOUNS, noun).then_some(at + noun.len());
        let start = match quoted_next {
            Some(s) => s,
            // "Mention "Argentinian" in the post" / "avoid mentioning "photography"": a quote right after the verb.
            None => {
                let after = ws.get(k).map_or(0, |(a, w)| a + w.len());
                let rest = lower.get(after..).unwrap_or_default().trim_start();
                if !rest.starts_with(&['"', '\'', '“'][..])
                    || !crate::drift::text::in_list(
                        "mention|mentioning|include|use|say|saying|avoid|avoiding",
                        v,
                    )
                {
                    continue;
                }
                // Asked of the answer: the verb opens its clause or follows a modal, "to", a
                // negation or "you" ("mention 'X'", "you must say 'Y'"), not a description
                // ("the docs only say 'see the wiki'").
                let prev = ws
                    .get(..k)
                    .unwrap_or_default()
                    .iter()
                    .rev()
                    .map(|x| x.1)
                    .find(|w| !crate::drift::text::in_list("only|also|just|always|explicitly", w));
                let clause_start = ws.get(k).is_some_and(|&(a, _)| {
                    lower.get(..a).unwrap_or_default().trim_end().ends_with(
                        &[
                            '.', ',', ';', ':', '(', '!', '?', '\n', '\u{2014}', '\u{2013}',
                        ][..],
                    )
                });
                let asked = prev.is_none()
                    || clause_start
                    || prev.is_some_and(|p| {
                        crate::drift::text::in_list("you|must|should|shall|will|to|please|do|don't|dont|not|never|and|or|then|avoid|without|can|may|could|would|also", p)
                            || p.ends_with("n't")
                    });
                if !asked {
                    continue;
                }
                after
            }
        };
        if *v == "with" && quoted_next.is_none() {
            continue;
        }
        let before = lower
            .get(..ws.get(k).map_or(0, |x| x.0))
            .unwrap_or_default();
        let clause = before.rsplit(&[',', ';'][..]).next().unwrap_or_default();
        let negated = if crate::drift::text::in_list("avoid|avoiding", *v) {
            true
        } else {
            let n = governs(&words_at(clause))?;
            // "Do not, under any circumstances, use the words …": a negation before the comma
            // may govern the verb; unclear, so unread.
            let earlier = words_at(
                before
                    .get(..before.len() - clause.len())
                    .unwrap_or_default(),
            );
            if !n && (0..earlier.len()).any(|j| negation_at(&earlier, j)) {
                return None;
            }
            n
        };
        if modified && !negated {
            continue;
        }
        // "Don't use the word "very" too often" bounds nothing that can be checked.
        let at = ws.get(k).map_or(0, |x| x.0);
        // Required words may be softened too ("unless it feels forced", "if you like"), or only
        // permitted ("you may include", "feel free to use").
        // "Avoid the term "apheresis"; if you really must use it, explain it": allowed on a
        // condition.
        let if_must = || {
            has_any_in(
                lower,
                "if you must use it|if you really must use it|if you have to use it|if you do use it",
            )
        };
        // ("In code comments, don't use 'TODO'": a place the sentence opens with.)
        let code_first = || {
            super::text::starts_with_any(
                lower.trim_start(),
                "in code|in comments|in the code|in docstrings|in log messages",
            )
        };
        if hedged(lower, at)
            || (negated && (scoped(lower, at) || if_must() || code_first()))
            || (!negated && permitted(&ws, k))
        {
            return None;
        }
        // "Include the phrase 'no customer impact' if, and only if, no member was affected":
        // whether the condition held is not known from the text.
        if !negated && condition_follows(lower.get(at..).unwrap_or_default()) {
            return None;
        }
        // Words after a count ("the word river at least 3 times", "do not use the word "the" more
        // than 5 times") are counted, not listed.
        let tail = sentence.get(start..).unwrap_or_default();
        let tail_lower = lower.get(start..).unwrap_or_default();
        if has_any_in(
            tail_lower.split(&['.', ';'][..]).next().unwrap_or_default(),
            " times| at least| at most| less than| more than| once| twice",
        ) {
            continue;
        }
        // "Use 'select', never 'click'": the list ends where another verb or a negation starts.
        // "don't use the word "hack", say "workaround"": the word to use instead.
        // A dash opens another clause: "avoid the word 'hack' — say 'workaround'".
        let end = crate::drift::text::first_of(tail_lower, ", never| never |, not | not | instead| rather than|, use |, prefer|, say |, write |, call | and call | and say | and use | and write | we say | we use | only say |; | \u{2014} | \u{2013} | -- | - | in '| in \"")
        .unwrap_or(tail.len());
        // "don't use the word 'closed': marketing wants 'not operating'": a colon after the
        // quoted word opens a clause of its own.
        // (Up to another ban after it: "…: say 'removal', and don't say 'legacy' either".)
        let gap = tail_lower
            .match_indices(": ")
            .find(|(i, _)| {
                tail_lower
                    .get(..*i)
                    .is_some_and(|h| h.ends_with(&['\'', '"', '`', '\u{201d}'][..]))
            })
            .map(|(i, _)| {
                let next = tail_lower.get(i..).and_then(|r| {
                    crate::drift::text::first_of(r, "don't |do not |never |avoid |nor ")
                });
                (i, next.map_or(end, |j| i + j).min(end))
            })
            .filter(|(i, _)| *i < end);
        // "with the name of your mode, for example 'ask agent'": an example, not the words
        // asked for (an example of banned words is banned: "negative words such as 'sad'").
        let first_quote = tail_lower
            .find(&['"', '\'', '`', '\u{201c}'][..])
            .unwrap_or(0);
        if !negated && exemplified(tail_lower.get(..first_quote).unwrap_or_default()) {
            continue;
        }
        let listed = match gap {
            Some((i, j)) => [
                tail.get(..i).unwrap_or_default(),
                " ",
                tail.get(j..end).unwrap_or_default(),
            ]
            .concat(),
            None => tail.get(..end).unwrap_or(tail).to_string(),
        };
        let listed = listed.trim_start_matches(&[':', ' '][..]);
        // "include the exact sentence "…"", "contain the string `…`": what is quoted, asked
        // of the reply (not "say the following sentence more politely", "use sentence case").
        let exact = crate::drift::text::in_list("sentence|string|command", noun);
        let list = if exact {
            let q = quoted(listed);
            // A code span right after the noun: "the exact command `make x`" (not "in a
            // fenced ```bash block").
            let spanned = listed.starts_with('`') && !listed.starts_with("``");
            let q = if q.is_empty() && spanned {
                super::text::code_spans(listed)
                    .into_iter()
                    .filter(|c| !c.trim().is_empty())
                    .map(String::from)
                    .gather()
            } else {
                q
            };
            if !crate::drift::text::in_list("include|includes|contain|containing|mention", v) {
                continue;
            }
            q
        } else {
            word_list(listed)
        };
        // "Use 'sign-in' instead of 'login'": neither a word asked (the answer may never speak
        // of it) nor one banned (a report of the change names the old word), so neither read.
        if !negated
            && crate::drift::text::in_list("use|using|say|saying", v)
            && tail_lower
                .get(end..)
                .is_some_and(|r| super::text::starts_with_any(r, " instead of | rather than "))
        {
            continue;
        }
        if !list.is_empty() && list.len() <= 16 {
            return Some((negated, list));
        }
    }
    None
}

/// Whether the quoted phrase a sentence's rest asks for is asked under a condition right after
/// it ("'no customer impact' if, and only if, no member was affected", "'X' unless …").
fn condition_follows(rest: &str) -> bool {
    let mut plain = String::with_capacity(rest.len());
    let mut inside = false;
    // Where the first quoted phrase closes, in `plain`.
    let mut closed = None;
    for c in rest.chars() {
        let quote = matches!(c, '"' | '\'' | '`' | '\u{201c}' | '\u{201d}')
            // An apostrophe after a letter ("don't") opens no quote.
            && (inside || c != '\'' || !plain.ends_with(crate::drift::text::char_test(char::is_alphanumeric)));
        if quote {
            inside = !inside;
        }
        plain.push(if inside || quote { ' ' } else { c });
        if quote && !inside && closed.is_none() {
            closed = Some(plain.len());
        }
    }
    // Right after the quoted phrase: not "… at the end and say whether the tests passed".
    let after = closed.and_then(|at| plain.get(at..)).unwrap_or_default();
    matches!(
        ws_of(after).as_slice(),
        ["if" | "unless", ..] | ["only", "if", ..]
    )
}

/// Whether the verb at `k` is only permitted ("you may include", "you can use", "feel free to
/// mention", "optionally include"), not asked for.
fn permitted(ws: &[(usize, &str)], k: usize) -> bool {
    let w = |j: usize| ws.get(j).map_or("", |x| x.1);
    // "can you include …?" asks; "you can include" permits.
    (k.saturating_sub(3)..k).any(|j| match w(j) {
        "may" | "might" | "optionally" | "free" => true,
        "can" | "could" => !word_is(ws, j + 1, "you"),
        _ => false,
    })
}

/// Whether a negation governs the verb that follows `clause` (its words up to the verb):
/// `Some(true)` for "do not", "never", "without", "refrain from", "avoid", "no" right before it
/// or a negation with only auxiliaries and fillers between ("do not write anything that
/// includes"); `Some(false)` with none, or one that governs a verb meaning the opposite ("don't
/// forget to include", "do not fail to mention"); `None` where it governs something else ("it
/// is not necessary to include"): unclear, so unread.
fn governs(clause: &[(usize, &str)]) -> Option<bool> {
    const BETWEEN: &str = "do|does|should|must|can|will|to|please|ever|even|use|write|say|include|mention|any|anything|that|which|make|sure|be|from|you";
    let w = |j: usize| clause.get(j).map_or("", |x| x.1);
    let n = clause.len();
    for j in (0..n).rev() {
        let x = w(j);
        let negator = negation_at(clause, j)
            || crate::drift::text::in_list("without|refrain|avoid|avoiding", x)
            || (x == "no" && j + 1 == n);
        if !negator {
            continue;
        }
        let between = (j + 1..n).map(w);
        return if between
            .clone()
            .all(|b| crate::drift::text::in_list(BETWEEN, b))
        {
            Some(true)
        } else if between
            .into_iter()
            .any(|b| crate::drift::text::in_list("forget|fail|hesitate|neglect|omit", b))
        {
            Some(false)
        } else {
            None
        };
    }
    Some(false)
}

/// The word counted in "use the word river at least", "the word 'kettle' should appear",
/// "mention the keyword 'budget' for more than".
fn counted_word(head: &str) -> Option<String> {
    // "mention 'deprecated' no more than", "use \"synergy\" at least": a quoted word right
    // after a verb of use, then only the bound.
    if let Some(q) = quoted(head).into_iter().last() {
        let q_lower = q.lower();
        if let Some(i) = head.rfind(&q_lower) {
            let before: Vec<&str> =
                crate::drift::text::alnum_words(head.get(..i).unwrap_or_default());
            let after_only_bound = head
                .get(i + q_lower.len()..)
                .unwrap_or_default()
                .split(crate::drift::text::not_alnum_char)
                .filter(|w| !w.is_empty())
                .all(|w| {
                    number(w).is_some()
                        || crate::drift::text::in_list(
                            "at|least|most|no|more|fewer|less|than|exactly|only|up|to",
                            w,
                        )
                });
            let used = before.last().is_some_and(|w| {
                crate::drift::text::in_list("mention|use|say|include|repeat|write|term|phrase", w)
            });
            // The count is of the text wherever it occurs (as IFEval counts): a short word
            // ("AI", "any") would be counted inside others, so only words of five letters or more.
            let long = q.chars().filter(|c| c.is_alphabetic()).count() >= 5;
            if used && after_only_bound && long && (1..=3).contains(&q.split_whitespace().count()) {
                return Some(q);
            }
        }
    }
    for cue in "keyword |word ".split('|') {
        if let Some(i) = head.rfind(cue) {
            let tail = head.get(i + cue.len()..).unwrap_or_default().trim_start();
            if let Some(q) = quoted(tail).into_iter().next() {
                return Some(q);
            }
            let w: String = tail
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-')
                .gather_text();
            let next = tail.get(w.len()..).unwrap_or_default().trim_start();
            // "the word river at least" / "the word kettle should appear" / "the word moss to be
            // used at least" / "the word moss must be used"
            if !w.is_empty()
                && (next.starts_any(
                    "at |should|must|for |more|less|appear|to be used|to appear|is used|used",
                ))
            {
                return Some(w);
            }
        }
    }
    None
}

/// Whether the words just before byte `at` negate what follows ("don't skip", "do not ignore").
fn negated_at(lower: &str, at: usize) -> bool {
    let before = lower.get(..at).unwrap_or_default().trim_end();
    super::text::ends_with_any(before, "don't|do not|never|not|dont")
}

/// The phrases an opening rule accepts, one or several.
fn openings(rule: &Rule) -> &[String] {
    match rule {
        Rule::StartsWithOneOf(ps) => ps.as_slice(),
        Rule::StartsWith(p) => std::slice::from_ref(p),
        _ => &[],
    }
}

/// Sentences of the message (and its lines: a constraint is often a line of its own).
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut start = 0;
        let b = line.as_bytes();
        for (i, c) in line.char_indices() {
            // A quote closed right after the stop ends the sentence with it: "… end with
            // 'No legal advice.' Put the draft …".
            let close = line
                .get(i + 1..)
                .and_then(|r| r.chars().next())
                .filter(|q| matches!(q, '\'' | '"' | '\u{2019}' | '\u{201d}'))
                .map_or(0, char::len_utf8);
            // … and a capital opens the next ("'Thanks.' in the email" goes on).
            let close = if close > 0
                && line
                    .get(i + 1 + close..)
                    .is_some_and(|r| !r.trim_start().starts_with(crate::drift::text::upper_char))
            {
                usize::MAX
            } else {
                close
            };
            let Some(stop) = (i + 1).checked_add(close) else {
                continue;
            };
            if matches!(c, '.' | '!' | '?')
                && b.get(stop).is_none_or(|n| *n == b' ')
                && !line.get(..i).unwrap_or_default().ends_with("P.S")
                && !line.get(..i).unwrap_or_default().ends_with("P.P.S")
                && !line.get(..i + 1).unwrap_or_default().ends_with("e.g.")
                && !line.get(..i + 1).unwrap_or_default().ends_with("i.e.")
            {
                // Keep a sentence whose quoted phrase ends in . ? ! whole.
                let s = line.get(start..stop).unwrap_or_default();
                // So is a code span's ("`Summary for Dr. Okafor:`"), and a title's ("Dr. Ng").
                // (A fence's three marks open no span: "no ``` anywhere".)
                let ticks = |t: &str| t.replace("```", "").matches('`').count();
                let open = s.matches('"').count() % 2 == 1
                    || (ticks(s) % 2 == 1 && line.get(stop..).is_some_and(|r| ticks(r) > 0));
                let title = c == '.'
                    && super::text::parts("Dr|Mr|Mrs|Ms|Prof").iter().any(|t| {
                        s.strip_suffix('.').is_some_and(|h| {
                            h.strip_suffix(t)
                                .is_some_and(|h| h.is_empty() || h.ends_with(&[' ', '(', '"'][..]))
                        })
                    })
                    && line.get(stop..).is_some_and(|r| {
                        r.trim_start().starts_with(crate::drift::text::upper_char)
                    });
                if open || title {
                    continue;
                }
                out.push(s);
                start = stop;
            }
        }
        let rest = line.get(start..).unwrap_or_default();
        if !rest.trim().is_empty() {
            out.push(rest);
        }
    }
    out
}

// ---- checks, as the IFEval checker defines them -------------------------------------------

/// `\w+` runs (Unicode letters, digits, underscore).
fn word_count(text: &str) -> usize {
    let mut n = 0;
    let mut inside = false;
    for c in text.chars() {
        let w = c.is_alphanumeric() || c == '_';
        if w && !inside {
            n += 1;
        }
        inside = w;
    }
    n
}

/// Questions a text asks: runs of `?` that end a sentence, outside fenced blocks, block
/// quotes, code spans and double quotes (a quoted question is shown, not asked).
fn questions(text: &str, drafted: bool) -> Option<usize> {
    // (A heading or a table row asks nothing: "## What happened?", "| Done? |".)
    let lines: Vec<&str> = lists::outside_fences(text)
        .gather()
        .kept(|l| !l.trim_start().starts_with(&['>', '#', '|'][..]));
    // Under a "Questions" label, those it lists: an FAQ's questions before it are the text's.
    let label = lines.iter().rposition(|l| {
        let t = l
            .trim()
            .trim_matches(&['#', '*', '_', ':', ' '][..])
            .to_ascii_lowercase();
        t.split_whitespace().count() <= 4 && (t.starts_any("question|open question"))
    });
    if drafted && label.is_none() {
        return None;
    }
    let n = lines
        .get(label.map_or(0, |i| i + 1)..)
        .unwrap_or_default()
        .iter()
        .map(|l| {
            // Quotes and code spans ask nothing ("\"Is it vegan?\"", "`a?`").
            let (mut quoted, mut code, mut n, mut prev) = (false, false, 0, ' ');
            for (i, c) in l.char_indices() {
                match c {
                    '`' => code = !code,
                    '"' | '\u{201c}' | '\u{201d}' if !code => {
                        quoted = c == '\u{201c}' || (c == '"' && !quoted)
                    }
                    // After a word: not Rust's `?` or a regex's `/?` in prose.
                    '?' if !quoted
                        && !code
                        && (prev.is_alphanumeric()
                            || matches!(prev, ')' | '*' | '_' | '`' | '"' | '\'' | '\u{201d}'))
                        && l.get(i + 1..)
                            .and_then(|r| r.chars().next())
                            .is_none_or(|x| {
                                x.is_whitespace() || matches!(x, '?' | ')' | '*' | '_')
                            }) =>
                    {
                        n += 1;
                    }
                    _ => {}
                }
                prev = c;
            }
            n
        })
        .sum();
    Some(n)
}

/// Whether a choice's conditions cover every case ("`Approved.` if you approve, or `Changes
/// requested.` if not"): one of the phrases stands, whichever holds.
fn every_branch(lower: &str) -> bool {
    has_any_in(lower, " if not|otherwise| else|if you don't|if you do not|if it doesn't|if it does not|if it isn't|if it is not|if they don't")
}

/// Whether `rest` opens with a day's number and a month ("12 April", "3rd Mar").
fn dated_next(rest: &[char]) -> bool {
    let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
    let tail: String = rest
        .iter()
        .skip(digits)
        .take(16)
        .copied()
        .gather_text()
        .lower();
    let tail = super::text::strip_any(&tail, "st |nd |rd |th ").unwrap_or(tail.trim_start());
    (1..=2).contains(&digits)
        && tail.get(..3).is_some_and(|m| {
            crate::drift::text::in_list("jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec", m)
        })
}

/// Whether a word is a ticket key ("TT-231", "(BO-1215),"): capitals, a hyphen, digits.
fn ticket_key(word: &str) -> bool {
    let w = word.trim_matches(super::text::not_ascii_alnum_char);
    w.split_once('-').is_some_and(|(k, n)| {
        k.len() >= 2
            && k.bytes().all(|b| b.is_ascii_uppercase())
            // (Three digits or more: "COVID-19" and "GPT-4" name things, not tickets.)
            && n.len() >= 3
            && n.bytes().all(|b| b.is_ascii_digit())
    })
}

/// Sentences as terminators: `.`, `!`, `?` (runs once) not inside a number, an ellipsis, a
/// common abbreviation or an initial, plus a last unterminated fragment. Line breaks do not end
/// sentences.
fn sentence_count(text: &str) -> usize {
    const ABBREVIATIONS: &str =
        "mr|mrs|ms|dr|st|vs|etc|e.g|i.e|jr|sr|prof|incl|approx|esp|min|max|al|cf";
    let chars: Vec<char> = text.chars().gather();
    let mut n = 0;
    let mut pending = false;
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        if matches!(c, '.' | '!' | '?') {
            let mut j = i;
            while chars
                .get(j + 1)
                .is_some_and(|x| matches!(x, '.' | '!' | '?'))
            {
                j += 1;
            }
            let run = j - i + 1;
            let next = chars.get(j + 1).copied();
            let prev_word: String = chars
                .get(..i)
                .unwrap_or_default()
                .iter()
                .rev()
                .take_while(|x| x.is_alphanumeric() || **x == '.')
                .copied()
                .gather_text()
                .chars()
                .rev()
                .gather_text()
                .lower();
            let in_number = c == '.'
                && next.is_some_and(|x| x.is_ascii_digit())
                && i > 0
                && chars.get(i - 1).is_some_and(|x| x.is_ascii_digit());
            // A line ends its sentence ("capped at 300 s.\nI verified …").
            // "5 min. Then …": a unit cut short ends its sentence before a capital.
            let unit_ends = crate::drift::text::in_list("min|max", prev_word.as_str())
                && chars.get(j + 2).is_some_and(|x| x.is_uppercase());
            let abbreviation = c == '.'
                && run == 1
                && next != Some('\n')
                && !unit_ends
                && (crate::drift::text::in_list(ABBREVIATIONS, prev_word.as_str())
                    // (Not a degree's unit: "-18.1°C.")
                    || (prev_word.chars().count() == 1
                        && prev_word.chars().all(char::is_alphabetic)
                        && chars.get(i.wrapping_sub(2)) != Some(&'\u{b0}')));
            // "Art. 28", "No. 5", "Fig. 3": a short capitalised word and a number after.
            let numbered = c == '.'
                && run == 1
                && next.is_some_and(char::is_whitespace)
                && chars.get(j + 2).is_some_and(char::is_ascii_digit)
                && crate::drift::text::in_list(
                    "art|no|nos|fig|sec|sect|vol|vols|ch|pp|eq|ref|op|dept|rm|bldg|apt|ext|para|fl|flr",
                    prev_word.as_str(),
                );
            // "between Mon. and Sun. of each week", "due Sept. 3": a capitalised day or month
            // cut short, the sentence going on in lower case or a number.
            let dated = c == '.'
                && run == 1
                && next.is_some_and(char::is_whitespace)
                && chars
                    .get(i.saturating_sub(prev_word.chars().count()))
                    .is_some_and(|x| x.is_uppercase())
                && chars.get(j + 2).is_some_and(|x| {
                    // A day before a lower-case word or a date ("Sat. 12 April", not "the
                    // Sun. 3 panels failed"); a month before a day's number too.
                    (x.is_lowercase() || dated_next(chars.get(j + 2..).unwrap_or_default()))
                        && crate::drift::text::in_list(
                            "mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun",
                            prev_word.as_str(),
                        )
                        || (x.is_lowercase() || x.is_ascii_digit())
                            && crate::drift::text::in_list(
                                "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec",
                                prev_word.as_str(),
                            )
                });
            // "the 7 p.m. show", "the U.S. office": a dotted abbreviation before a lower-case
            // word goes on.
            let dotted = c == '.'
                && run == 1
                && prev_word.contains('.')
                && prev_word.split('.').all(|p| p.chars().count() <= 2)
                && next.is_some_and(|x| x == ' ')
                && chars.get(j + 2).is_some_and(|x| x.is_lowercase());
            // "the J. Hist. Med. Allied Sci. backfile": a chain of short capitalised words cut
            // short, the next one cut short too or the sentence going on in lower case.
            let chained = c == '.'
                && run == 1
                && next == Some(' ')
                && (2..=4).contains(&prev_word.chars().count())
                && prev_word.chars().all(|c| c.is_ascii_alphabetic())
                && chars
                    .get(i - prev_word.chars().count())
                    .is_some_and(|x| x.is_ascii_uppercase())
                && {
                    // A short capitalised word cut short: "Hist.", "J.".
                    let cut = |w: &str| {
                        let letters = w.trim_end_matches('.');
                        w.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                            && w.ends_with('.')
                            && (1..=4).contains(&letters.chars().count())
                            && letters.chars().all(|c| c.is_ascii_alphabetic())
                    };
                    // The word after the space, and the one before the previous word (as
                    // slices: the module's own iterator chain for each was 500 bytes).
                    let tail = chars.get(j + 2..).unwrap_or_default();
                    let end = tail.iter().position(|x| x.is_whitespace());
                    let after: String = tail
                        .get(..end.unwrap_or(tail.len()))
                        .unwrap_or_default()
                        .iter()
                        .copied()
                        .gather_text();
                    let start = i - prev_word.chars().count();
                    let head = chars.get(..start.saturating_sub(1)).unwrap_or_default();
                    let from = head.iter().rposition(|x| x.is_whitespace());
                    let before: String = head
                        .get(from.map_or(0, |p| p + 1)..)
                        .unwrap_or_default()
                        .iter()
                        .copied()
                        .gather_text();
                    cut(&after)
                        || (start > 0 && cut(&before))
                        || after.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                };
            let ellipsis = c == '.' && run >= 3;
            // A full stop with a space before it is a path ("docker build -t app ."), not an end.
            let lone = c == '.'
                && run == 1
                && i > 0
                && chars.get(i - 1).is_some_and(|x| x.is_whitespace());
            let ends =
                next.is_none_or(|x| x.is_whitespace() || matches!(x, '"' | '\'' | '”' | ')' | '*'));
            // A quoted title's mark: "the entry "Can I bring a guest?" still says …".
            let quoted_on = matches!(next, Some('"' | '\u{201d}'))
                && chars.get(j + 2).is_some_and(|x| *x == ' ')
                && chars.get(j + 3..).is_some_and(|r| {
                    r.iter()
                        .take_while(|x| x.is_alphabetic())
                        .all(|x| x.is_lowercase())
                })
                && chars.get(j + 3).is_some_and(|x| x.is_lowercase());
            if ends
                && !in_number
                && !abbreviation
                && !numbered
                && !dated
                && !dotted
                && !chained
                && !ellipsis
                && !lone
                && !quoted_on
            {
                n += 1;
                pending = false;
            }
            i = j + 1;
            continue;
        }
        if c.is_alphanumeric() {
            pending = true;
        }
        i += 1;
    }
    n + usize::from(pending)
}

/// Whether a sentence that bans bullets bans numbered lists too ("no bullet points or
/// numbered lists", "no bullets or numbered steps").
fn no_numbered(lower: &str) -> bool {
    has_any_in(
        lower,
        "or numbered|nor numbered|or a numbered|no numbered|or numbering",
    )
}

/// "No bullet points", "without bullets", "avoid bulleted lists", "do not use bullet points":
/// a ban on bullets, not a bound on them ("no more than 3 bullets" is read as a count).
fn no_bullets(lower: &str, ws: &[(usize, &str)]) -> bool {
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    // "No bullet lists, except in a final `Files changed` section": where they may stand is
    // not read, so the ban is not.
    if has_any_in(lower, " except|exception") {
        return false;
    }
    // The words opening a sentence that states the answer's form.
    const OPENERS: &str = "no|don't|do|dont|don|avoid|never|please|write|answer|reply|respond|keep|use|describe|summarize|summarise|explain|give|return|format|present";
    if !word_in(ws, 0, OPENERS) {
        return false;
    }
    ws.iter().enumerate().any(|(k, &(at, word))| {
        if !word.starts_with("bullet") {
            return false;
        }
        // The ban ends its clause ("no bullet points.", "… without bullets, in prose"), or names
        // where ("in your answer"): "the bullet points from the old template" are a thing.
        let mut end = k + 1;
        if word_in(ws, end, "point|points|list|lists") {
            end += 1;
        }
        let gap_end = ws.get(end).map_or(lower.len(), |x| x.0);
        let last = ws.get(end - 1).map_or(at + word.len(), |x| x.0 + x.1.len());
        let gap = lower.get(last..gap_end).unwrap_or_default();
        let closes = end >= ws.len()
            || gap.contains(&['.', ',', ';', ':', '\u{2014}', ')'][..])
            || (word_is(ws, end, "in") && word_in(ws, end + 1, "your|the|this|my"))
            || word_in(ws, end, "please|anywhere|at|or|and|nor");
        // "One paragraph (no bullets), then the steps as bullet points": a list asked for after
        // the ban, which is the first part's (a checklist's `- [ ]` items are no bullets).
        if !closes
            || has_any_in(
                lower
                    .get(last..)
                    .unwrap_or_default()
                    .split([';', '.'])
                    .next()
                    .unwrap_or_default(),
                // ("…in one paragraph (no bullets), then list the new owners".)
                "bulleted|bullet list|bullet point|as bullets|then list |then a list",
            )
        {
            return false;
        }
        // Back over the words that may stand between the ban and its object.
        let mut j = k;
        while j > 0 && word_in(ws, j - 1, "any|a|the|markdown|of") {
            j -= 1;
        }
        let Some(before) = j.checked_sub(1) else {
            return false;
        };
        // Words of their own: "no_bullets" or "`no` bullets" is a name.
        let gap = ws
            .get(before)
            .and_then(|&(b, x)| lower.get(b + x.len()..at))
            .unwrap_or_default();
        if !gap.chars().all(char::is_whitespace) && j == k {
            return false;
        }
        match w(before) {
            "no" | "without" | "avoid" | "avoiding" => true,
            "use" | "using" | "include" | "add" => {
                before > 0 && (negation_at(ws, before - 1) || word_is(ws, before - 1, "t"))
            }
            _ => false,
        }
    })
}

/// "As a numbered list", "in a numbered list", "return a numbered list of …": the form of the
/// answer, asked for (not negated: "not as a numbered list"; not a thing named: "the numbered
/// list in `README.md`").
fn asks_numbered_list(ws: &[(usize, &str)]) -> bool {
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    ws.iter().enumerate().any(|(k, (_, word))| {
        if *word != "numbered" || !word_is(ws, k + 1, "list") || k < 2 || !word_is(ws, k - 1, "a") {
            return false;
        }
        let lead = w(k - 2);
        // The sentence asks for the answer: it opens with an answer verb ("Return a numbered
        // list of …", "Name the three risks as a numbered list"), not a change ("Fix the bug where
        // code blocks in a numbered list …", "Replace the paragraph with a numbered list").
        let answer_verb = |x: &str| {
            crate::drift::text::in_list("return|give|list|name|answer|reply|respond|report|summarize|summarise|present|provide|produce|rank|enumerate|identify|suggest|propose|outline|write|explain|describe|format|show", x)
        };
        let opener = if word_is(ws, 0, "please") { w(1) } else { w(0) };
        let asked = crate::drift::text::in_list("as|in|with|return|give|provide|produce", lead)
            && answer_verb(opener)
            // "Use a numbered list for the steps.": the sentence's own ask.
            || (k == 2 && lead == "use" && ws.len() <= 8);
        asked && !(k.saturating_sub(5)..k.saturating_sub(2)).any(|j| negation_at(ws, j))
    })
}

/// The first bullet list line of `text` outside fenced code (a diff's or a YAML file's lines
/// are code, not a list).
fn bullet_line(text: &str, numbered: bool) -> Option<String> {
    lists::outside_fences(text)
        .map(str::trim_start)
        .find(|t| {
            (super::text::starts_with_any(t, "- |* |\u{2022} |+ ")
                && !super::text::starts_with_any(t, "- [ ]|- [x]|* [ ]|* [x]"))
                || (numbered && {
                    let d = t.bytes().take_while(u8::is_ascii_digit).count();
                    (1..=2).contains(&d) && t.get(d..).is_some_and(|r| r.starts_any(". |) "))
                })
        })
        .map(|t| t.chars().take(80).gather_text())
}

/// The first Markdown ATX heading line outside fenced blocks ("## Findings"); "#123" and a
/// "#!" line are none.
fn heading_line(text: &str) -> Option<String> {
    lists::outside_fences(text)
        // Four spaces or a tab indent code ("    # regenerate the lockfile").
        .filter(|l| !l.starts_with("    ") && !l.starts_with('\t'))
        .map(str::trim_start)
        .find(|t| {
            let level = t.chars().take_while(|&c| c == '#').count();
            (1..=6).contains(&level)
                && t.get(level..)
                    .is_some_and(|r| r.starts_with(' ') && r.chars().any(char::is_alphanumeric))
        })
        .map(|t| t.chars().take(80).gather_text())
}

/// A ban on the answer's headings, at the start of its clause: "no markdown headings", "plain
/// text please, no headings — it goes into a ticket", "reply without headings", "don't use any
/// headings". Not a thing named ("no headings deeper than ###", "no new headings in the
/// README": the clause goes on, or another word stands between).
fn no_headings(lower: &str, ws: &[(usize, &str)]) -> bool {
    // "…, with one exception: a migration plan may go under a single heading": which heading
    // may stand is not checked, so the ban is not.
    form_banned(lower, ws, "headings", "any|the|markdown|md")
        && !crate::drift::text::first_of(lower, "exception|except ")
            .is_some_and(|i| lower.get(i..).is_some_and(|r| r.has("heading")))
}

/// A ban on URLs in the answer: "no URLs or links in the report", "don't include any links",
/// "no raw URLs please". Not one with an exception or a scope ("no URLs except the dashboard
/// link", "no external links", "no links to staging").
fn no_urls(lower: &str, ws: &[(usize, &str)]) -> bool {
    let excepted = crate::drift::text::contains_any(
        lower,
        "except|other than|unless|apart from|besides|only |external|internal",
    );
    !excepted
        && form_banned(
            lower,
            ws,
            "urls|links|hyperlinks",
            "any|the|raw|full|web|http|https|or|urls|links|example",
        )
}

/// A ban on exclamation marks in the answer: "no exclamation marks", "don't use exclamation
/// points", "must not contain exclamation marks" (not "ideally no …").
fn no_exclamations(lower: &str) -> bool {
    if !lower.has("exclamation") {
        return false;
    }
    let l = "exclamation marks|exclamation mark|exclamation points|exclamation point"
        .split('|')
        .fold(lower.to_string(), |t, p| t.replace(p, "exclamations"));
    let at = l.find_str("exclamations").unwrap_or(0);
    (form_banned(&l, &words_at(&l), "exclamations", "any|the")
        || has_any_in(&l, "not contain exclamations|not contain any exclamations|n't contain exclamations|n't contain any exclamations"))
        && !hedged(&l, at)
}

/// A message that asks for a link somewhere ("put the link after `Speaker notes:`", "links to
/// files are fine"): a ban on URLs then holds for a part the result may not mark.
fn invites_a_link(lower: &str) -> bool {
    let ws = words_at(lower);
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    (0..ws.len()).any(|i| {
        let link = |x: &str| crate::drift::text::in_list("link|links|url|urls", x);
        (word_in(&ws, i, "put|add|include|paste|keep|leave")
            && (link(w(i + 1)) || (word_in(&ws, i + 1, "the|a") && link(w(i + 2))))
            && !(i.saturating_sub(3)..i).any(|j| negation_at(&ws, j) || word_is(&ws, j, "no")))
            || (link(w(i))
                && matches!((w(i + 1), w(i + 2)), ("are" | "is", "fine" | "ok" | "okay")))
            // "…, then a list of the merged PRs with their URLs".
            || (word_is(&ws, i, "with")
                && word_in(&ws, i + 1, "their|its")
                && link(w(i + 2)))
    })
}

/// A ban on a form of the answer named by `nouns`, at the start of its clause ("…, no X", "no
/// X."), after "without"/"avoid", or after a negated "use"/"include"/"add"/"put"/"paste"; the
/// clause ends after the noun (or names the answer: "in your report"). `fillers` may stand
/// between the ban and the noun.
fn form_banned(
    lower: &str,
    ws: &[(usize, &str)],
    nouns: &'static str,
    fillers: &'static str,
) -> bool {
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    // Punctuation between word `i - 1` and word `i`: a clause starts at `i`.
    let starts_clause = |i: usize| {
        i == 0 || {
            let (b, x) = ws.get(i - 1).copied().unwrap_or_default();
            let at = ws.get(i).map_or(lower.len(), |y| y.0);
            lower
                .get(b + x.len()..at)
                .is_some_and(|g| g.contains(&[',', ';', ':', '.', '(', '\u{2014}'][..]))
                || word_in(ws, i - 1, "so|and|please|but|-|--")
        }
    };
    ws.iter().enumerate().any(|(k, &(at, word))| {
        if !crate::drift::text::in_list(nouns, word) {
            return false;
        }
        let gap_end = ws.get(k + 1).map_or(lower.len(), |x| x.0);
        let gap = lower.get(at + word.len()..gap_end).unwrap_or_default();
        let closes = k + 1 >= ws.len()
            || gap.contains(&['.', ',', ';', ':', '\u{2014}', ')', '(', '!'][..])
            || w(k + 1).chars().all(|c| c == '-')
            || (word_is(ws, k + 1, "in") && word_in(ws, k + 2, "your|the|this|my"))
            || word_in(ws, k + 1, "please|anywhere|at|or|and|nor");
        if !closes {
            return false;
        }
        let mut j = k;
        while j > 0
            && (crate::drift::text::in_list(fillers, w(j - 1))
                || crate::drift::text::in_list(nouns, w(j - 1)))
        {
            j -= 1;
        }
        let Some(before) = j.checked_sub(1) else {
            return false;
        };
        // "Users report the pages render as plain text: no headings, no links": a description
        // before the colon, not a rule.
        let described = || {
            // The clause's last 200 bytes at most: a long message stays linear.
            let end = ws.get(before).map_or(0, |x| x.0);
            let mut from = end.saturating_sub(200);
            while !lower.is_char_boundary(from) {
                from -= 1;
            }
            let head = lower.get(from..end).unwrap_or_default();
            head.rfind(':').is_some_and(|c| {
                ws_of(head.get(..c).unwrap_or_default()).iter().any(|x| {
                    super::text::starts_with_any(x, "render|report|appear|show|come|look|display")
                })
            })
        };
        match w(before) {
            "no" => starts_clause(before) && !described(),
            // "Reply in plain text without headings", not "the changelog comes out without".
            "without" => (before.saturating_sub(6)..before)
                .any(|j| word_in(ws, j, "reply|write|answer|respond|report|format|text")),
            "avoid" => true,
            "use" | "using" | "include" | "add" | "put" | "paste" => {
                before > 0 && (negation_at(ws, before - 1) || word_is(ws, before - 1, "t"))
            }
            _ => false,
        }
    })
}

/// The first American spelling in the prose (code, quotes and names left out): a word from a
/// short list of forms British English does not use ("color", "behavior", "canceled",
/// "catalog") or an "-ize" form of a verb British spelling writes with "-ise" ("optimize",
/// "authorization").
fn american_spelling(text: &str) -> Option<String> {
    // ("center", "gray" and "analyze" are CSS values and commands too often.)
    const WORDS: &str =
        "color|behavior|favorite|honor|labor|neighbor|flavor|humor|catalog|canceled|canceling|traveled|modeling";
    const IZE: &str = "optim|author|organ|custom|priorit|normal|initial|util|sanit|anonym|summar|recogn|real|minim|maxim|standard|synchron|categor|final|visual|character|special";
    let prose = prose_of(text);
    // (Quoted lines and table rows hold names and labels: "| Base Color | `_BaseColor` |".)
    for line in prose.lines() {
        if line.trim_start().starts_with(&['>', '|'][..]) {
            continue;
        }
        let mut quote = false;
        let tokens: Vec<&str> = line.split_whitespace().gather();
        for (i, token) in tokens.iter().copied().enumerate() {
            // A name's word: "the Authorization header", "justify-content: center".
            let next = tokens.get(i + 1).map(|t| t.to_ascii_lowercase());
            if next.is_some_and(|n| n.starts_with("header"))
                || i.checked_sub(1)
                    .and_then(|j| tokens.get(j))
                    .is_some_and(|p| p.ends_with(':') && p.contains('-'))
            {
                continue;
            }
            // Double-quoted passages, and a token in single quotes, are cited.
            let opens = token
                .trim_start_matches(&['(', '['][..])
                .starts_with(&['"', '\u{201c}'][..]);
            let closes = token.ends_with(&['"', '\u{201d}'][..])
                || token
                    .trim_end_matches(&['.', ',', ';', ':', ')'][..])
                    .ends_with(&['"', '\u{201d}'][..]);
            let cited = quote || opens || token.contains(&['\'', '\u{2018}', '\u{2019}'][..]);
            if opens && !closes {
                quote = true;
            } else if quote && closes {
                quote = false;
            }
            if cited {
                continue;
            }
            let word = token.trim_matches(crate::drift::text::not_alnum_char);
            // A name: capitalised ("Tip Color"), camelCase, snake_case, a path, a flag, digits.
            if word.is_empty()
                || !word.chars().all(|c| c.is_ascii_lowercase())
                || token.contains(&['_', '/', '(', '=', '<', '`'][..])
            {
                continue;
            }
            let w = word.to_ascii_lowercase();
            let listed = super::text::parts(WORDS).iter().any(|x| {
                w.strip_prefix(x).is_some_and(|rest| {
                    crate::drift::text::in_list("|s|ed|ing|al|hood|ful|ly|ite", rest)
                })
            });
            let ize = super::text::parts(IZE).iter().any(|x| {
                w.strip_prefix(x)
                    .and_then(|r| r.strip_prefix("iz"))
                    .is_some_and(|r| crate::drift::text::in_list("e|es|ed|ing|ation|ations", r))
            });
            if listed || ize {
                return Some(word.to_string());
            }
        }
    }
    None
}

/// The first `**bold**` span outside code: two pairs of asterisks around words on one line
/// ("**Impact:** …"), not a glob (`src/**/*.ts`) or a product (`2 ** 8`).
fn bold_span(text: &str) -> Option<String> {
    prose_of(text).lines().find_map(|l| {
        let (head, rest) = l.split_once("**")?;
        let (inner, tail) = rest.split_once("**")?;
        // Set off by spaces or punctuation: not "packages/**/dist/**", "title:**error**".
        let open = head
            .chars()
            .last()
            .is_none_or(|c| c.is_whitespace() || "([".contains(c));
        let close = tail
            .chars()
            .next()
            .is_none_or(|c| c.is_whitespace() || ".,;:!?)]".contains(c));
        (open
            && close
            && inner.starts_with(crate::drift::text::char_test(char::is_alphanumeric))
            && inner.ends_with(crate::drift::text::char_test(|c: char| {
                c.is_alphanumeric() || ":.)".contains(c)
            }))
            && inner.chars().any(char::is_alphabetic))
        .then(|| l.trim().chars().take(80).gather_text())
    })
}

/// A Markdown heading line outside code whose text starts with a capital or a digit ("##
/// Summary"), not a root shell prompt ("# systemctl restart nginx").
fn markdown_heading(text: &str) -> Option<String> {
    heading_line(text).filter(|l| {
        l.trim_start_matches(&['#', ' '][..])
            .starts_with(crate::drift::text::char_test(|c: char| {
                c.is_uppercase() || c.is_ascii_digit()
            }))
    })
}

/// The first URL (`http://`, `https://`, `www.`) outside fenced blocks.
fn url_line(text: &str) -> Option<String> {
    lists::outside_fences(text)
        .find(|l| {
            // "now rejects `http://` targets" names a scheme in code.
            let l = super::text::outside_code_spans(l).to_ascii_lowercase();
            l.has_any("http://|https://|www.")
        })
        .map(|l| l.trim().chars().take(80).gather_text())
}

/// First-person pronouns, as a ban names them.
const FIRST_PERSON: &str = "i|me|my|we|us|our|ours";

/// A ban on the first person in the answer: "no first person (no 'I', 'we')", "write it
/// impersonally", "don't use 'I' or 'we'", "without first-person pronouns". The pronouns named
/// after the cue (all of [`FIRST_PERSON`] when none is). Not "you're not the first person to …",
/// "don't change the first-person camera" or a tone described ("the email reads impersonally").
fn no_first_person(lower: &str, ws: &[(usize, &str)]) -> Option<Vec<String>> {
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    // "no first person", "without first-person pronouns", "avoid the first person", "don't
    // write in the first person", "do not use first-person pronouns".
    let banned = |i: usize| {
        let mut j = i;
        while j > 0 && word_in(ws, j - 1, "the|any|in") {
            j -= 1;
        }
        let Some(b) = j.checked_sub(1) else {
            return false;
        };
        word_in(ws, b, "no|without|avoid")
            || (word_in(ws, b, "use|write|using")
                && b > 0
                && (negation_at(ws, b - 1) || word_is(ws, b - 1, "t")))
    };
    let ends_there = |i: usize| {
        // The ban is of the person, not a thing named after it ("first-person camera").
        let next = w(i + 1);
        next.is_empty()
            || crate::drift::text::in_list("pronouns|pronoun|please|in|anywhere|no", next)
            || ws.get(i + 1).is_some_and(|(at, _)| {
                let (a, x) = ws.get(i).copied().unwrap_or_default();
                lower
                    .get(a + x.len()..*at)
                    .is_some_and(|g| g.contains(&[',', ';', '.', '(', ':', '\u{2014}'][..]))
            })
    };
    let cue = (0..ws.len()).find(|&i| {
        (word_is(ws, i, "first") && word_is(ws, i + 1, "person") && banned(i) && ends_there(i + 1))
            || (w(i).starts_with("first-person") && banned(i) && ends_there(i))
            // "Write it impersonally", "in an impersonal style": how to write, asked.
            || (word_is(ws, i, "impersonally")
                && (i.saturating_sub(4)..i).any(|j| word_in(ws, j, "write|written|phrase")))
            || (word_is(ws, i, "impersonal")
                && word_in(ws, i + 1, "style|voice|register")
                && (i == 0
                    || word_is(ws, i - 1, "in")
                    || (word_is(ws, i - 1, "an") && i > 1 && word_is(ws, i - 2, "in"))
                    || word_is(ws, i - 1, "use")))
            // "Do not use 'I' or 'we'", "avoid 'I' and 'we'".
            || (word_in(ws, i, "use|avoid|say")
                && (word_is(ws, i, "avoid") || (i > 0 && (negation_at(ws, i - 1) || word_is(ws, i - 1, "t"))))
                && lower.get(ws.get(i).map_or(0, |x| x.0 + x.1.len())..).is_some_and(|t| {
                    let t = t.trim_start();
                    super::text::starts_with_any(t, "'i'|\"i\"|\u{2018}i\u{2019}|\u{201c}i\u{201d}")
                }))
    })?;
    let at = ws.get(cue).map_or(0, |x| x.0);
    let mut out: Vec<String> = Vec::new();
    for (_, x) in words_at(lower.get(at..).unwrap_or_default()) {
        let x = x.trim_matches(crate::drift::text::not_alnum_char);
        if crate::drift::text::in_list(FIRST_PERSON, x) && !out.iter().any(|o| o == x) {
            out.push(x.to_string());
        }
    }
    if out.is_empty() {
        out = FIRST_PERSON.split('|').map(|x| x.to_string()).gather();
    }
    Some(out)
}

/// Where `text` uses one of `pronouns` in its own words: outside fenced blocks, code spans, block
/// quotes and quoted passages or words ("replaced "we" with "the team""). "I" counts only as the
/// capital word, not as a Roman numeral ("Part I", "Appendix I", a list's "I. Background");
/// "US" in capitals is a country.
fn first_person(text: &str, pronouns: &[String]) -> Option<String> {
    const NUMBERED: &str = "part|phase|type|chapter|class|level|stage|act|volume|vol|tier|war|appendix|figure|fig|step|movement|schedule|annex|grade|series";
    let quote = |c: Option<char>| {
        c.is_some_and(|c| {
            matches!(
                c,
                '"' | '\'' | '\u{2018}' | '\u{2019}' | '\u{201c}' | '\u{201d}'
            )
        })
    };
    // A `fn`, not a closure: the pattern built on it captures nothing (`char_test`).
    fn word_char(c: char) -> bool {
        c.is_alphanumeric() || "'\u{2019}/-".contains(c)
    }
    for line in lists::outside_fences(text) {
        if line.trim_start().starts_with('>') {
            continue;
        }
        let own = super::text::outside_code_spans(&without_quoted(line));
        let mut previous = "";
        let mut rest = own.as_str();
        let mut offset = 0;
        while let Some(start) = rest.find(crate::drift::text::char_test(word_char)) {
            let len = rest
                .get(start..)
                .and_then(|t| t.find(crate::drift::text::char_test(|c: char| !word_char(c))))
                .unwrap_or(rest.len() - start);
            let word = rest.get(start..start + len).unwrap_or_default();
            let before = own
                .get(..offset + start)
                .and_then(|b| b.chars().next_back());
            let after = rest.get(start + len..).and_then(|a| a.chars().next());
            let bare = word
                .split(&['\'', '\u{2019}'][..])
                .next()
                .unwrap_or_default();
            let hit = pronouns.contains(&bare.to_ascii_lowercase())
                && !quote(before)
                && !(quote(after) && word == bare)
                && match bare {
                    "I" => {
                        // A numeral after a name, or a list's "I." opening its line.
                        let numeral = crate::drift::text::in_list(
                            NUMBERED,
                            previous.to_ascii_lowercase().as_str(),
                        ) || (after == Some('.') && previous.is_empty());
                        // After a name, with no verb of its own: "Calculus I (MATH 151)",
                        // "staged in Bay I.", "Calculus I, II".
                        // "found in Bay I on Monday": a preposition takes no pronoun subject.
                        let tail = rest.get(start + len..).unwrap_or_default().trim_start();
                        let next_word = tail.split(crate::drift::text::not_alnum_char).next();
                        // Not a sentence's opening word: "Then I, as on-call, approved it".
                        let opener = crate::drift::text::in_list(
                            "then|so|and|but|now|here|there|yesterday|today|also|honestly|first|finally|next|when|if|because|since|as|after|before|once|while|still|again|actually|later|sadly|luckily|personally",
                            previous.to_ascii_lowercase().as_str(),
                        );
                        let named = !opener
                            && previous.starts_with(crate::drift::text::upper_char)
                            && (tail.chars().next().is_none_or(|c| ".,;:()".contains(c))
                                || next_word.is_some_and(|w| {
                                    crate::drift::text::in_list(
                                        "on|in|at|of|for|from|to|with|by|and|or",
                                        w,
                                    )
                                }));
                        !numeral && !named
                    }
                    "i" | "US" => false,
                    _ => true,
                };
            if hit {
                return Some(line.trim().chars().take(80).gather_text());
            }
            previous = word;
            offset += start + len;
            rest = rest.get(start + len..).unwrap_or_default();
        }
    }
    None
}

/// A sentence limit on the whole answer, from a sentence that opens with the answer: "Answer in
/// one sentence: …", "Reply in two sentences.", "In a single sentence, what …". A limit on a
/// part ("the root cause in one sentence, then the fix") bounds the part, and is not read; nor
/// is one followed by more to deliver ("…, then list the files").
fn answer_sentences(lower: &str, ws: &[(usize, &str)]) -> Option<usize> {
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    let mut k = 0;
    if word_in(ws, 0, "answer|reply|respond") {
        k = 1;
        if word_in(ws, k, "briefly|only|just") {
            k += 1;
        }
    }
    if !word_is(ws, k, "in") {
        return None;
    }
    let (n, noun) = match (w(k + 1), w(k + 2)) {
        ("a", "single") => (1, w(k + 3)),
        (x, noun) => (number(x).filter(|n| (1..=5).contains(n))?, noun),
    };
    if !crate::drift::text::in_list("sentence|sentences", noun) {
        return None;
    }
    // "In one sentence per option", "in two sentences each": a part's limit.
    let after = if word_is(ws, k + 2, "single") {
        w(k + 4)
    } else {
        w(k + 3)
    };
    if crate::drift::text::in_list("per|each|for", after) {
        return None;
    }
    (!crate::drift::text::contains_any(lower, " then |followed by| and then| after that| also "))
        .then_some(n)
}

fn highlight_count(text: &str) -> usize {
    // `*x*` and `**x**` on one line, non-empty.
    let mut n = 0;
    for line in text.lines() {
        let parts: Vec<&str> = line.split('*').gather();
        // Between consecutive stars: odd-indexed pieces are inside `*…*` pairs.
        let mut i = 1;
        while i + 1 < parts.len() {
            if !parts.get(i).is_some_and(|p| p.trim().is_empty()) {
                n += 1;
            }
            i += 2;
        }
        // `**x**`: the pieces around an empty one.
        let bold = line.matches("**").count() / 2;
        let mut rest = line;
        let mut counted = 0;
        while counted < bold {
            let Some(a) = rest.find_str("**") else { break };
            let after = rest.get(a + 2..).unwrap_or_default();
            let Some(b) = after.find_str("**") else { break };
            if !after.get(..b).unwrap_or_default().trim().is_empty()
                && !after.get(..b).unwrap_or_default().contains('*')
            {
                n += 1;
            }
            rest = after.get(b + 2..).unwrap_or_default();
            counted += 1;
        }
    }
    n
}

fn find_ci(hay: &str, needle: &str) -> usize {
    let h = hay.lower();
    let n = needle.lower();
    if n.is_empty() {
        return 0;
    }
    h.matches(n.as_str()).count()
}

/// The plural of a banned noun, which a reader takes as the same word ("never 'customer'" is
/// broken by "our customers"): a single word of three letters or more, neither a function word
/// nor one whose plural is another word ("news", "goods", "customs").
fn plural(word: &str) -> Option<String> {
    if word.len() < 3
        || !word.bytes().all(|b| b.is_ascii_lowercase())
        || crate::drift::text::is_stop(word)
        || crate::drift::text::in_list("new|good|custom|mean|regard|premise|quarter|sale|minute|arm|manner|content|spirit|damage|saving|proceed|ground|part|work|glass|letter", word)
    {
        return None;
    }
    Some(
        if word.ends_with(&['s', 'x', 'z'][..]) || word.ends_any("ch|sh") {
            format!("{word}es")
        } else if let Some(stem) = word
            .strip_suffix('y')
            .filter(|s| !s.ends_with(&['a', 'e', 'i', 'o', 'u'][..]))
        {
            format!("{stem}ies")
        } else {
            format!("{word}s")
        },
    )
}

/// Occurrences of `needle` as a whole word, in any case.
fn find_words_ci(hay: &str, needle: &str) -> usize {
    let h = hay.lower();
    let n = needle.lower();
    if n.is_empty() {
        return 0;
    }
    h.match_indices(n.as_str())
        .filter(|(i, m)| {
            let before = h.get(..*i).and_then(|b| b.chars().next_back());
            let after = h.get(i + m.len()..).and_then(|a| a.chars().next());
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
        .count()
}

/// A whole word that is not half of a slash compound: "I" is not used by "I/O", nor "or" by
/// "and/or".
fn used_alone(hay_lower: &str, word_lower: &str) -> bool {
    used_alone_in(hay_lower, word_lower, None)
}

/// [`used_alone`], where `hay` (the text as written, same offsets) lets a banned lowercase phrase
/// met as part of a proper name pass: "never refer to it as 'the app'" and "update it from the
/// App Store" (the phrase's last word capitalised mid-sentence, a capitalised word after it, on
/// a line that is no heading or title).
fn used_alone_in(hay_lower: &str, word_lower: &str, hay: Option<&str>) -> bool {
    let b = hay_lower.as_bytes();
    let named = |i: usize, j: usize| {
        let Some(h) = hay.filter(|h| h.len() == hay_lower.len()) else {
            return false;
        };
        let hb = h.as_bytes();
        let last = i + word_lower.rfind(' ').map_or(0, |k| k + 1);
        let line_at = h.get(..i).map_or(0, |x| x.rfind('\n').map_or(0, |k| k + 1));
        let line = h.get(line_at..).unwrap_or_default().split('\n').next();
        let line = line.unwrap_or_default().trim_start();
        let title = line.starts_with('#')
            || line
                .split(' ')
                .filter(|w| w.len() >= 4)
                .all(|w| w.starts_with(crate::drift::text::ascii_upper_char));
        last > i
            && hb.get(i).is_some_and(u8::is_ascii_lowercase)
            && hb.get(last).is_some_and(u8::is_ascii_uppercase)
            && hb.get(j) == Some(&b' ')
            && hb.get(j + 1).is_some_and(u8::is_ascii_uppercase)
            && !title
    };
    let word = |c: Option<&u8>| c.is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
    hay_lower.match_indices(word_lower).any(|(i, m)| {
        let j = i + m.len();
        let before = i.checked_sub(1).and_then(|k| b.get(k));
        let after = b.get(j);
        let compound = (before == Some(&b'/') && word(i.checked_sub(2).and_then(|k| b.get(k))))
            || (after == Some(&b'/') && word(b.get(j + 1)));
        // "@Deprecated": an annotation or handle is a code name, not the word.
        let annotation = before == Some(&b'@');
        // ("APL-" bans the ticket keys it opens: "APL-426".)
        !word(before)
            && (!word(after) || (m.ends_with('-') && after.is_some_and(u8::is_ascii_digit)))
            && !compound
            && !annotation
            && !quoted_as_removed(hay_lower, i, j)
            && !named(i, j)
    })
}

/// Whether the word at `i..j` is quoted as the thing taken out ("removed 'synergies' from the
/// draft", "replaced “leverage” with …"): a word mentioned, not used.
fn quoted_as_removed(lower: &str, i: usize, j: usize) -> bool {
    let open = lower.get(..i).and_then(|h| h.chars().next_back());
    let close = lower.get(j..).and_then(|t| t.chars().next());
    let quote = |c: Option<char>| c.is_some_and(|c| "'\"`‘’“”".contains(c));
    if !(quote(open) && quote(close)) {
        return false;
    }
    let mut from = i.saturating_sub(40);
    while !lower.is_char_boundary(from) {
        from -= 1;
    }
    let head = lower.get(from..i).unwrap_or_default();
    let clause = head
        .rsplit(&['.', ';', '\n'][..])
        .next()
        .unwrap_or_default();
    crate::drift::text::contains_any(
        clause,
        "remov|replac|dropp|delet|cut |avoid|took out|taken out|instead of|swapp|struck",
    )
}

/// The result without its notes to the requester, when it has both ([`notes`]).
pub(super) fn delivered(result: &str) -> Option<String> {
    notes::deliverable(result)
}

/// The result without its notes to the requester ([`notes::without_notes`]).
pub(super) fn without_notes(result: &str) -> Option<String> {
    notes::without_notes(result)
}

/// The text before the result's last `---` line, with notes after it ([`notes::before_last_rule`]).
pub(super) fn before_last_rule(result: &str) -> Option<String> {
    notes::before_last_rule(result)
}

/// Whether a result pastes text (block quotes, prose fences) and every paste keeps `rule`.
fn kept_in_pastes(rule: &Rule, result: &str) -> bool {
    let pastes = parts::pastes(result);
    !pastes.is_empty() && pastes.iter().all(|p| check(rule, p).0)
}

/// The last line of `text` before byte `at`, lowercased: what leads a block in ("Draft:").
pub(super) fn line_before(text: &str, at: usize) -> String {
    text.get(..at)
        .unwrap_or_default()
        .trim_end()
        .rsplit('\n')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase()
}

/// [`kept_in_pastes`] over the fenced blocks of plain text (no language, `text`, `markdown`)
/// that show a text: every one for a commit message, else those a line introduces as a draft
/// ("Draft:\n\n```\n…```").
/// (`asked`: the words after the message's "write"/"draft" ([`asked_for`]), so that "Notice:"
/// leads in the notice asked for.)
fn kept_in_blocks(rule: &Rule, result: &str, commit: bool, asked: &[String]) -> bool {
    let blocks: Vec<&str> = super::modality::fenced_where(result, |b| {
        crate::drift::text::in_list("|text|txt|markdown|md", b.info)
            && (commit || {
                let intro = line_before(result, b.outer.0);
                intro.ends_with(':')
                    && ws_of(&intro).iter().any(|w| {
                        crate::drift::text::in_list("draft|message|text|post", w)
                            || (w.len() > 3 && asked.iter().any(|a| a == w))
                    })
            })
    })
    .into_iter()
    .map(|b| b.body)
    .gather();
    !blocks.is_empty() && blocks.iter().all(|p| check(rule, p).0)
}

/// Whether a ban is placed in a part ("no emojis in the README section").
pub(super) fn placed_in_a_part(ban: &str) -> bool {
    matches!(
        parts::place_of(ban),
        Some(parts::Part::Named(_) | parts::Part::Maybe(_))
    )
}

/// "Your report should start with a plain-English paragraph for Dana with no code in it; put
/// any code in a separate section after it": a ban of the opening paragraph, said of the reply.
pub(super) fn kept_from_the_opening(ban: &str) -> bool {
    let l = ban.to_ascii_lowercase();
    has_any_in(
        &l,
        "start with a |starts with a |open with a |opens with a |begin with a ",
    ) && has_any_in(
        &l,
        "paragraph with no |paragraph without | with no code in it",
    )
}

/// Whether a ban is placed in a piece of a text, not a whole one: "no code in the sponsor
/// paragraph", "… in the first section" (not "in the note", "in your explanation": the reply).
pub(super) fn placed_in_a_piece(ban: &str) -> bool {
    matches!(
        parts::place_of(ban),
        Some(parts::Part::Named(n) | parts::Part::Maybe(n))
            if n.rsplit(' ').next().is_some_and(|w| crate::drift::text::in_list(
                "paragraph|section|part|intro|introduction|opening|conclusion|closing|appendix|heading|title|caption|footer|header",
                w,
            ))
    )
}

/// A result's labelled parts ([`parts::labelled_parts`]).
pub(super) fn labelled_parts(result: &str) -> Vec<String> {
    parts::labelled_parts(result)
}

/// Whether a message asks for a part apart ([`parts::asks_a_part_apart`]).
pub(super) fn asks_a_part_apart(lower_message: &str) -> bool {
    parts::asks_a_part_apart(lower_message)
}

/// The texts a result pastes ([`parts::pastes`]); every fenced block where `any_fence`.
pub(super) fn pastes(result: &str, any_fence: bool) -> Vec<String> {
    if any_fence {
        parts::shown_blocks(result)
    } else {
        parts::pastes(result)
    }
}

/// The result without what it pastes ([`parts::unpasted`]).
pub(super) fn unpasted(result: &str) -> String {
    parts::unpasted(result)
}

/// Whether a message asks for a text in a fenced block ([`parts::asks_for_a_fence`]).
pub(super) fn asks_for_a_fence(message: &str) -> bool {
    parts::asks_for_a_fence(message)
}

/// Whether a ban is said of the reply's own words around what it pastes ("in your own notes,
/// no emojis", "outside the draft, no emojis"), not of the paste.
pub(super) fn around_pastes(sentence: &str) -> bool {
    let lower = unquoted(&sentence.to_ascii_lowercase());
    let ws = words_at(&lower);
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    (0..ws.len()).any(|i| {
        let own = word_is(&ws, i, "your")
            && word_is(&ws, i + 1, "own")
            && (i + 2..i + 4).any(|j| {
                crate::drift::text::in_list(
                    "text|words|wording|report|notes|prose|reply|message",
                    w(j),
                )
            });
        let around = word_in(&ws, i, "around|outside|surrounding")
            && (word_in(&ws, i + 1, "it|them")
                || (word_in(&ws, i + 1, "the|that|this")
                    && crate::drift::text::in_list(
                        "draft|quote|paste|announcement|post|text|block",
                        w(i + 2),
                    )));
        own || around
    })
}

/// A text's double-quoted passages ("…", “…”), each as the byte range of the passage with its
/// marks and of its words inside them; a mark left open ends the scan.
fn quoted_spans(text: &str) -> Vec<(std::ops::Range<usize>, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text
        .get(from..)
        .and_then(|r| r.find(&['"', '\u{201c}'][..]))
    {
        let open = from + i;
        let inner = open + text[open..].chars().next().map_or(1, char::len_utf8);
        let Some(j) = text[inner..].find(&['"', '\u{201d}'][..]) else {
            break;
        };
        let close = inner + j;
        let end = close + text[close..].chars().next().map_or(1, char::len_utf8);
        out.push((open..end, inner..close));
        from = end;
    }
    out
}

/// The text without what it shows as the old version, for a rule on the new one only ("no
/// emojis in the new subject lines"): a table's columns headed Old, Before, Original, Previous
/// or Current beside one headed New, After, Proposed or Updated, and double-quoted passages
/// that their clause calls old or previous ("the old SMS opened with "URGENT: …"").
pub(super) fn without_old(text: &str) -> String {
    let mut old_columns: Vec<usize> = Vec::new();
    let mut in_table = false;
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let row = line.trim();
        if !row.starts_with('|') {
            old_columns.clear();
            in_table = false;
        } else {
            let cells: Vec<&str> = row.trim_matches('|').split('|').gather();
            // The header row only, and one that names the new side too ("Old | New").
            if !in_table {
                let head = |c: &&str| c.trim().to_ascii_lowercase();
                let names: Vec<String> = cells.iter().map(head).gather();
                if names
                    .iter()
                    .any(|n| crate::drift::text::in_list("new|after|proposed|updated", n.as_str()))
                {
                    old_columns = (0..names.len()).gather().kept(|&i| {
                        names.get(i).is_some_and(|n| {
                            crate::drift::text::in_list(
                                "old|before|original|previous|current",
                                n.as_str(),
                            )
                        })
                    });
                }
            }
            in_table = true;
            if !old_columns.is_empty() {
                for (i, c) in cells.iter().enumerate() {
                    out.push('|');
                    if !old_columns.contains(&i) {
                        out.push_str(c);
                    }
                }
                out.push_str("|\n");
                continue;
            }
        }
        let mut from = 0;
        for (outer, _) in quoted_spans(line) {
            let clause = line.get(from..outer.start).unwrap_or_default();
            let clause = clause.rsplit(&['.', ';'][..]).next().unwrap_or_default();
            let lower = clause.to_ascii_lowercase();
            let ws = ws_of(&lower);
            // Not the text that replaced it: "the old title was changed to "…"".
            let old = crate::drift::text::any_word_in(&ws, "old|previous|formerly")
                && !crate::drift::text::any_word_in(&ws, "new|now|became")
                && !has_any_in(&lower, "replaced with|changed to|updated to|renamed to");
            if old {
                out.push_str(line.get(from..outer.start).unwrap_or_default());
            } else {
                out.push_str(line.get(from..outer.end).unwrap_or_default());
            }
            from = outer.end;
        }
        out.push_str(line.get(from..).unwrap_or_default());
        out.push('\n');
    }
    out
}

/// A message's double-quoted passages ("…", “…”).
pub(super) fn double_quoted(message: &str) -> Vec<&str> {
    quoted_spans(message)
        .into_iter()
        .map(|(_, inner)| &message[inner])
        .gather()
}

/// The part of a message that code is sent to ([`parts::code_part`]).
pub(super) fn code_part(message: &str) -> Option<String> {
    parts::code_part(message)
}

/// The part of `result` named `name` ([`parts::find`]).
pub(super) fn part_named(result: &str, name: &str) -> Option<String> {
    parts::find(result, name)
}

pub(super) use parts::{emoji_free_part, find_loose, free_part};

/// The part of the result a ban is placed in, where the result labels it ([`parts::placed_part`]).
pub(super) fn placed_part(ban: &str, result: &str) -> Option<String> {
    parts::placed_part(ban, result)
}

/// Words that make a count the whole reply's ("6 bullets in total", "overall", "notes
/// included").
const WHOLE_WORDS: &str = "total|altogether|combined|overall|including|included";

/// Rules on what a text says or how it is written, which notes to the requester beside it need
/// not keep.
fn of_the_text(rule: &Rule) -> bool {
    if let Rule::PartOrWhole(_, inner) = rule {
        return of_the_text(inner);
    }
    // A lower bound is met by the notes too: counting less could only flag more.
    if matches!(
        rule,
        Rule::Words(Rel::AtLeast, _)
            | Rule::ProseWords(Rel::AtLeast, _)
            | Rule::Sentences(Rel::AtLeast, _)
            | Rule::Paragraphs(Rel::AtLeast, _)
            | Rule::Bullets(Rel::AtLeast, _)
            | Rule::BulletWords(Rel::AtLeast, _)
            | Rule::ListItems(Rel::AtLeast, _)
    ) {
        return false;
    }
    matches!(
        rule,
        Rule::Words(..)
            | Rule::ProseWords(..)
            | Rule::Sentences(..)
            | Rule::Paragraphs(..)
            | Rule::Bullets(..)
            | Rule::BulletWords(..)
            | Rule::Lines(..)
            | Rule::IsoDates(_)
            | Rule::Clock24
            | Rule::NumberFormat(_)
            | Rule::ListItems(..)
            | Rule::Lowercase
            | Rule::Uppercase
            | Rule::CapitalWords(..)
            | Rule::Forbids(_)
            | Rule::ForbidsAnywhere(_)
            | Rule::ProseForbids(_)
            | Rule::OwnForbids(_)
            | Rule::EndsWith(_)
            | Rule::EndsWithOneOf(_)
            | Rule::NoCommas
            | Rule::NoCodeBlocks
            | Rule::NoBullets(_)
            | Rule::NoHeadings
            | Rule::NoMarkdown
            | Rule::BritishSpelling
            | Rule::NoUrls
            | Rule::NoExclamations
            | Rule::NoFirstPerson(_)
            | Rule::Language(_)
            | Rule::Script(_)
            | Rule::NoPlaceholders(_)
    )
}

/// Whether a sentence names the reply itself ("your reply", "the whole response"), so that
/// everything in it, notes included, must keep its rule.
pub(super) fn names_the_reply(sentence: &str) -> bool {
    // Not in a quoted phrase: "must end with 'This message does not …'".
    let lower = unquoted(&sentence.to_ascii_lowercase());
    let ws = words_at(&lower);
    // "the answer itself": a part, set against what goes beside it.
    let w = |i: usize| ws.get(i).map_or("", |x| x.1);
    // "In the report, the Summary must have 3 bullets": the reply is where the part named
    // after the comma is.
    let fronted = |i: usize| {
        i > 0
            && word_is(&ws, i - 1, "in")
            && ws.get(i + 1).is_some_and(|(at, x)| {
                lower
                    .get(at + x.len()..)
                    .is_some_and(|r| r.starts_with(','))
            })
            && part_after_a_comma(sentence).is_some()
    };
    (0..ws.len()).any(|i| {
        word_in(&ws, i, "your|the|whole|entire|full|this")
            && reply_noun(w(i + 1))
            && !fronted(i)
            && !word_is(&ws, i + 2, "itself")
            // "the report file": a file the task writes.
            && !word_is(&ws, i + 2, "file")
            && !put_elsewhere(&[w(i + 2), w(i + 3), w(i + 4), w(i + 5), w(i + 6)])
            // "The reply to the member must not …": a reply the child drafts for someone else.
            && (!word_is(&ws, i + 2, "to") || word_in(&ws, i + 3, "me|us|you"))
            // "The PR description itself must be under 100 words; paste it in your reply": the
            // reply is where the text goes.
            && !(i >= 3
                && word_in(&ws, i - 1, "in|into")
                && word_in(&ws, i - 2, "it|them")
                && word_in(&ws, i - 3, "paste|put|quote|include|copy"))
            // "…; your message to me around it can be informal": a freedom beside the rule.
            // "…; your report to me can use whatever spelling you like" too.
            && !(i + 2..i + 8).any(|j| {
                word_in(&ws, j, "can|may")
                    && ((word_is(&ws, j + 1, "be")
                        && !word_in(&ws, j + 2, "only|at|no|under|shorter|fewer|less|in|written|a|one"))
                        || (word_is(&ws, j + 1, "use") && word_in(&ws, j + 2, "whatever|any")))
            })
            // "The opening paragraph of your reply": a part of it ("the last line of your
            // reply" is where the whole reply ends, notes and all; "no part of your reply" is
            // all of it).
            && !(i >= 3
                && word_is(&ws, i - 1, "of")
                && word_in(&ws, i - 2, "paragraph|section")
                && word_in(&ws, i - 3, "first|second|opening|last|final|closing"))
    })
}

/// "In your report, the Risks section …", "In the reply, the **Findings** …": after "In
/// the/your <reply>," a subject that names a part by a capital, a mark, or a part noun; its
/// name, lowercased and unmarked.
fn part_after_a_comma(sentence: &str) -> Option<String> {
    let lower = sentence.to_ascii_lowercase();
    "in the |in your "
        .split('|')
        .find_map(|p| {
            lower.match_indices(p).find_map(|(i, _)| {
                let rest = sentence.get(i + p.len()..)?;
                let (noun, after) = rest.split_once(',')?;
                // "In the report, keep the 'Risks' list to at most 3 bullets" too.
                let after = after.trim_start();
                let after = super::text::strip_any(after, "keep |limit |cap ").unwrap_or(after);
                let subject = after.strip_prefix("the ")?;
                let words: Vec<&str> = subject.split_whitespace().take(4).gather();
                let marked = subject.starts_with(crate::drift::text::char_test(|c: char| {
                    c.is_uppercase() || "*`\"'#".contains(c)
                }));
                let noun_at = words
                    .iter()
                    .position(|x| crate::drift::text::in_list("section|part|list|table", x));
                let name: Vec<&str> = match noun_at {
                    Some(k) if k > 0 => words.get(..k)?.to_vec(),
                    _ if marked => words.get(..1)?.to_vec(),
                    _ => return None,
                };
                let name = name
                    .join(" ")
                    .trim_matches(crate::drift::text::not_alnum_char)
                    .to_ascii_lowercase();
                (reply_noun(&noun.trim().to_ascii_lowercase()) && !name.is_empty()).then_some(name)
            })
        })
        .or_else(|| {
            // "…, but keep the Risks list to at most 3 bullets": a named list kept to a count.
            "keep the |limit the |cap the ".split('|').find_map(|p| {
                let i = lower.find(p)?;
                let subject = sentence.get(i + p.len()..)?;
                let words: Vec<&str> = subject.split_whitespace().take(4).gather();
                let k = words
                    .iter()
                    .position(|x| crate::drift::text::in_list("section|list|table", x))?;
                let named = words.get(..k)?;
                (!named.is_empty()
                    && named.iter().all(|w| {
                        w.starts_with(crate::drift::text::char_test(|c: char| {
                            c.is_uppercase() || "*`\"'#".contains(c)
                        }))
                    }))
                .then(|| {
                    named
                        .join(" ")
                        .trim_matches(crate::drift::text::not_alnum_char)
                        .to_ascii_lowercase()
                })
            })
        })
        .or_else(|| {
            // "…; keep ## Risks to at most 4 bullets": a heading kept to a count.
            let i = crate::drift::text::first_of(&lower, "keep #|limit #|cap #")?;
            let subject = sentence.get(i..)?.split_once(' ')?.1;
            let named = subject.trim_start_matches(&['#', ' '][..]);
            let (name, _) = named.split_once(" to ")?;
            (name.split_whitespace().count() <= 3
                && name.starts_with(crate::drift::text::ascii_upper_char))
            .then(|| name.to_ascii_lowercase())
        })
}

/// A sentence without its quoted phrases ('…', "…", `…`, “…”); an apostrophe in a word opens
/// no quote.
fn unquoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut close: Option<char> = None;
    let mut prev = ' ';
    for c in s.chars() {
        match close {
            Some(x) if c == x => close = None,
            Some(_) => {}
            None => match c {
                '"' | '`' => close = Some(c),
                '\u{201c}' => close = Some('\u{201d}'),
                '\'' if !prev.is_alphanumeric() => close = Some('\''),
                _ => out.push(c),
            },
        }
        prev = c;
    }
    out
}

/// The first place of `needle` outside inline code spans: a search from inside one ("`keys_v2`")
/// would read the spans after it the wrong way round.
fn outside_code_find(text: &str, needle: &str) -> Option<usize> {
    let mut in_code = false;
    for (i, c) in text.char_indices() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code && text[i..].starts_with(needle) {
            return Some(i);
        }
    }
    None
}

/// A line with its double-quoted passages blanked out: a quoted sentence is someone else's
/// words ("Reviewer comment "this obviously needs a null check""), a quoted phrase or a quoted
/// word in a table cell is mentioned, not used ("the button says "Tap here""); a quoted word
/// alone in prose stays ("… "leverage" is the theme now").
fn without_quoted(line: &str) -> String {
    // A table's cells cite what was found, a quoted word among them too.
    let table = line.trim_start().starts_with('|');
    cut_quoted(line, |outer, inner| {
        // "That "crash" text", "the "deprecated" label": a word named, not used.
        let named = line.get(outer.end..).is_some_and(|r| {
            let r = r.to_ascii_lowercase();
            super::text::parts(" text| label| wording| string| word| term")
                .iter()
                .any(|n| {
                    r.strip_prefix(n).is_some_and(|t| {
                        !t.starts_with(crate::drift::text::char_test(char::is_alphanumeric))
                    })
                })
        });
        line.get(inner)
            .unwrap_or_default()
            .split_whitespace()
            .count()
            < 2
            && !table
            && !named
    })
}

/// A line without the quoted spans `keep` does not keep (each given its span with the quotes
/// and without them).
fn cut_quoted(
    line: &str,
    keep: impl Fn(std::ops::Range<usize>, std::ops::Range<usize>) -> bool,
) -> String {
    let mut out = String::with_capacity(line.len());
    let mut from = 0;
    for (outer, inner) in quoted_spans(line) {
        out.push_str(line.get(from..outer.start).unwrap_or_default());
        if keep(outer.clone(), inner) {
            out.push_str(line.get(outer.clone()).unwrap_or_default());
        }
        from = outer.end;
    }
    out.push_str(line.get(from..).unwrap_or_default());
    out
}

/// The text outside fenced code blocks and inline code spans.
fn prose_of(text: &str) -> String {
    let lines: Vec<&str> = lists::outside_fences(text).gather();
    super::text::outside_code_spans(&lines.join("\n"))
}

fn check(rule: &Rule, text: &str) -> (bool, Option<String>) {
    let trimmed = text.trim();
    let count = |rel: Rel, have: usize, n: usize, what: &str| {
        let ok = rel.holds(have, n);
        (ok, (!ok).then(|| format!("{have} {what}")))
    };
    match rule {
        // "Banner text:\n\n`Kiln 1 …`": a label above the one line asked is no word of it.
        Rule::Words(Rel::LessThan, n)
            if {
                let ls: Vec<&str> = text.lines().gather().kept(|l| !l.trim().is_empty());
                // (A label: the line under it quoted, or a text's noun in it; not "Failed,
                // because:" opening the answer.)
                let set_off = |l: &str| {
                    let t = l.trim();
                    t.len() > 2
                        && [('`', '`'), ('"', '"'), ('\u{201c}', '\u{201d}')]
                            .iter()
                            .any(|&(a, b)| t.starts_with(a) && t.ends_with(b))
                };
                ls.len() == 2
                    && ls.first().is_some_and(|l| {
                        l.trim_end().ends_with(':')
                            && l.split_whitespace().count() <= 3
                            && !l.contains(',')
                    })
                    && (ls.get(1).is_some_and(|l| set_off(l))
                        || ls.first().is_some_and(|l| {
                            has_any_in(
                                &l.to_ascii_lowercase(),
                                "text|line|title|subject|banner|message|notice|caption|tagline|headline",
                            )
                        }))
                    && ls
                        .get(1)
                        .is_some_and(|l| check(&Rule::Words(Rel::LessThan, *n), l).0)
            } =>
        {
            (true, None)
        }
        Rule::Words(rel, n) => {
            // IFEval counts `\w+` runs, a reader whitespace-separated words; they part on code
            // ("`Sender.send`" is one word or two, "38,000" one or two). A bound is broken only
            // if both counts break it.
            let runs = word_count(text);
            let spaced = text.split_whitespace().count();
            let (ok, _) = count(*rel, spaced, *n, "words");
            let (ok_runs, why) = count(*rel, runs, *n, "words");
            if ok && !ok_runs {
                (true, None)
            } else {
                (ok_runs, why)
            }
        }
        Rule::ProseWords(rel, n) => {
            // A list item that is a bare path ("- assets/old/rock_01.png") is no prose either,
            // nor a table's row.
            let prose: Vec<&str> = lists::outside_fences(text)
                .gather()
                .kept(|l| !(l.trim_start().starts_with('|') && l.matches('|').count() >= 2))
                .kept(|l| {
                    let item = l.trim_start().strip_prefix(&['-', '*'][..]).map(str::trim);
                    !item.is_some_and(|i| {
                        !i.contains(' ') && super::file_scope::is_file_path(i.trim_matches('`'))
                    })
                });
            check(&Rule::Words(*rel, *n), &prose.join("\n"))
        }
        Rule::OwnForbids(words) => {
            let own: String = text
                .lines()
                .gather()
                .kept(|l| !l.trim_start().starts_with('>'))
                .join("\n");
            check(&Rule::ProseForbids(words.clone()), &own)
        }
        Rule::ProseForbids(words) => {
            // Fenced blocks and inline code spans left out.
            let prose: String = lists::outside_fences(text)
                .map(super::text::outside_code_spans)
                .gather()
                .join("\n");
            check(&Rule::Forbids(words.clone()), &prose)
        }
        Rule::InPart(name, inner) => match parts::find(text, name) {
            Some(part) => check(inner, &part),
            // A summary or an answer not labelled is the reply's first block ("The summary must
            // be at most 30 words; details go under a `Details:` line").
            None if has_any_in(name, "summary|tl;dr|answer|verdict|intro")
                && !has_any_in(name, "value|field|key")
                && text.trim().has("\n\n")
                && matches!(
                    **inner,
                    Rule::Sentences(Rel::LessThan, _) | Rule::Words(Rel::LessThan, _)
                ) =>
            {
                check(inner, first_block(text))
            }
            // Not shown: not checked.
            None => (true, None),
        },
        Rule::ExceptPart(name, inner) => match parts::find(text, name) {
            Some(part) if !part.trim().is_empty() => check(inner, &text.replacen(&part, "", 1)),
            _ => check(inner, text),
        },
        // "the subject line must not …": the line after "Subject:", not the body below it.
        Rule::PartOrWhole(name, inner)
            if crate::drift::text::in_list("subject|subject line", name)
                && text.lines().any(|l| l.trim_start().starts_with("Subject:")) =>
        {
            check(
                inner,
                text.lines()
                    .find(|l| l.trim_start().starts_with("Subject:"))
                    .unwrap_or_default(),
            )
        }
        Rule::PartOrWhole(name, inner) => match parts::find(text, name) {
            Some(part) => check(inner, &part),
            // "Don't use the word 'alert' in the headline": a headline the reply does not label
            // is its first line.
            None if crate::drift::text::in_list("headline|title", name) => check(
                inner,
                text.lines()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or_default(),
            ),
            // "The README must not exceed 100 words", answered "Added `tools/x/README.md` …":
            // a file the reply names as written, not shown; its count is not read.
            None if inner.is_count()
                && crate::drift::text::code_spans(text).iter().any(|span| {
                    let file = span.rsplit('/').next().unwrap_or_default();
                    file.contains('.')
                        && file.split('.').next().is_some_and(|stem| {
                            stem.eq_ignore_ascii_case(name.rsplit(' ').next().unwrap_or_default())
                        })
                }) =>
            {
                (true, None)
            }
            None => {
                // "The new templates must not …": what the reply shows as old is not read.
                let whole = if let Some(part) = ruled_part(text) {
                    check(inner, part)
                } else if name.starts_with("new ") {
                    check(inner, &without_old(text))
                } else if crate::drift::text::in_list(
                    "entries|items|bullets|bullet points|points|list",
                    name.rsplit(' ').next().unwrap_or_default(),
                ) && bullet_line(text, true).is_some()
                {
                    // "The entries themselves must not use 'we'": the list's items, not a
                    // word to the requester below them.
                    let items: Vec<&str> = lists::outside_fences(text).gather().kept(|l| {
                        let t = l.trim_start();
                        bullet_line(t, true).is_some_and(|b| t.starts_with(b.as_str()))
                    });
                    check(inner, &items.join("\n"))
                } else if name.ends_with(" paragraph")
                    && matches!(
                        **inner,
                        Rule::Sentences(Rel::LessThan, _) | Rule::Words(Rel::LessThan, _)
                    )
                {
                    // "The answer paragraph must be at most two sentences; put the builds in a
                    // list below it": a paragraph not labelled is the reply's first.
                    check(inner, first_block(text))
                } else {
                    check(inner, text)
                };
                // Not labelled, and the pastes keep the rule: it may be one of them (silent).
                // A commit message is shown in a plain fence ("I wrote the commit as: ```…```").
                if !whole.0
                    && (kept_in_pastes(inner, text)
                        || (name.has("commit") && kept_in_blocks(inner, text, true, &[])))
                {
                    (true, None)
                } else {
                    whole
                }
            }
        },
        Rule::Sentences(rel, n) => {
            // A fenced block holds no sentences of the answer (a query, a log), and a code
            // span no full stop ("`[mypy-api.legacy.*]`" is one word).
            // A line that only gives a link ("PR: https://…") says no sentence.
            let link_only = |l: &str| {
                let t = l.trim();
                t.split_whitespace().last().is_some_and(|u| u.has("://"))
                    && t.split_whitespace().count() <= 3
            };
            // Nor a table's row ("…; attach the figures as a table underneath").
            let row = |l: &str| l.trim_start().starts_with('|') && l.matches('|').count() >= 2;
            let prose: Vec<&str> = lists::outside_fences(text)
                .gather()
                .kept(|l| !link_only(l) && !row(l));
            let prose = prose.join("\n");
            let mut plain = String::with_capacity(prose.len());
            let mut from = 0;
            // Only a span that closes on its line: a stray backtick opens none.
            let closed = |b: usize| prose.as_bytes().get(b) == Some(&b'`');
            for (a, b) in super::text::inline_code_spans(&prose) {
                if !closed(b) {
                    continue;
                }
                plain.push_str(prose.get(from..a).unwrap_or_default());
                plain.push_str("code");
                from = b;
            }
            plain.push_str(prose.get(from..).unwrap_or_default());
            count(*rel, sentence_count(&plain), *n, "sentences")
        }
        Rule::Questions(rel, n, drafted) => match questions(text, *drafted) {
            Some(have) => count(*rel, have, *n, "questions"),
            None => (true, None),
        },
        Rule::Paragraphs(rel, n) => match prose_paragraphs(text) {
            Some(have) => count(*rel, have, *n, "paragraphs"),
            None => (true, None),
        },
        Rule::DividedParagraphs(n) => {
            let parts: Vec<&str> = text.split("***").gather();
            let last = parts.len().saturating_sub(1);
            let mut have = parts.len();
            for (i, p) in parts.iter().enumerate() {
                if p.trim().is_empty() {
                    if i == 0 || i == last {
                        have -= 1;
                    } else {
                        return (false, Some("an empty paragraph between dividers".into()));
                    }
                }
            }
            count(Rel::Exactly, have, *n, "paragraphs separated by ***")
        }
        Rule::Bullets(rel, n) => {
            // Not a fenced block's lines (a YAML list), nor a `---` rule.
            let have = lists::outside_fences(text)
                .filter(|l| {
                    let t = l.trim();
                    ((t.starts_with('*') && !t.starts_with("**")) || t.starts_with('-'))
                        && !(t.len() >= 3 && t.chars().all(|c| c == '-'))
                })
                .count();
            count(*rel, have, *n, "bullet lines")
        }
        Rule::JsonTypes(typed) => match json_types::first_break(typed, text) {
            Some(v) => (false, Some(format!("a JSON value of another type: {v}"))),
            None => (true, None),
        },
        Rule::PlaceholderStyle(style) => {
            match placeholders::templates(style, text)
                .iter()
                .find_map(|t| placeholders::first_break(style, t))
            {
                Some(p) => (false, Some(format!("a placeholder in another style: {p}"))),
                None => (true, None),
            }
        }
        Rule::FirstHolds(f) => first_line::holds(f, text),
        Rule::LineCase(c) => line_case::holds(c, text),
        Rule::IfFailedHeading(name) => {
            if if_failed::failed(text) && !if_failed::has_heading(name, text) {
                (
                    false,
                    Some(format!("a test failed and no \"{name}\" heading")),
                )
            } else {
                (true, None)
            }
        }
        Rule::TimeForm(f) => match timestamps::first_break(f, text) {
            Some(t) => (false, Some(["a timestamp in another form: ", t].concat())),
            None => (true, None),
        },
        Rule::SortOrder(o) => match sort_order::first_break(o, text) {
            Some((a, b)) => (
                false,
                Some(format!(
                    "out of order: \"{}\" before \"{}\"",
                    a.trim(),
                    b.trim()
                )),
            ),
            None => (true, None),
        },
        Rule::YamlKeys(y) => match yaml_keys::first_break(y, text) {
            Some(why) => (false, Some(why)),
            None => (true, None),
        },
        Rule::BulletStart(b) => match bullet_start::first_break(b, text) {
            Some(item) => (false, Some(format!("a bullet starting otherwise: {item}"))),
            None => (true, None),
        },
        Rule::CodeBlock(fenced) => {
            if code_block::present(*fenced, text) {
                (true, None)
            } else {
                (false, Some("no code block".to_string()))
            }
        }
        Rule::InUnit(u) => match units::first_break(u, text) {
            Some(f) => (false, Some(format!("a figure in another unit: {f}"))),
            None => (true, None),
        },
        Rule::HeadingForm(f) => match headings::first_break(f, text) {
            Some(h) => (false, Some(format!("a heading of another form: {h}"))),
            None => (true, None),
        },
        Rule::NoPlaceholders(b) => match blanks::first(b, text) {
            Some(p) => (false, Some(format!("a placeholder left: {p}"))),
            None => (true, None),
        },
        Rule::NoTables => {
            let prose: Vec<&str> = lists::outside_fences(text).gather();
            match tables::header_rows(&prose.join("\n")).first() {
                Some(row) => (
                    false,
                    Some(format!("a Markdown table: {}", row.join(" | "))),
                ),
                None => (true, None),
            }
        }
        Rule::Table(ask) => {
            let rows = tables::header_rows(text);
            match rows.first() {
                None => (false, Some("no Markdown table".to_string())),
                Some(_) if ask.columns.is_empty() => (true, None),
                Some(_) if rows.iter().any(|r| tables::has_columns(r, ask)) => (true, None),
                Some(first) => (
                    false,
                    Some(format!("a table with the columns {}", first.join(" | "))),
                ),
            }
        }
        Rule::Lines(n, blanks) => {
            if text.has("```") {
                return (true, None);
            }
            let have = trimmed
                .lines()
                .filter(|l| *blanks || !l.trim().is_empty())
                .count();
            let what = if *blanks { "lines" } else { "non-empty lines" };
            count(Rel::LessThan, have, n + 1, what)
        }
        Rule::BulletWords(rel, n) => {
            // Words as tokens between spaces and as runs of letters and digits ("v5.2",
            // "don't"): a bullet breaks the bound only if it does by both counts.
            let breaks = |t: &str| {
                let spaced = t
                    .split_whitespace()
                    .filter(|x| x.chars().any(char::is_alphanumeric))
                    .count();
                let runs = word_count(t);
                match rel {
                    Rel::LessThan => spaced.min(runs) >= *n,
                    Rel::AtLeast => spaced.max(runs) < *n,
                    Rel::Exactly => spaced != *n && runs != *n,
                }
            };
            let long = lists::outside_fences(text)
                .map(str::trim_start)
                .filter_map(|t| super::text::strip_any(t, "- |* |\u{2022} |+ "))
                .find(|t| breaks(t));
            match long {
                Some(t) => (
                    false,
                    Some(format!(
                        "a bullet of {} words: {}",
                        word_count(t),
                        t.chars().take(80).gather_text()
                    )),
                ),
                None => (true, None),
            }
        }
        Rule::BritishSpelling => match american_spelling(text) {
            Some(w) => (false, Some(format!("an American spelling: {w}"))),
            None => (true, None),
        },
        Rule::TextChars { noun, n, whole } => {
            let mut texts = labelled_texts(text, noun);
            let one = text.trim();
            if texts.is_empty() && *whole && !one.contains('\n') {
                texts.push(unquote(one).to_string());
            }
            longer_than(texts, *n)
        }
        Rule::LineChars(b) => match line_length::first_long(b, text) {
            Some(l) => (
                false,
                Some(format!(
                    "a line of {} characters: {}",
                    l.trim_end().chars().count(),
                    l.trim()
                )),
            ),
            None => (true, None),
        },
        Rule::CommitStartsWith(p) => {
            match shown_titles(text, true).found(|t| !t.starts_with(p.as_str())) {
                Some(t) => (
                    false,
                    Some(format!("a commit subject starts otherwise: {t}")),
                ),
                None => (true, None),
            }
        }
        Rule::CommitForm(form) => {
            let mut subjects = shown_titles(text, true);
            if subjects.is_empty() && form.whole {
                subjects.push_all(commits::whole_subject(text));
            }
            match subjects
                .iter()
                .find_map(|t| commits::breaks(form, t).map(|why| format!("{why}: {t}")))
            {
                Some(e) => (false, Some(e)),
                None => (true, None),
            }
        }
        Rule::TitleChars(commit, n, whole) => {
            let mut titles = shown_titles(text, *commit);
            // A commit message the reply shows whole (in a plain block, or as the reply).
            if titles.is_empty() && *commit {
                titles.push_all(
                    line_length::commit_message(text, *whole)
                        .and_then(|m| m.first().map(|l| l.trim().to_string())),
                );
            }
            longer_than(titles, *n)
        }
        Rule::TitleWords(n, tracker, noun, wrote) => {
            let long = titles::shown(text, *tracker, noun, *wrote)
                .into_iter()
                .map(|t| (titles::word_count(&t), t))
                .find(|(c, _)| c > n);
            match long {
                Some((c, t)) => (false, Some(format!("{c} words: {t}"))),
                None => (true, None),
            }
        }
        Rule::NoMarkdown => match markdown_heading(text).or_else(|| bold_span(text)) {
            Some(l) => (false, Some(format!("Markdown: {l}"))),
            None => (true, None),
        },
        Rule::IsoDates(form) => match non_iso_date(text, *form) {
            Some(d) => (
                false,
                Some(format!("a date not in {}: {d}", form_name(*form))),
            ),
            None => (true, None),
        },
        Rule::Clock24 => match twelve_hour_time(text) {
            Some(t) => (false, Some(format!("a 12-hour time: {t}"))),
            None => (true, None),
        },
        Rule::NumberFormat(f) => {
            let prose: String = prose_of(text)
                .lines()
                .map(without_quoted)
                .gather()
                .join("\n");
            match numbers::first_break(f, &prose) {
                Some(n) => (
                    false,
                    Some(format!("a figure not in the asked format: {n}")),
                ),
                None => (true, None),
            }
        }
        Rule::ListItems(rel, n) => {
            // Silent where the answer has no list to count (items as headings or in prose).
            let lengths = lists::list_lengths(text);
            match lengths.iter().find(|&&have| rel.holds(have, *n)) {
                Some(_) => (true, None),
                None if lengths.is_empty() => (true, None),
                None => {
                    let have: Vec<String> = lengths.iter().map(usize::to_string).gather();
                    (false, Some(format!("lists of {} items", have.join(", "))))
                }
            }
        }
        Rule::Highlights(n) => count(
            Rel::AtLeast,
            highlight_count(text),
            *n,
            "highlighted sections",
        ),
        Rule::Sections(marker, n) => {
            let have = text
                .match_indices(marker.as_str())
                .filter(|(i, m)| {
                    text.get(i + m.len()..)
                        .unwrap_or_default()
                        .trim_start()
                        .starts_with(crate::drift::text::digit_char)
                })
                .count();
            count(Rel::AtLeast, have, *n, &format!("sections marked {marker}"))
        }
        Rule::Placeholders(n) => {
            let mut have = 0;
            let mut rest = text;
            while let Some(a) = rest.find('[') {
                let after = rest.get(a + 1..).unwrap_or_default();
                match after.find(']') {
                    Some(b) => {
                        have += 1;
                        rest = after.get(b + 1..).unwrap_or_default();
                    }
                    None => break,
                }
            }
            count(Rel::AtLeast, have, *n, "placeholders in [brackets]")
        }
        Rule::NoCommas => {
            let have = text.matches(',').count();
            (have == 0, (have > 0).then(|| format!("{have} commas")))
        }
        // Code keeps its own case (`SELECT`, `NULL`, a class name): the prose is checked. So
        // does an identifier with digits ("container MSKU7750126").
        Rule::Lowercase => {
            let prose = prose_of(text);
            let prose: Vec<&str> = prose.split_whitespace().gather().kept(|w| {
                !(w.starts_with(crate::drift::text::ascii_alpha_char)
                    && w.chars().filter(char::is_ascii_digit).count() > 2)
            });
            let bad: String = prose
                .join(" ")
                .chars()
                .filter(|c| c.is_uppercase())
                .take(10)
                .gather_text();
            (
                bad.is_empty(),
                (!bad.is_empty()).then(|| format!("capital letters: {bad}")),
            )
        }
        Rule::Uppercase => {
            let prose = prose_of(text);
            let bad: String = prose
                .chars()
                .filter(|c| c.is_lowercase())
                .take(10)
                .gather_text();
            (
                bad.is_empty(),
                (!bad.is_empty()).then(|| format!("lowercase letters: {bad}")),
            )
        }
        Rule::CapitalWords(rel, n) => {
            let have = text
                .split(crate::drift::text::char_test(|c: char| {
                    !(c.is_alphanumeric() || c == '\'')
                }))
                .filter(|w| {
                    w.chars().any(char::is_alphabetic) && !w.chars().any(char::is_lowercase)
                })
                .count();
            count(*rel, have, *n, "words in capital letters")
        }
        Rule::Title => {
            let ok = text.lines().any(|l| {
                l.find_str("<<").is_some_and(|a| {
                    l.get(a + 2..).and_then(|r| {
                        r.find_str(">>")
                            .map(|b| !r.get(..b).unwrap_or_default().trim().is_empty())
                    }) == Some(true)
                })
            });
            (
                ok,
                (!ok).then(|| "no title in <<double angular brackets>>".into()),
            )
        }
        Rule::Quoted => {
            let ok = trimmed.len() > 1 && trimmed.starts_with('"') && trimmed.ends_with('"');
            (
                ok,
                (!ok).then(|| "not wrapped in double quotation marks".into()),
            )
        }
        Rule::Json => {
            let body = trimmed
                .strip_prefix("```json")
                .or_else(|| trimmed.strip_prefix("```Json"))
                .or_else(|| trimmed.strip_prefix("```JSON"))
                .or_else(|| trimmed.strip_prefix("```"))
                .unwrap_or(trimmed);
            let body = body.strip_suffix("```").unwrap_or(body).trim();
            let ok = serde_json::from_str::<serde_json::Value>(body).is_ok();
            (ok, (!ok).then(|| "the result is not a JSON value".into()))
        }
        Rule::CodeOnly => {
            let fenced = text
                .lines()
                .any(|l| l.trim_start().starts_with("```") || l.trim_start().starts_with("~~~"));
            let prose = lists::outside_fences(text).find(|l| !l.trim().is_empty());
            // A fence of four marks holds fences of three, which the scan does not nest.
            match prose.filter(|_| fenced && !text.has("````")) {
                Some(line) => (
                    false,
                    Some(format!(
                        "text outside the code: {}",
                        line.trim().chars().take(80).gather_text()
                    )),
                ),
                None => (true, None),
            }
        }
        Rule::Postscript(marker) => {
            let lower = text.lower();
            let ok = if marker == "P.P.S" {
                lower.lines().any(|l| {
                    let t = l.trim_start().replace(' ', "");
                    t.starts_with("p.p.s")
                })
            } else {
                lower.lines().any(|l| {
                    let t = l.trim_start().replace(' ', "");
                    t.starts_with("p.s.")
                })
            };
            (
                ok,
                (!ok).then(|| format!("no postscript starting with {marker}")),
            )
        }
        Rule::EndsWith(_) | Rule::EndsWithOneOf(_) => {
            let (phrases, choice) = match rule {
                Rule::EndsWithOneOf(ps) => (ps.as_slice(), true),
                Rule::EndsWith(p) => (std::slice::from_ref(p), false),
                _ => (&[][..], false),
            };
            // A phrase in capitals ("READY FOR REVIEW", "STATUS: DONE") is a token a parser
            // greps for: its case is matched as written.
            let end = if phrases.iter().any(|p| capitalised_token(p)) {
                trimmed.to_string()
            } else {
                trimmed.lower()
            };
            // A choice's phrases are code spans or quotes: the answer may set them in marks of its
            // own ("**Confidence:** medium", "`Risk: low`.").
            let plain = |s: &str| {
                s.replace("**", "")
                    .trim_end_matches(&['.', '*', '_', '`', '"', '\'', ' ', '\n'][..])
                    .to_string()
            };
            let plain_end = choice.then(|| plain(&end));
            let ok = phrases.iter().any(|p| {
                let p = if capitalised_token(p) {
                    p.trim().to_string()
                } else {
                    p.trim().lower()
                };
                end.ends_with(p.as_str())
                    || plain_end.as_ref().is_some_and(|e| e.ends_with(&plain(&p)))
            });
            // Its last 60 characters.
            let from = trimmed.char_indices().rev().nth(59).map_or(0, |(i, _)| i);
            let tail = trimmed.get(from..).unwrap_or_default();
            (ok, (!ok).then(|| format!("it ends with \"{tail}\"")))
        }
        Rule::StartsWith(_) | Rule::StartsWithOneOf(_) => {
            let phrases = openings(rule);
            // Markdown's marks before the first words are no words ("## STATUS: ok").
            let marks: &[char] = &['#', '*', '>', '_', ' ', '"', '\'', '`'];
            let opening = trimmed.trim_start_matches(marks);
            let lower_opening = opening.lower();
            // The phrase's own marks too ("start with '## Summary'").
            let ok = phrases.iter().any(|phrase| {
                let phrase = phrase.trim().trim_start_matches(marks);
                let (text, phrase) = if capitalised_token(phrase) {
                    (opening, phrase.to_string())
                } else {
                    (lower_opening.as_str(), phrase.lower())
                };
                // A word ends where the phrase does: "Not this month" opens with no "No".
                text.strip_prefix(phrase.as_str()).is_some_and(|r| {
                    !(phrase
                        .ends_with(crate::drift::text::char_test(|c: char| c.is_alphanumeric()))
                        && r.starts_with(crate::drift::text::char_test(|c: char| {
                            c.is_alphanumeric()
                        })))
                })
            });
            let head: String = opening.chars().take(60).gather_text();
            (ok, (!ok).then(|| format!("it starts with \"{head}\"")))
        }
        Rule::FirstLineIs(ps) => answer_line::check(text, ps),
        Rule::TwoResponses => {
            let parts: Vec<&str> = text.split("******").gather();
            let last = parts.len().saturating_sub(1);
            let mut valid = Vec::new();
            for (i, p) in parts.iter().enumerate() {
                if p.trim().is_empty() {
                    if i != 0 && i != last {
                        return (
                            false,
                            Some("an empty response between the separators".into()),
                        );
                    }
                } else {
                    valid.push(p.trim());
                }
            }
            let ok = valid.len() == 2 && valid.first() != valid.get(1);
            (
                ok,
                (!ok).then(|| format!("{} responses separated by ******", valid.len())),
            )
        }
        Rule::FixedAnswer => {
            let ok = crate::drift::text::contains_any(
                text,
                "My answer is yes.|My answer is no.|My answer is maybe.",
            );
            (ok, (!ok).then(|| "none of the given answers".into()))
        }
        Rule::Includes(words) => {
            // Typographic quotes and a wrapped line are the same words ("We’re sorry for
            // the\ndisruption").
            let plain = |s: &str| -> String {
                s.replace(&['\u{2019}', '\u{2018}'][..], "'")
                    .replace(&['\u{201c}', '\u{201d}'][..], "\"")
                    .split_whitespace()
                    .gather()
                    .join(" ")
            };
            let flat = plain(text);
            let missing: Vec<&str> = words
                .iter()
                .filter(|w| find_ci(text, w) == 0 && find_ci(&flat, &plain(w)) == 0)
                .map(String::as_str)
                .gather();
            (
                missing.is_empty(),
                (!missing.is_empty()).then(|| format!("missing: {}", missing.join(", "))),
            )
        }
        Rule::Forbids(words) => {
            // A fenced block quotes code or a log, a code span a name (the `just` runner, a
            // `cheap-runners.tf` file), a quoted passage someone else's words: none is the
            // answer's own wording (a block quote may be: the entry it was asked to write).
            // A JSON answer's strings are its own words ("{"Nickname": …}").
            let json = text.trim_start().starts_with(&['{', '['][..]);
            let keyed = words.iter().any(|w| w.contains('-'));
            let mut intro = String::new();
            // A table's "Old text" column shows what is replaced, not the reply's words.
            let text = &tables::without_old_columns(text);
            let prose: Vec<String> = lists::outside_fences(text)
                .map(|l| {
                    // A passage quoted whole after "Here's the paragraph:" is the deliverable.
                    let own = delivered_quote(&intro, l);
                    if !l.trim().is_empty() {
                        intro = l.trim().to_ascii_lowercase();
                    }
                    (own, super::text::outside_code_spans(l))
                })
                .map(|(own, l)| if json || own { l } else { without_quoted(&l) })
                // A link names a page ("https://github.com/…"), as a code span names a file,
                // and a ticket key a ticket ("TT-231" under a ban of the abbreviation "TT").
                .map(|l| {
                    l.split(' ')
                        .gather()
                        .kept(|t| !t.has("://") && (keyed || !ticket_key(t)))
                        .join(" ")
                })
                .gather();
            check(&Rule::ForbidsAnywhere(words.clone()), &prose.join("\n"))
        }
        Rule::ForbidsAnywhere(words) => {
            let lower = text.lower();
            // An abbreviation in capitals that is also a common word ("TO" for "tournament
            // organizer", "IT", "US") is banned as written: "to" is the preposition.
            let as_written = |w: &str| {
                w.len() >= 2
                    && w.bytes().all(|b| b.is_ascii_uppercase())
                    && super::text::is_stop(&w.to_ascii_lowercase())
            };
            let used: Vec<&str> = words
                .iter()
                .filter(|w| {
                    if as_written(w) {
                        used_alone(text, w)
                    } else {
                        let named = (w.has(" ") && w.lower() == **w).then_some(text);
                        let w = w.lower();
                        used_alone_in(&lower, &w, named)
                            || plural(&w).is_some_and(|p| used_alone(&lower, &p))
                    }
                })
                .map(String::as_str)
                .gather();
            (
                used.is_empty(),
                (!used.is_empty()).then(|| format!("uses: {}", used.join(", "))),
            )
        }
        // IFEval counts the word inside longer ones too ("Rijksmuseum" is a "museum"): so does
        // a lower bound; an upper bound counts whole words, which a reader counts.
        // An exact count holds if either count meets it, or they lie either side of it.
        Rule::WordCount(word, rel, n) => {
            let (whole, inside) = (find_words_ci(text, word), find_ci(text, word));
            let have = match rel {
                Rel::LessThan => whole,
                Rel::AtLeast => inside,
                Rel::Exactly if (whole..=inside).contains(n) => *n,
                Rel::Exactly => inside,
            };
            count(*rel, have, *n, &format!("uses of \"{word}\""))
        }
        Rule::LetterCount(c, rel, n) => {
            let l = crate::drift::text::lower_char(*c);
            let have = text.lower().chars().filter(|x| *x == l).count();
            count(*rel, have, *n, &format!("uses of the letter \"{c}\""))
        }
        Rule::Repeats(request) => {
            let ok = trimmed.lower().starts_with(request.trim().lower().as_str());
            (
                ok,
                (!ok).then(|| {
                    "the result does not start with the request, repeated word for word".into()
                }),
            )
        }
        Rule::NthParagraphWord {
            paragraphs,
            nth,
            word,
        } => {
            let parts: Vec<&str> = text.split("\n\n").gather();
            let have = parts.iter().filter(|p| !p.trim().is_empty()).count();
            let first: String = parts
                .get(nth - 1)
                .and_then(|p| p.split_whitespace().next())
                .unwrap_or("")
                .trim_start_matches(&['\'', '"'][..])
                .chars()
                .take_while(|c| !matches!(c, '.' | ',' | '?' | '!' | '\'' | '"'))
                .map(crate::drift::text::lower_char)
                .gather_text();
            let ok = have == *paragraphs && first == *word;
            (
                ok,
                (!ok)
                    .then(|| format!("{have} paragraphs; paragraph {nth} starts with \"{first}\"")),
            )
        }
        Rule::Headings(names) => {
            let heads: Vec<String> = text
                .lines()
                .map(|l| {
                    let h = l.trim_start().trim_start_matches(&['#', '*', '_', ' '][..]);
                    // "## 1. Summary": the number is no part of the name.
                    let h = h
                        .trim_start_matches(crate::drift::text::digit_char)
                        .strip_prefix(&['.', ')'][..])
                        .map_or(h, str::trim_start);
                    h.lower()
                })
                .gather();
            let missing: Vec<&str> = names
                .iter()
                .filter(|n| !heads.iter().any(|h| h.starts_with(&n.lower())))
                .map(String::as_str)
                .gather();
            (
                missing.is_empty(),
                (!missing.is_empty()).then(|| format!("no heading {}", missing.join(", "))),
            )
        }
        Rule::SectionOrder(names) => {
            // Heading lines, "## X" first; else labels ("**X**", "X:" alone). A heading is a
            // name when it is the name, or the name and a note ("Risks (2)", "Fix: retries"),
            // not a title that starts with it ("# Changes to the billing job").
            let lines: Vec<(usize, &str)> = lists::outside_fences(text)
                .map(str::trim)
                .enumerate()
                .gather();
            let is_name = |h: &str, n: &str| {
                let h = h.trim_matches(&['#', '*', ' ', ':'][..]).lower();
                let n = n.lower();
                h == n
                    || h.strip_prefix(&n)
                        .is_some_and(|r| r.starts_with(&[':', '('][..]) || r.starts_any(" (| -"))
            };
            // The names shown, with their lines: a name left out (an optional section) leaves
            // the others' order to check.
            let find = |heading: &dyn Fn(&str) -> bool| -> Vec<(usize, &String)> {
                names
                    .iter()
                    .filter_map(|n| {
                        lines
                            .iter()
                            .find(|(_, l)| heading(l) && is_name(l, n))
                            .map(|(i, _)| (*i, n))
                    })
                    .gather()
            };
            let mut found = find(&|l: &str| l.starts_with('#'));
            if found.len() < names.len() {
                let labels = find(&|l: &str| {
                    (l.starts_with("**") && l.ends_with(&['*', ':'][..]))
                        || (l.ends_with(':') && l.split_whitespace().count() <= 4)
                });
                if labels.len() > found.len() {
                    found = labels;
                }
            }
            let ordered = found.windows(2).all(|p| matches!(p, [a, b] if a.0 < b.0));
            (
                ordered,
                (!ordered).then(|| {
                    let mut by: Vec<(usize, &String)> = found;
                    crate::sort::sort(&mut by);
                    let seen: Vec<&str> = by.iter().map(|(_, n)| n.as_str()).gather();
                    format!("sections in the order {}", seen.join(", "))
                }),
            )
        }
        Rule::NoCodeBlocks => {
            let ok = !text.has("```");
            (ok, (!ok).then(|| "a fenced code block".into()))
        }
        Rule::NumberedList => {
            // A one-sentence answer with no list that says there is nothing to list.
            let nothing = || {
                let lower = text.to_ascii_lowercase();
                lower
                    .split(crate::drift::text::not_ascii_alnum_char)
                    .any(|w| crate::drift::text::in_list("no|none|nothing|zero", w))
            };
            let ok = lists::has_numbered_list(text)
                || (lists::list_lengths(text).is_empty() && sentence_count(text) == 1 && nothing());
            (ok, (!ok).then(|| "no numbered list".into()))
        }
        Rule::NoBullets(numbered) => match bullet_line(text, *numbered) {
            None => (true, None),
            Some(line) => (false, Some(format!("a bullet line: \"{line}\""))),
        },
        Rule::NoHeadings => match heading_line(text) {
            None => (true, None),
            Some(line) => (false, Some(format!("a heading: \"{line}\""))),
        },
        Rule::NoExclamations => {
            // Code's "!=" and "!important" are no marks, a quoted passage ("the old banner
            // said "Sale!"") someone else's words.
            let prose = prose_of(text);
            let line = prose
                .lines()
                .map(|l| cut_quoted(l, |_, _| false))
                .find(|l| {
                    l.match_indices('!').any(|(i, _)| {
                        !l.get(i + 1..).is_some_and(|r| {
                            r.starts_with(crate::drift::text::char_test(char::is_alphanumeric))
                                || r.starts_with('=')
                        })
                    })
                });
            (
                line.is_none(),
                line.map(|l| {
                    format!(
                        "an exclamation mark: \"{}\"",
                        l.trim().chars().take(80).gather_text()
                    )
                }),
            )
        }
        Rule::NoUrls => match url_line(text) {
            None => (true, None),
            Some(line) => (false, Some(format!("a URL: \"{line}\""))),
        },
        Rule::NoFirstPerson(pronouns) => match first_person(text, pronouns) {
            None => (true, None),
            Some(at) => (false, Some(format!("first person: \"{at}\""))),
        },
        Rule::JsonKeysAtEnd(keys) => {
            let last = trailing_json(text).or_else(|| {
                let blocks = super::modality::fenced_blocks(text);
                let b = blocks.last().filter(|b| b.closed)?;
                // Only a block that closes the answer.
                if text.get(b.outer.1..)?.trim().is_empty() {
                    serde_json::from_str(b.body).ok()
                } else {
                    None
                }
            });
            // An array of such objects too ("an array with one object per issue, keys …").
            let objects: Option<Vec<&serde_json::Map<String, serde_json::Value>>> =
                match last.as_ref() {
                    Some(serde_json::Value::Object(m)) => Some(vec![m]),
                    Some(serde_json::Value::Array(items)) if !items.is_empty() => {
                        items.iter().map(serde_json::Value::as_object).gather_some()
                    }
                    _ => None,
                };
            match objects {
                Some(ms) => {
                    let missing: Vec<&str> = keys
                        .iter()
                        .filter(|k| ms.iter().any(|m| !m.contains_key(k.as_str())))
                        .map(String::as_str)
                        .gather();
                    (
                        missing.is_empty(),
                        (!missing.is_empty())
                            .then(|| format!("the JSON object lacks {}", missing.join(", "))),
                    )
                }
                None => (false, Some("it does not end with a JSON object".into())),
            }
        }
        Rule::JsonKeys(keys, exact, alone) => {
            let body = trimmed
                .trim_start_matches("```json")
                .trim_start_matches("```")
                .trim_end_matches("```")
                .trim();
            // "The report must include a ```json block with exactly the keys …": not the whole
            // answer, then its fenced blocks, the first that holds the keys (else the last).
            let parsed = serde_json::from_str::<serde_json::Value>(body).or_else(|e| {
                // A JSON answer with notes after it ("add any caveats after the JSON").
                let leading = serde_json::Deserializer::from_str(body)
                    .into_iter::<serde_json::Value>()
                    .next()
                    .and_then(Result::ok)
                    .filter(|v| v.is_object() || v.is_array());
                let blocks: Vec<serde_json::Value> =
                    super::modality::fenced_where(text, |b| b.closed)
                        .into_iter()
                        .filter_map(|b| serde_json::from_str(b.body).ok())
                        .gather()
                        .kept(|v: &serde_json::Value| v.is_object() || v.is_array());
                let holds = |v: &serde_json::Value| {
                    v.as_object()
                        .is_some_and(|m| keys.iter().all(|k| m.contains_key(k.as_str())))
                };
                // One line before the JSON, where the message did not ask for the JSON alone.
                let led = trimmed
                    .split_once('\n')
                    .filter(|_| !alone)
                    .and_then(|(_, rest)| serde_json::from_str(rest.trim()).ok())
                    .filter(|v: &serde_json::Value| v.is_object() || v.is_array());
                blocks
                    .iter()
                    .find(|v| holds(v))
                    .cloned()
                    .or(leading)
                    .or(led)
                    .or_else(|| blocks.last().cloned())
                    .ok_or(e)
            });
            // "A JSON array of objects, each with keys …": every element holds them.
            let objects = match parsed {
                Ok(serde_json::Value::Object(m)) => Some(vec![m]),
                Ok(serde_json::Value::Array(items)) => items
                    .into_iter()
                    .map(|i| match i {
                        serde_json::Value::Object(m) => Some(m),
                        _ => None,
                    })
                    .gather_some(),
                _ => None,
            };
            // "A key `event` whose value is an object with the keys …": the keys may be one
            // nested object's; one that holds them all is the object they name.
            let objects = objects.map(|ms| {
                if keys
                    .iter()
                    .all(|k| ms.iter().all(|m| m.contains_key(k.as_str())))
                {
                    return ms;
                }
                match ms.iter().find_map(|m| nested_holder(m, keys, 0)) {
                    Some(held) => vec![held.clone()],
                    None => ms,
                }
            });
            match objects {
                Some(ms) => {
                    let mut missing: Vec<&str> = keys
                        .iter()
                        .filter(|k| ms.iter().any(|m| !m.contains_key(k.as_str())))
                        .map(String::as_str)
                        .gather();
                    let extra: Vec<&str> = ms
                        .iter()
                        .flat_map(|m| m.keys())
                        .filter(|k| *exact && !keys.contains(k))
                        .map(String::as_str)
                        .gather();
                    if !extra.is_empty() {
                        return (
                            false,
                            Some(format!("keys not asked for: {}", extra.join(", "))),
                        );
                    }
                    missing.dedup();
                    (
                        missing.is_empty(),
                        (!missing.is_empty())
                            .then(|| format!("keys missing: {}", missing.join(", "))),
                    )
                }
                None => (false, Some("the result is not a JSON object".into())),
            }
        }
        Rule::Language(l) => language::check(text, l),
        Rule::Script(script) => {
            let (mut letters, mut inside) = (0usize, 0usize);
            for c in text.chars() {
                if c.is_alphabetic() {
                    letters += 1;
                    inside += usize::from(in_script(c, script));
                }
            }
            let ok = letters == 0 || inside * 2 >= letters;
            (
                ok,
                (!ok).then(|| format!("{inside} of {letters} letters are in the {script} script")),
            )
        }
    }
}

fn describe(rule: &Rule) -> (&'static str, String) {
    match rule {
        Rule::InPart(name, inner) => {
            let (kind, constraint) = describe(inner);
            (kind, format!("{constraint} in the \"{name}\" part"))
        }
        Rule::ExceptPart(name, inner) => {
            let (kind, constraint) = describe(inner);
            (kind, format!("{constraint} (outside the \"{name}\" part)"))
        }
        Rule::PartOrWhole(name, inner) => {
            let (kind, constraint) = describe(inner);
            (
                kind,
                format!("{constraint} (in the \"{name}\" part where one is shown)"),
            )
        }
        Rule::Words(r, n) => ("words", format!("{} words", r.words(*n))),
        Rule::ProseWords(r, n) => (
            "words",
            format!("{} words outside code blocks", r.words(*n)),
        ),
        Rule::Sentences(r, n) => ("sentences", format!("{} sentences", r.words(*n))),
        Rule::Questions(r, n, _) => (
            "questions",
            format!("{} question{}", r.words(*n), if *n == 1 { "" } else { "s" }),
        ),
        Rule::Paragraphs(r, n) => ("paragraphs", format!("{} paragraphs", r.words(*n))),
        Rule::DividedParagraphs(n) => (
            "paragraphs",
            format!("exactly {n} paragraphs separated by ***"),
        ),
        Rule::Bullets(r, n) => ("bullets", format!("{} bullet points", r.words(*n))),
        Rule::BulletWords(r, n) => ("bullet-words", format!("{} words in each bullet", r.words(*n))),
        Rule::Table(ask) => (
            if ask.columns.is_empty() {
                "table"
            } else {
                "table-columns"
            },
            if ask.columns.is_empty() {
                "a Markdown table".to_string()
            } else {
                format!(
                    "a table with {}the columns {}{}",
                    if ask.exact { "exactly " } else { "" },
                    ask.columns.join(" | "),
                    if ask.ordered { ", in that order" } else { "" }
                )
            },
        ),
        Rule::Lines(n, blanks) => (
            "lines",
            format!(
                "at most {n} {}",
                if *blanks { "lines, blank ones too" } else { "non-empty lines" }
            ),
        ),
        Rule::IsoDates(form) => ("iso-dates", format!("dates written as {}", form_name(*form))),
        Rule::Clock24 => ("clock-24", "times on the 24-hour clock".to_string()),
        Rule::NumberFormat(f) => ("number-format", numbers::describe(f)),
        Rule::NoMarkdown => ("no-markdown", "no Markdown".to_string()),
        Rule::TextChars { noun, n, .. } => (
            "text-characters",
            format!("a {noun} of at most {n} characters"),
        ),
        Rule::LineChars(b) => ("line-characters", line_length::describe(b)),
        Rule::CommitStartsWith(p) => ("opening", format!("a commit subject starting with \"{p}\"")),
        Rule::CommitForm(f) => ("commit-form", commits::describe(f)),
        Rule::TitleChars(commit, n, _) => (
            "title-characters",
            format!(
                "a {} of at most {n} characters",
                if *commit { "commit subject" } else { "PR title" }
            ),
        ),
        Rule::TitleWords(n, ..) => ("title-words", format!("a title of at most {n} words")),
        Rule::LineCase(c) => ("line-case", line_case::describe(c)),
        Rule::InUnit(u) => ("unit", units::describe(u)),
        Rule::BulletStart(_) => ("bullet-start", "every bullet starting as asked".to_string()),
        Rule::YamlKeys(y) => (
            "yaml-keys",
            [
                "YAML with ",
                if y.exact { "only " } else { "" },
                "the keys ",
                &y.keys.join(", "),
            ]
            .concat(),
        ),
        Rule::TimeForm(f) => (
            "timestamps",
            if f.zulu {
                "every timestamp in UTC ending in Z"
            } else if f.offset {
                "every timestamp with its UTC offset"
            } else {
                "every timestamp in ISO 8601"
            }
            .to_string(),
        ),
        Rule::SortOrder(o) => (
            "sort-order",
            [
                "sorted ",
                &o.key.join(" "),
                if o.descending { " descending" } else { " ascending" },
            ]
            .concat(),
        ),
        Rule::CodeBlock(fenced) => (
            "code-block",
            format!("a {}code block", if *fenced { "fenced " } else { "" }),
        ),
        Rule::IfFailedHeading(name) => (
            "if-failed-heading",
            format!("a \"{name}\" heading if a test fails"),
        ),
        Rule::BritishSpelling => ("british-spelling", "British spelling".to_string()),
        Rule::ListItems(r, n) => ("list-items", format!("a list of {} items", r.words(*n))),
        Rule::Highlights(n) => ("highlights", format!("at least {n} highlighted sections")),
        Rule::Sections(m, n) => ("sections", format!("at least {n} sections marked {m} X")),
        Rule::Placeholders(n) => ("placeholders", format!("at least {n} [placeholders]")),
        Rule::NoCommas => ("no-commas", "no commas".into()),
        Rule::Lowercase => ("lowercase", "all lowercase".into()),
        Rule::Uppercase => ("uppercase", "all capital letters".into()),
        Rule::CapitalWords(r, n) => (
            "capital-words",
            format!("{} words in capital letters", r.words(*n)),
        ),
        Rule::Title => ("title", "a title in <<double angular brackets>>".into()),
        Rule::Quoted => ("quoted", "wrapped in double quotation marks".into()),
        Rule::Json => ("json", "the whole output in JSON".into()),
        Rule::CodeOnly => ("code-only", "code only, nothing outside it".into()),
        Rule::Postscript(m) => ("postscript", format!("a postscript starting with {m}")),
        Rule::EndsWith(p) => ("ending", format!("ends with \"{p}\"")),
        Rule::EndsWithOneOf(ps) => ("ending", format!("ends with one of \"{}\"", ps.join("\", \""))),
        Rule::StartsWith(p) => ("opening", format!("starts with \"{p}\"")),
        Rule::StartsWithOneOf(ps) => (
            "opening",
            format!("starts with one of \"{}\"", ps.join("\", \"")),
        ),
        Rule::FirstLineIs(ps) => (
            "opening",
            format!("a first line of \"{}\" alone", ps.join("\" or \"")),
        ),
        Rule::TwoResponses => ("two-responses", "two responses separated by ******".into()),
        Rule::FixedAnswer => ("fixed-answer", "one of the given answers".into()),
        Rule::Includes(w) => ("includes", format!("includes {}", w.join(", "))),
        Rule::Forbids(w) | Rule::ForbidsAnywhere(w) => {
            ("forbids", format!("never uses {}", w.join(", ")))
        }
        Rule::ProseForbids(w) => (
            "forbids",
            format!("never uses {} outside code", w.join(", ")),
        ),
        Rule::OwnForbids(w) => (
            "forbids",
            format!("never uses {} in its own words", w.join(", ")),
        ),
        Rule::WordCount(w, r, n) => ("word-count", format!("\"{w}\" {} times", r.words(*n))),
        Rule::LetterCount(c, r, n) => (
            "letter-count",
            format!("the letter \"{c}\" {} times", r.words(*n)),
        ),
        Rule::Script(s) => ("script", format!("written in the {s} script")),
        Rule::Language(l) => ("language", format!("written in {}", l.name)),
        Rule::Headings(h) => ("headings", format!("the headings {}", h.join(", "))),
        Rule::SectionOrder(h) => ("section-order", format!("the sections in the order {}", h.join(", "))),
        Rule::JsonKeys(k, exact, _) => (
            "json-keys",
            format!(
                "a JSON object with {}the keys {}",
                if *exact { "only " } else { "" },
                k.join(", ")
            ),
        ),
        Rule::JsonKeysAtEnd(k) => (
            "json-keys",
            format!("ends with a JSON object with the keys {}", k.join(", ")),
        ),
        Rule::NoCodeBlocks => ("no-code-blocks", "no code blocks".into()),
        Rule::NoTables => ("no-tables", "no Markdown tables".into()),
        Rule::NoPlaceholders(_) => ("no-placeholders", "no placeholders left to fill in".into()),
        Rule::HeadingForm(f) => (
            "heading-form",
            match f {
                headings::HeadingForm::Level(n, ..) => format!("headings at level {n}"),
                headings::HeadingForm::Levels(lo, hi) => format!("headings at levels {lo} to {hi}"),
                headings::HeadingForm::AllCaps => "headings in ALL CAPS".into(),
                headings::HeadingForm::SentenceCase => "headings in sentence case".into(),
            },
        ),
        Rule::FirstHolds(f) => (
            "first-holds",
            format!(
                "\"{}\" in the first {}",
                f.phrase,
                if f.sentence { "sentence" } else { "line" }
            ),
        ),
        Rule::JsonTypes(t) => (
            "json-types",
            format!(
                "JSON values of the asked types ({})",
                t.iter()
                    .map(|(k, kind, _)| format!("{k}: {kind:?}"))
                    .gather()
                    .join(", ")
            ),
        ),
        Rule::PlaceholderStyle(s) => (
            "placeholder-style",
            format!("placeholders written {}NAME{}", s.open, s.close),
        ),
        Rule::NoBullets(numbered) => ("no-bullets", if *numbered { "no bullet points or numbered lists" } else { "no bullet points" }.into()),
        Rule::NoHeadings => ("no-headings", "no Markdown headings".into()),
        Rule::NoUrls => ("no-urls", "no URLs".into()),
        Rule::NoExclamations => ("no-exclamations", "no exclamation marks".into()),
        Rule::NoFirstPerson(p) => ("no-first-person", format!("no first person ({})", p.join(", "))),
        Rule::NumberedList => ("numbered-list", "a numbered list".into()),
        Rule::Repeats(r) => ("repeat", format!("starts with the request repeated: \"{}…\"", r.chars().take(60).gather_text())),
        Rule::NthParagraphWord { paragraphs, nth, word } => (
            "nth-paragraph",
            format!("exactly {paragraphs} paragraphs separated by blank lines, paragraph {nth} starting with \"{word}\""),
        ),
    }
}

/// A reply's first block, up to its first blank line: where an unlabelled summary or answer
/// paragraph stands.
fn first_block(text: &str) -> &str {
    text.trim_start().split("\n\n").next().unwrap_or_default()
}

/// "I kept it short.\n\n---\n\n<the FAQ text>\n\n---\n\nNotes": a part the reply sets
/// apart between rules, where it names none.
fn ruled_part(text: &str) -> Option<&str> {
    let mut rules = text
        .match_indices('\n')
        .map(|(i, _)| i + 1)
        .filter_map(|i| {
            let line = text.get(i..)?.lines().next()?;
            crate::drift::text::in_list("---|***", line.trim()).then_some((i, i + line.len()))
        });
    let (first, a) = rules.next()?;
    let Some((b, _)) = rules.next_back() else {
        // One rule, a few lines below it ("…\n---\nI wasn't sure whether …"): a word to the
        // requester after the text.
        let (part, after) = (text.get(..first)?, text.get(a..)?.trim());
        // (Said by the writer: "I wasn't sure …", "Note: …"; not a sign-off to customers.)
        let own = crate::drift::text::starts_with_any(after, "I |I'|Note|FYI|PS|P.S.")
            || after.has_any(" I | I'");
        return (own
            && after.lines().filter(|l| !l.trim().is_empty()).count() <= 5
            && part.trim().len() > 2 * after.len())
        .then_some(part);
    };
    // Words before and after it, and the part the longest of the three.
    let (before, part, after) = (text.get(..a)?, text.get(a..b)?, text.get(b..)?);
    let after = after.trim_start_matches(&['-', '*', '\n', ' '][..]);
    (!before.trim().is_empty() && part.len() > before.len() + after.len()).then_some(part)
}

/// Words that make an asked ending the result's very last: no note may follow it.
const STRICT_END: &str = "nothing after it|nothing else after|nothing after that|nothing below it|parses the last line|reads the last line|last line must be exactly|final line must be exactly|very last line";

/// Parses the message's checkable constraints and checks each in the result.
pub fn check_all(message: &str, result: &str) -> Vec<Checked> {
    // What the answer delivers, without its notes to the requester ([`notes`]), computed once.
    let mut delivered: Option<Option<String>> = None;
    let mut given: Option<Vec<String>> = None;
    let lower_message = message.to_ascii_lowercase();
    // "Add any notes to me after a `---` line": what follows the last rule is the notes.
    let notes_after_rule = has_any_in(
        &lower_message,
        "after a `---`|below a `---`|under a `---`|after the `---`|below the `---`|after `---`",
    );
    // Notes asked below the text ("Below the draft, tell me …"): an ending said of "it" is the
    // draft's, above them.
    let notes_below = notes_after_rule
        || has_any_in(
            &lower_message,
            "below the draft|under the draft|after the draft|below it, tell|below it tell|underneath it, tell",
        );
    // A text to hand on is asked for ("Draft the post …", "Write the release notes …").
    let drafts = ws_of(&lower_message)
        .iter()
        .any(|w| crate::drift::text::in_list("draft|write|rewrite|compose", w));
    // A commit message asked for is shown in a fence of no language ("Give me the commit
    // message …", then "```\ningest: drop …\n```"); so is a draft ("Draft:\n\n```\n…```").
    let commit = lower_message.has("commit message");
    let apart = parts::asks_a_part_apart(&lower_message);
    let mut apart_parts: Option<Vec<String>> = None;
    let mut checked = parse(message)
        .into_iter()
        .map(|(of_reply, rule)| {
            let (kind, constraint) = describe(&rule);
            // A rule of what is delivered (not one that names the reply itself) is checked on
            // it: an email's sign-off, a bio's case, a README's banned words.
            // A bound on bullets or items leaves the notes out only beside a text to hand on
            // ("What I changed:" may be the summary asked for).
            let counts_items = |r: &Rule| matches!(r, Rule::Bullets(..) | Rule::ListItems(..));
            let listed = counts_items(&rule)
                || matches!(&rule, Rule::PartOrWhole(_, inner) if counts_items(inner));
            // A part the result labels is found in the whole result ("**Note for vets**" is
            // not a note to the requester).
            let labelled = matches!(&rule, Rule::PartOrWhole(name, _)
                if parts::find(result, name).is_some() || ruled_part(result).is_some());
            // "… and nothing after it", "our bot parses the last line": the result's own end.
            // (Not where notes are asked below the text: "… and nothing after it. Below the
            // draft, tell me …" is the draft's end.)
            let strict_end = matches!(rule, Rule::EndsWith(_) | Rule::EndsWithOneOf(_))
                && has_any_in(&lower_message, STRICT_END)
                && !notes_below;
            // "All dates must be written as YYYY-MM-DD": a "## Notes" section's too.
            let every_date = matches!(rule, Rule::IsoDates(_))
                && has_any_in(&lower_message, "all dates|every date|all the dates");
            let text = if of_the_text(&rule)
                && !of_reply
                && (drafts || !listed)
                && !labelled
                && !strict_end
                && !every_date
            {
                delivered
                    .get_or_insert_with(|| {
                        notes_after_rule
                            .then(|| notes::before_last_rule(result))
                            .flatten()
                            .or_else(|| notes_label(message).and_then(|l| before_line(result, &l)))
                            .or_else(|| notes::without_notes(result))
                    })
                    .as_deref()
                    .unwrap_or(result)
            } else {
                result
            };
            let (mut holds, mut evidence) = check(&rule, text);
            // A banned word inside a text the message gives word for word is that text's.
            if !holds && is_ban(&rule) {
                let given = given.get_or_insert_with(|| given_texts(message));
                let mut t = text.to_string();
                for g in given.iter() {
                    t = t.replace(g.as_str(), "");
                }
                if t.len() < text.len() && check(&rule, &t).0 {
                    (holds, evidence) = (true, None);
                }
            }
            // "Show me the old text first for comparison": the old text shown is not the
            // worker's words.
            if !holds
                && is_ban(&rule)
                && has_any_in(
                    &lower_message,
                    "old text|old version|old message|old wording|original text|original wording|for comparison|before and after",
                )
            {
                let mut t = text.to_string();
                for name in "old|original|before".split('|') {
                    if let Some(p) = parts::find(text, name) {
                        t = t.replace(p.as_str(), "");
                    }
                }
                if t.len() < text.len() && check(&rule, &t).0 {
                    (holds, evidence) = (true, None);
                }
            }
            // A ban placed in one part of a message that asks for another ("No jargon in her
            // summary …; add a separate note for me"): kept in a labelled part, the ban's part
            // may be that one (silent).
            // (Only where the ban's part is not found: "Part 1: …" is that part.)
            let unfound = || match &rule {
                Rule::PartOrWhole(name, _) => parts::find(result, name).is_none(),
                _ => true,
            };
            if !holds && is_ban(&rule) && apart && unfound() {
                let parts = apart_parts.get_or_insert_with(|| parts::labelled_parts(result));
                if parts.iter().any(|p| check(&rule, p).0) {
                    (holds, evidence) = (true, None);
                }
            }
            // A deliverable's ending with words to the requester after it ("… See CHANGELOG.md
            // for details.\n\nI left out the beta flag."): a paragraph ends as asked.
            // (Or the whole result ends so: a note the reading cut off came before it.)
            if !holds
                && matches!(rule, Rule::EndsWith(_) | Rule::EndsWithOneOf(_))
                && check(&rule, result).0
            {
                (holds, evidence) = (true, None);
            }
            // (Or the text above the last `---` rule, a note to the requester below it.)
            if !holds
                && (!of_reply || notes_below)
                && !strict_end
                && matches!(rule, Rule::EndsWith(_) | Rule::EndsWithOneOf(_))
                && notes::before_last_rule(result).is_some_and(|p| check(&rule, &p).0)
            {
                (holds, evidence) = (true, None);
            }
            if !holds
                && !of_reply
                && !strict_end
                && matches!(rule, Rule::EndsWith(_) | Rule::EndsWithOneOf(_))
                && {
                    // The paragraph before the last (a note after it), not any earlier one.
                    let paras: Vec<&str> =
                        text.split("\n\n").gather().kept(|p| !p.trim().is_empty());
                    paras.len() >= 2
                        && paras
                            .get(paras.len() - 2)
                            .is_some_and(|p| check(&rule, p).0)
                }
            {
                (holds, evidence) = (true, None);
            }
            // A rule of a deliverable the result pastes (a draft in a block quote, a text in a
            // fenced block) with words to the requester around it: not broken while a paste
            // keeps it — the deliverable may be that paste. Silence over a guess.
            if !holds
                && !of_reply
                && of_the_text(&rule)
                && !matches!(
                    rule,
                    Rule::PartOrWhole(..) | Rule::NoCodeBlocks | Rule::NoBullets(false)
                )
                && (drafts || commit)
                && (kept_in_pastes(&rule, result)
                    || kept_in_blocks(&rule, result, commit, &asked_for(message)))
            {
                (holds, evidence) = (true, None);
            }
            // An opening said of a thing the result shows in a block ("the commit message must
            // start with `feat(api):`"): a block that opens so, exactly, is that thing.
            if !holds
                && !of_reply
                && parts::shown_blocks(result)
                    .iter()
                    .map(String::as_str)
                    // Or a code span: "Commit: `feat(segments): filter …`".
                    .chain(
                        super::text::inline_code_spans(result)
                            .into_iter()
                            .filter_map(|(a, b)| result.get(a..b)),
                    )
                    .any(|b| {
                        // As written: a tool reads a commit type case by case ("Fix(api):").
                        let b = b.trim_start().trim_start_matches('`');
                        openings(&rule).iter().any(|p| b.starts_with(p.trim()))
                    })
            {
                (holds, evidence) = (true, None);
            }
            Checked {
                kind,
                constraint,
                holds,
                evidence,
            }
        })
        .gather();
    // "Only a JSON object with keys …" broken by prose around the JSON is one break, not a
    // second one for keys that were not read.
    if checked.iter().any(|c| c.kind == "json" && !c.holds) {
        checked.keep(|c| {
            !(c.kind == "json-keys"
                && c.evidence.as_deref() == Some("the result is not a JSON object"))
        });
    }
    checked
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules a message states, without their sentences.
    fn rules(message: &str) -> Vec<Rule> {
        parse(message).into_iter().map(|(_, r)| r).collect()
    }

    fn kinds(message: &str) -> Vec<&'static str> {
        parse(message).iter().map(|(_, r)| describe(r).0).collect()
    }

    /// A verdict on the result: the reasons of the constraints it breaks.
    fn broken(message: &str, result: &str) -> Vec<String> {
        check_all(message, result)
            .into_iter()
            .filter(|c| !c.holds)
            .map(|c| c.constraint)
            .collect()
    }

    /// "Use 'riders' and 'drivers', never 'users'", "refer to them as 'patients', never as
    /// 'customers'", "call them 'shows', never 'screenings' or 'films'": the words after "never".
    #[test]
    fn terms_put_in_place_of_others_ban_the_others() {
        for (m, result, word) in [
            ("Write the explainer. Use \"riders\" and \"drivers\", never \"users\".", "About 300 users saw the error.", "users"),
            ("Write the FAQ entry. Refer to the people picking up medicine as 'patients', never as 'customers'.", "Customers can ask the pharmacist.", "customers"),
            ("Write the listing. Marketing's style guide: always call them 'shows', never 'screenings' or 'films'.", "Three films play on Friday.", "screenings, films"),
            ("Summarise the cleanup. Terminology: always say 'bin location', never 'slot'.", "It merges two bins into one slot.", "slot"),
        ] {
            assert_eq!(broken(m, result), vec![format!("never uses {word}")], "{m}");
            assert!(broken(m, "Nothing to report.").is_empty(), "{m}");
        }
        // Curly quotes, and an apostrophe inside the quotes.
        for (m, result, word) in [
            (
                "Write the brief. Say \u{201c}UAV\u{201d}, never \u{201c}drone\u{201d}.",
                "The drone lands at 9.",
                "drone",
            ),
            (
                "Write the notice. Say 'cannot', never 'can't'.",
                "You can't park here.",
                "can't",
            ),
        ] {
            assert_eq!(broken(m, result), vec![format!("never uses {word}")], "{m}");
        }
        // Quoted words that no term asked precedes are not read (a description is not asked);
        // nor is a narrowed one, before the quotes or after them.
        for m in [
            "Write the note. The menu lists 'Hall', never 'Annex'.",
            "Write the note. Say 'member', never 'user', in the billing pages.",
            "Write the note. Say 'let', never 'var', for new declarations.",
            "Write the note. When patients call the front desk they are logged as 'walk-ins', never as 'appointments'.",
            "Write the note. Customers call it 'the portal', never 'the dashboard'.",
        ] {
            assert!(!kinds(m).contains(&"forbids"), "{m}");
        }
        // A label that names the rule book ("Team convention:", "Style guide:") is no part.
        let m = "Write the PR description. Team convention: never call it a 'hotfix'.";
        assert_eq!(
            broken(m, "This hotfix rounds payouts half-up."),
            vec!["never uses hotfix"]
        );
        let m = "Write the help article. Style guide: do not use the word 'simply'.";
        assert_eq!(broken(m, "Simply tap Book."), vec!["never uses simply"]);
        // "Migration guide:" names a part, whose rule the rest of the reply does not keep.
        let m = "Write the release notes and a migration guide. Migration guide: no code blocks.";
        assert!(broken(m, "## Release notes\n\n```sh\nnpm i booking@2\n```\n\n## Migration guide\n\nRename the key.").is_empty());
    }

    /// A banned noun is broken by its plural; a word whose plural is another word is not.
    #[test]
    fn a_banned_noun_is_broken_by_its_plural() {
        let m = "Write the member email. House style: say 'patron', never 'customer'.";
        assert_eq!(
            broken(
                m,
                "Dear patron, our longest-standing customers are invited."
            ),
            vec!["never uses customer"]
        );
        assert!(broken(m, "Dear patron, you are invited.").is_empty());
        let m = "Write the announcement. Do not use the word 'fix' anywhere.";
        assert_eq!(broken(m, "Two fixes ship today."), vec!["never uses fix"]);
        let m = "Write the announcement. Do not use the word 'new' anywhere.";
        assert!(broken(m, "In other news, the rink reopens on Friday.").is_empty());
    }

    /// "Don't use the word 'slot' for storage positions": a ban in one sense, which the text
    /// cannot tell; "for this metric" names the place.
    #[test]
    fn a_ban_in_one_sense_is_not_read() {
        assert_eq!(
            kinds("Summarise the overruns. Don't use the word 'slot' for storage positions, call those 'bin locations'."),
            Vec::<&str>::new()
        );
        assert_eq!(
            kinds("Summarise the figures. Do not use the term 'revenue' for this metric."),
            vec!["forbids"]
        );
        // A dash ends the ban's clause: the "for" after it is another clause's.
        assert_eq!(
            kinds("Write the safety summary. Do not use the word 'should' anywhere - use 'shall' for requirements."),
            vec!["forbids"]
        );
    }

    /// A house rule that bans words ("our style guide bans the words …") is the answer's where it
    /// names no place or the kind of text asked for; a feature that bans words is no rule.
    #[test]
    fn a_house_rule_that_bans_words() {
        let m = "Write the help-centre article 'How to book a lane'. Our style guide bans the words 'simply' and 'easy' in help articles.";
        assert_eq!(
            broken(m, "Simply pick a lane and pay."),
            vec!["never uses simply, easy"]
        );
        assert!(broken(m, "Pick a lane and pay.").is_empty());
        for m in [
            "Summarise the contract change. Legal bans the word 'guarantee' in contracts.",
            "Fix the chat filter: our policy filter bans the words 'spam' and 'scam' in messages.",
            "If the style guide bans the word 'utilise', tell me.",
            "The old docs say 'click here', never 'select'.",
        ] {
            assert_eq!(kinds(m), Vec::<&str>::new(), "{m}");
        }
        // "Never call it a 'hotfix' in PR descriptions" of a message that asks for one.
        let m = "Write the PR description for the payout rounding fix. Team convention: never call it a 'hotfix' in PR descriptions.";
        assert_eq!(
            broken(m, "This hotfix rounds payouts half-up."),
            vec!["never uses hotfix"]
        );
        assert_eq!(
            kinds("Fix the payout rounding. Team convention: never call it a 'hotfix' in PR descriptions."),
            Vec::<&str>::new()
        );
    }

    /// A sentence is read for constraints when a word cue starts one of its words (not "end"
    /// inside "spend"); cues of digits or marks, and "json", count anywhere.
    #[test]
    fn cues_count_where_a_word_starts() {
        let count = |m: &str, kind: fn(&Rule) -> bool| rules(m).iter().filter(|r| kind(r)).count();
        let keys = |m: &str| count(m, |r| matches!(r, Rule::JsonKeys(..)));
        let ending = |m: &str| count(m, |r| matches!(r, Rule::EndsWith(_)));
        assert_eq!(keys("Return JSON with the fields `id` and `name`."), 1);
        // Format names that end in JSON are JSON documents.
        assert_eq!(
            keys("Return GeoJSON with the keys `type` and `features`."),
            1
        );
        // "end your" inside "spend your" is no ending.
        assert_eq!(ending("We spend your budget: \"Plan A\"."), 0);
        assert_eq!(ending("End your response with \"Plan A\"."), 1);
        assert!(cued("update package.json"));
        assert!(cued("in 300-word chunks"));
        assert!(cued("a title like book<<dune>>"));
        assert!(cued("the top5 items"));
        assert!(!cued("the frontend is done"));
        assert!(CUES.any("the frontend is done"), "the cue is inside a word");
    }

    #[test]
    fn a_ban_on_bullets_is_read_and_checked_outside_code() {
        for ban in [
            "Write it as plain prose, no bullet points.",
            "Describe the rollout without bullets.",
            "Please don\u{2019}t use any bullet points.",
            "Avoid bulleted lists; the mail client mangles them.",
            "No bullets or headings.",
        ] {
            assert_eq!(rules(ban), vec![Rule::NoBullets(false)], "{ban}");
        }
        // Placed in a part: checked there where the reply shows it.
        assert_eq!(
            rules("Do not use bullet points in the summary."),
            vec![Rule::PartOrWhole(
                "summary".into(),
                Box::new(Rule::NoBullets(false))
            )]
        );
        assert_eq!(
            rules("No bullets in the **Risks** section."),
            vec![Rule::InPart(
                "risks".into(),
                Box::new(Rule::NoBullets(false))
            )]
        );
        // A bound on bullets, bullets asked for, or bullets that are the work's subject, are
        // not a ban on the answer's.
        for other in [
            "Use no more than 3 bullet points.",
            "Answer with bullet points.",
            "Each bullet should name an owner.",
            "Add a `no_bullets` option to the exporter.",
            "Keep no_bullets.",
            "The renderer drops nested lists without bullets; fix it.",
            "Don't use the bullet points from the old template; write new ones.",
        ] {
            assert!(!rules(other).contains(&Rule::NoBullets(false)), "{other}");
        }
        let prose = "The export now streams. A diff:\n```diff\n- old line\n+ new line\n```\nDone.";
        assert_eq!(check(&Rule::NoBullets(false), prose), (true, None));
        let (ok, why) = check(&Rule::NoBullets(false), "Changes:\n- streaming\n- retries");
        assert!(!ok && why.is_some_and(|w| w.has("- streaming")));
        assert!(!check(&Rule::NoBullets(false), "Changes:\n\u{2022} streaming").0);
    }

    #[test]
    fn a_latin_script_language_asked_for_is_read_and_topics_are_not() {
        for (ask, name) in [
            ("Respond in German, the team reads no English.", "german"),
            (
                "The whole reply must be in the Swahili language.",
                "swahili",
            ),
            ("Please answer in Portuguese.", "portuguese"),
            ("Use only the Italian language in your reply.", "italian"),
            (
                "Keep your response in English even though the logs are in French.",
                "english",
            ),
            // A verb of writing with the answer, "back", or the answer as the subject.
            ("Write it in Dutch, the client reads no English.", "dutch"),
            (
                "Please send the summary, and report back in Italian.",
                "italian",
            ),
            ("Draft your reply in Spanish.", "spanish"),
            (
                "Your final report must be written entirely in French.",
                "french",
            ),
            ("Your answer needs to be in German.", "german"),
            // In the language's own words.
            ("Bitte schreib den Bericht auf Deutsch.", "german"),
            ("Responde al cliente en español, por favor.", "spanish"),
            ("La réponse doit être rédigée en français.", "french"),
        ] {
            let found: Vec<&str> = rules(ask)
                .into_iter()
                .filter_map(|r| match r {
                    Rule::Language(l) => Some(l.name),
                    _ => None,
                })
                .collect();
            assert_eq!(found, vec![name], "{ask}");
        }
        for topic in [
            "Translate the answers in French to English.",
            "Make the API's error responses in Spanish match the English ones, then summarise.",
            "The bot's reply in Spanish is cut off after 80 characters.",
            "The German comments in parser.rs are out of date; update them.",
            "Summarise the Dutch language's history of spelling reforms.",
            "Port the French locale strings to the new i18n loader.",
            "Which programming language should we use, given the team knows Swedish tools?",
            // A file or a part written in a language, or a language named in passing.
            "Write the README in German as well.",
            "Code comments must be in English.",
            "The error messages should be in Spanish for the Madrid office.",
            "Die Fehlermeldungen sind auf Deutsch.",
            "When `Accept-Language: es` is sent, the response should be in Spanish.",
            "The ticket is in German; don't write your report in German.",
            "Draft the email in Spanish and save it to drafts/vendor.md.",
            "Übersetze die Fehlermeldungen auf Deutsch und schreib die Antwort auf Englisch.",
            "Schreib die README.md auf Deutsch.",
        ] {
            assert!(!kinds(topic).contains(&"language"), "{topic}");
        }
    }

    #[test]
    fn a_numbered_list_asked_for_is_looked_for_outside_code() {
        for ask in [
            "Name the three slowest queries as a numbered list.",
            "Write the steps as a numbered list.",
            "Format your answer as a numbered list.",
            "Return a numbered list of the flaky tests, most frequent first.",
            "Answer with a numbered list.",
        ] {
            assert!(rules(ask).contains(&Rule::NumberedList), "{ask}");
        }
        for other in [
            "Update the numbered list in `README.md`.",
            "Do not answer as a numbered list.",
            "Keep the numbered list short.",
            "Fix the bug where code blocks in a numbered list lose their indentation.",
            "In the install guide, replace the paragraph with a numbered list of steps.",
        ] {
            assert!(!rules(other).contains(&Rule::NumberedList), "{other}");
        }
        assert!(check(&Rule::NumberedList, "Slowest:\n1. `search`\n2. `export`").0);
        // A list of one; an answer that has nothing to list.
        assert!(check(&Rule::NumberedList, "Only one:\n1. `checkout.spec.ts`").0);
        assert!(check(&Rule::NumberedList, "No flaky tests this week.").0);
        assert!(!check(&Rule::NumberedList, "Search is slowest. Export comes next.").0);
        assert!(!check(&Rule::NumberedList, "Search is slowest, then export.").0);
        assert!(!check(&Rule::NumberedList, "").0);
        assert!(!check(&Rule::NumberedList, "```\n1. a\n2. b\n```").0);
    }

    #[test]
    fn a_sentence_limit_on_the_answer_is_read_where_the_answer_opens_the_sentence() {
        let limit = |n: usize| vec![Rule::Sentences(Rel::LessThan, n + 1)];
        assert_eq!(
            rules("Answer in one sentence: which queue does the mailer use?"),
            limit(1)
        );
        assert_eq!(rules("Reply briefly in two sentences."), limit(2));
        assert_eq!(
            rules("Why does the job run twice? Answer in one sentence."),
            limit(1)
        );
        assert_eq!(
            rules("In a single sentence, what does `flush()` guard against?"),
            limit(1)
        );
        // A part's limit, or a limit followed by more to deliver, is not the whole answer's.
        for part in [
            "Give the root cause in one sentence, then list the files you changed.",
            "Answer in one sentence, then attach the failing log.",
            "Summarize each file in one sentence.",
            "Answer in 40 sentences.",
            "In one sentence per option, say what each costs.",
            "In two sentences each, describe the three options.",
            "In one sentence, what does `flush()` guard against? Also list the callers.",
        ] {
            assert!(
                !rules(part).iter().any(|r| matches!(r, Rule::Sentences(..))),
                "{part}"
            );
        }
        let rule = Rule::Sentences(Rel::LessThan, 2);
        assert!(check(&rule, "The mailer uses the `outbound-mail` queue.").0);
        assert!(!check(&rule, "It uses `outbound-mail`. It moved there in May.").0);
    }

    #[test]
    fn a_bounded_count_in_a_request_for_a_list_counts_its_items() {
        assert_eq!(
            rules("Name exactly 4 caching strategies as a bulleted list."),
            vec![Rule::ListItems(Rel::Exactly, 4)]
        );
        assert_eq!(
            rules("List at most three risks of the schema migration."),
            vec![Rule::ListItems(Rel::LessThan, 4)]
        );
        // No list asked for, no explicit bound, a unit another rule reads, a count per item.
        assert!(rules("Retry the upload at most 3 times before giving up.").is_empty());
        assert!(rules("List the top 5 slow queries.").is_empty());
        assert_eq!(kinds("List the steps in at most 200 words."), vec!["words"]);
        assert!(rules("List the services, with at most 2 owners per service.").is_empty());
        // "list" as a thing the count is added to, not the form of the answer.
        assert!(rules("Add at most 2 new packages to the allow list.").is_empty());
        assert_eq!(
            rules("Give exactly 3 options, as a numbered list."),
            vec![Rule::ListItems(Rel::Exactly, 3), Rule::NumberedList]
        );
        let six = "Options:\n1. a\n2. b\n3. c\n4. d\n5. e\n6. f\n";
        let four = "1. a\n   - detail\n2. b\n3. c\n4. d\n";
        let rule = Rule::ListItems(Rel::Exactly, 4);
        assert_eq!(check(&rule, six), (false, Some("lists of 6 items".into())));
        assert_eq!(check(&rule, four), (true, None));
        // Nothing to count: silence, not a guess.
        assert_eq!(check(&rule, "Use a, b, c and d."), (true, None));
    }

    #[test]
    fn counts_with_their_bounds() {
        let p =
            parse("Write a post about sleep with at least 300 words. Use fewer than 6 sentences.");
        assert!(p.iter().any(|(_, r)| *r == Rule::Words(Rel::AtLeast, 300)));
        assert!(p
            .iter()
            .any(|(_, r)| *r == Rule::Sentences(Rel::LessThan, 6)));
        assert!(parse("Respond with at most 150 words.")
            .iter()
            .any(|(_, r)| *r == Rule::Words(Rel::LessThan, 151)));
        assert!(parse("A 300+ word essay on rivers.")
            .iter()
            .any(|(_, r)| *r == Rule::Words(Rel::AtLeast, 300)));
        assert!(parse("Use 400 or more words.")
            .iter()
            .any(|(_, r)| *r == Rule::Words(Rel::AtLeast, 400)));
        // A number that is not a bound is not a constraint.
        assert!(kinds("Summarise the 300 words of chapter 2.").is_empty());
        // Describing words between the count and the bullets.
        assert!(parse("Give exactly 4 short markdown bullet points.")
            .iter()
            .any(|(_, r)| *r == Rule::Bullets(Rel::Exactly, 4)));
        // A counted word followed by its verb.
        assert!(
            parse("Keep it short, and I want the word lamp to be used at least twice.")
                .iter()
                .any(|(_, r)| *r == Rule::WordCount("lamp".into(), Rel::AtLeast, 2))
        );
        // A counted word's range: both ends; a range of times that counts no word, nothing.
        assert_eq!(
            rules("Write an ad for a desk lamp. Make sure the word lamp appears 3 to 5 times in the ad."),
            vec![
                Rule::WordCount("lamp".into(), Rel::AtLeast, 3),
                Rule::WordCount("lamp".into(), Rel::LessThan, 6)
            ]
        );
        assert!(rules("Run the migration 2 or 3 times.").is_empty());
        // The given answers, one per line.
        assert!(kinds(
            "Is a tomato a fruit?\n\nReply with one of these:\nMy answer is yes.\nMy answer is no.\nMy answer is maybe."
        )
        .contains(&"fixed-answer"));
    }

    #[test]
    fn a_negated_comparative_turns_the_bound_round() {
        for (message, rule) in [
            (
                "Write no more than 100 words.",
                Rule::Words(Rel::LessThan, 101),
            ),
            (
                "Keep it to not over 50 words.",
                Rule::Words(Rel::LessThan, 51),
            ),
            (
                "Use not fewer than 5 sentences.",
                Rule::Sentences(Rel::AtLeast, 5),
            ),
            (
                "Answer in not under 40 words.",
                Rule::Words(Rel::AtLeast, 40),
            ),
            (
                "Use more than 3 sentences.",
                Rule::Sentences(Rel::AtLeast, 4),
            ),
        ] {
            let p = parse(message);
            assert!(p.iter().any(|(_, r)| *r == rule), "{message}: {p:?}");
            assert_eq!(p.len(), 1, "{message}: {p:?}");
        }
        // Farther back in the clause too; "not only" bounds nothing.
        for (message, rule) in [
            (
                "Don't use more than 3 sentences.",
                Rule::Sentences(Rel::LessThan, 4),
            ),
            (
                "Your answer should not contain more than 5 sentences.",
                Rule::Sentences(Rel::LessThan, 6),
            ),
            (
                "Do not write more than 100 words.",
                Rule::Words(Rel::LessThan, 101),
            ),
            (
                "Never use more than 3 sentences.",
                Rule::Sentences(Rel::LessThan, 4),
            ),
            (
                "Don’t use more than 3 sentences.",
                Rule::Sentences(Rel::LessThan, 4),
            ),
            (
                "Write nothing more than 50 words.",
                Rule::Words(Rel::LessThan, 51),
            ),
            (
                "Do not use less than 300 words.",
                Rule::Words(Rel::AtLeast, 300),
            ),
        ] {
            let p = parse(message);
            assert_eq!(
                p.iter().map(|(_, r)| r).collect::<Vec<_>>(),
                [&rule],
                "{message}"
            );
        }
        assert!(kinds("Write not only 3 sentences but a whole story.").is_empty());
        // A negation that governs another word or verb turns nothing; where it is unclear
        // which, nothing is read.
        for (message, rule) in [
            (
                "Write a story with no dialogue in under 200 words.",
                Rule::Words(Rel::LessThan, 200),
            ),
            (
                "No emojis and under 100 words.",
                Rule::Words(Rel::LessThan, 100),
            ),
            (
                "Don't ramble and write less than 100 words.",
                Rule::Words(Rel::LessThan, 100),
            ),
            (
                "Your answer cannot be more than 5 sentences.",
                Rule::Sentences(Rel::LessThan, 6),
            ),
            (
                "Don\u{2019}t use more than 3 sentences.",
                Rule::Sentences(Rel::LessThan, 4),
            ),
            (
                "Your answer should never exceed 100 words.",
                Rule::Words(Rel::LessThan, 101),
            ),
            (
                "Do not use 3 or more sentences.",
                Rule::Sentences(Rel::LessThan, 3),
            ),
            ("Don't write 500+ words.", Rule::Words(Rel::LessThan, 500)),
            (
                "Make sure not to go below 300 words.",
                Rule::Words(Rel::AtLeast, 300),
            ),
        ] {
            let p = parse(message);
            assert_eq!(
                p.iter().map(|(_, r)| r).collect::<Vec<_>>(),
                [&rule],
                "{message}"
            );
        }
        for message in [
            "Do not forget to write more than 300 words.",
            "Don't hesitate to write more than 200 words.",
            "It is not necessary to write more than 100 words.",
            "There is no need to write more than 100 words.",
            "Add a P.S. but don't make it longer than one sentence.",
        ] {
            let p = parse(message);
            assert!(
                !p.iter()
                    .any(|(_, r)| matches!(r, Rule::Words(..) | Rule::Sentences(..))),
                "{message}: {p:?}"
            );
        }
        // A negation in another clause turns nothing.
        let p = parse("Don't be vague; write more than 100 words.");
        assert!(
            p.iter().any(|(_, r)| *r == Rule::Words(Rel::AtLeast, 101)),
            "{p:?}"
        );
        // A bound on every part, written after the noun, bounds no total.
        for message in [
            "Use no more than 3 sentences per paragraph.",
            "Write at least 3 sentences in each paragraph.",
            "Keep it under 20 words for every bullet.",
            "Give three tips of at most 20 words each.",
        ] {
            assert!(kinds(message).is_empty(), "{message}: {:?}", parse(message));
        }
        // The answer itself is no part, and after a comma "each" starts another phrase.
        for (message, rule) in [
            (
                "Use at most 50 words per reply.",
                Rule::Words(Rel::LessThan, 51),
            ),
            (
                "Write fewer than 100 words in every response.",
                Rule::Words(Rel::LessThan, 100),
            ),
            (
                "Write at least 300 words in each of your answers.",
                Rule::Words(Rel::AtLeast, 300),
            ),
            (
                "Write exactly 5 sentences, each under 20 words.",
                Rule::Sentences(Rel::Exactly, 5),
            ),
            (
                "Give me exactly 3 bullets, each one starting with a verb.",
                Rule::Bullets(Rel::Exactly, 3),
            ),
            (
                "Each answer should be under 50 words.",
                Rule::Words(Rel::LessThan, 50),
            ),
            (
                "In every response, use fewer than 100 words.",
                Rule::Words(Rel::LessThan, 100),
            ),
            (
                "Write at least 300 words in every one of your responses.",
                Rule::Words(Rel::AtLeast, 300),
            ),
            (
                "Use exactly 4 bullets each starting with a verb.",
                Rule::Bullets(Rel::Exactly, 4),
            ),
        ] {
            let p = parse(message);
            assert!(p.iter().any(|(_, r)| *r == rule), "{message}: {p:?}");
        }
    }

    #[test]
    fn ranges_give_both_bounds_and_highlights_may_show_their_asterisks_elsewhere() {
        let p = parse("Write a song that contains 20 to 25 sentences.");
        assert!(
            p.iter()
                .any(|(_, r)| *r == Rule::Sentences(Rel::AtLeast, 20)),
            "{p:?}"
        );
        assert!(
            p.iter()
                .any(|(_, r)| *r == Rule::Sentences(Rel::LessThan, 26)),
            "{p:?}"
        );
        let p = parse("Answer in between 100 and 200 words.");
        assert!(
            p.iter().any(|(_, r)| *r == Rule::Words(Rel::AtLeast, 100)),
            "{p:?}"
        );
        assert!(
            p.iter().any(|(_, r)| *r == Rule::Words(Rel::LessThan, 201)),
            "{p:?}"
        );
        // A range for every part bounds no total.
        assert!(kinds("Write 3 paragraphs with 50 to 80 words per paragraph.").is_empty());
        for (message, n) in [
            ("Italicize at least 4 keywords in your answer. Wrap each in asterisks, like *this*.", 4),
            ("Include two italic text sections, like *this is italic*.", 2),
            ("Please include one highlighted section in markdown, i.e. *highlighted*.", 1),
        ] {
            let p = parse(message);
            assert!(p.iter().any(|(_, r)| *r == Rule::Highlights(n)), "{message}: {p:?}");
        }
        // Without any asterisk there is no markdown highlight to count.
        assert!(kinds("Include two italic text sections.").is_empty());
    }

    #[test]
    fn a_bare_count_of_parts_separated_by_a_divider_is_exact() {
        for (message, n) in [
            ("Write a poem in 4 stanzas separated by ***.", 4),
            ("Split the answer into two parts separated by ***.", 2),
            ("There should be exactly 3 paragraphs. Separate them with the markdown divider ***.", 3),
            // A format shown with its dividers, and no count.
            (
                "Reply in this format:\n\nStage one\n(what to do)\n***\nStage two\n(what to do)\n***\nStage three\n(what to do)",
                3,
            ),
        ] {
            let p = parse(message);
            assert!(p.iter().any(|(_, r)| *r == Rule::DividedParagraphs(n)), "{message}: {p:?}");
        }
        // Not a count of the answer's parts, or not an exact one.
        for message in [
            "Compare the 2 sections of the report and separate your points with ***.",
            "Write at least 5 sections, separated using ***.",
            "Write a poem in 4 stanzas.",
            // A format that elides parts, one in code, or Markdown rules without a format.
            "Reply in this format:\nStage one\n***\nStage two\n***\n...",
            "Reply in this format:\n```\nStage one\n***\nStage two\n***\nStage three\n```",
            "Update the guide:\n# Setup\nInstall it.\n***\n# Use\nRun it.\n***\n# Help\nAsk.",
        ] {
            let p = parse(message);
            assert!(
                !p.iter()
                    .any(|(_, r)| matches!(r, Rule::DividedParagraphs(_))),
                "{message}: {p:?}"
            );
        }
    }

    #[test]
    fn limits_of_a_thing_the_task_builds_are_not_the_answers() {
        for message in [
            "Add a word counter to the editor that shows fewer than 100 words as a warning.",
            "Add a validator that rejects bios with more than 200 words.",
            "Write a test where the input has fewer than 10 words.",
            "Create a function that truncates text to at most 50 words.",
            "Implement a summarizer that returns at most 3 sentences.",
            "Make the tooltip show at most 12 words.",
            "The error message must be fewer than 20 words; update src/errors.ts accordingly.",
            "Fix the parser so that quoted strings are wrapped in double quotes on output.",
            "Change the logger to wrap the whole message in double quotes.",
            "Make the CLI write its output in all lowercase letters.",
            "Make the bot reply in Spanish when the user writes in Spanish.",
            // A list item's marker does not hide the build verb.
            "- Add unit tests for inputs of exactly 20 words and of 21 words.",
            "2. Add tests covering: an empty string, exactly 8 sentences, 9 sentences.",
            // A pronoun for the thing built, a modal and what it does to text.
            "It should cut the input to at most 30 words and never split a word.",
            "They must reject titles with more than 12 words.",
            // A note on a named field bounds that field.
            "Reply with an object whose \"reason\" (one or two sentences, at most 3 sentences) explains it.",
            // The case of keys or names is the code's.
            "The new settings keys must be lowercase snake_case.",
            "Column identifiers should be in lowercase.",
            "All commit messages must be lowercase.",
            "Feature flag names must start with `ff_` and be all lowercase.",
            // A part placed by what follows it.
            "Keep it to at most 120 words before the references.",
            "The Overview section must be 40 words or fewer.",
            "Open with Yes or No, then give at most two sentences of justification.",
        ] {
            assert!(kinds(message).is_empty(), "{message}: {:?}", parse(message));
        }
        // A note on a named field bounds that field; the keys (and the field's type) are still
        // the answer's.
        let mut k =
            kinds("Return JSON with the keys `title` (string, at most 8 words) and `tags`.");
        k.sort_unstable();
        assert_eq!(k, ["json-keys", "json-types"]);
        // Headings placed before their list, and sections titled.
        for (m, want) in [
            (
                "Use exactly these headings in your report: Cause, Fix, Check.",
                vec!["Cause", "Fix", "Check"],
            ),
            (
                "Write the report with three sections titled 'Scope', 'Risks' and 'Plan'.",
                vec!["Scope", "Risks", "Plan"],
            ),
        ] {
            let want: Vec<String> = want.into_iter().map(String::from).collect();
            assert!(
                parse(m)
                    .iter()
                    .any(|(_, r)| *r == Rule::Headings(want.clone())),
                "{m}: {:?}",
                parse(m)
            );
        }
        // One item of a listed report bounds that item.
        assert!(kinds("When done, report with: the cause in 2 or 3 sentences, the touched files, and how you checked it.").is_empty());
        // "Repeat" as an adjective asks for no repetition.
        assert!(kinds("Context: forms submit twice.\nObjective: ignore repeat submits while a request is in flight.").is_empty());
        // The answer named as such is the answer, beside a thing built.
        assert_eq!(
            kinds("The bot persona writes in all lowercase, so your reply must be in all lowercase letters."),
            ["lowercase"]
        );
        // The answer's own limits still are, beside a task that names such a thing.
        for (message, kind) in [
            ("Cut it down to at most 30 words.", "words"),
            ("It should be at most 30 words long.", "words"),
            ("Answer in one paragraph (at most 60 words).", "words"),
            ("Your answer must be lowercase, keys included.", "lowercase"),
            ("Describe the new parser in fewer than 50 words.", "words"),
            ("Write the whole answer in double quotes.", "quoted"),
            (
                "Explain what the function does. Answer in fewer than 3 sentences.",
                "sentences",
            ),
        ] {
            assert!(
                kinds(message).contains(&kind),
                "{message}: {:?}",
                parse(message)
            );
        }
    }

    #[test]
    fn commas_are_banned_only_by_their_own_clause() {
        for message in [
            "Please do not use any commas.",
            "Your whole reply should contain no commas.",
            "Refrain from the use of any commas.",
            "You are not allowed to use a single comma.",
            "Do not use semicolons or commas.",
            "Commas are not allowed in your reply.",
            "Commas must never be used.",
        ] {
            assert_eq!(
                kinds(message),
                ["no-commas"],
                "{message}: {:?}",
                parse(message)
            );
        }
        for message in [
            // A count, not a ban.
            "Write a limerick about a dog. Use no more than 3 commas.",
            "Avoid using more than two commas per sentence.",
            // The negation governs something else.
            "Do not use bullet points; separate the items with commas.",
            "Don't write a list, use commas between the names instead.",
            "List the fruits, with commas between them, and no extra text.",
            "Never use semicolons where commas work.",
            "Without using numbers, write a sentence with commas in it.",
            "Commas are allowed, but no dashes.",
            // An aside that qualifies one part of the answer.
            "Give the total on its own line as a bare number (no commas or units).",
        ] {
            assert!(
                !kinds(message).contains(&"no-commas"),
                "{message}: {:?}",
                parse(message)
            );
        }
    }

    #[test]
    fn topics_and_soft_wishes_are_not_constraints() {
        for message in [
            // A word that contains the cue, a topic that names it.
            "Describe the 10 commandments without quoting them.",
            "Explain the PostScript language used by printers.",
            "Explain the difference between P.S. and P.P.S. in letters.",
            // Softened: nothing exact to check.
            "Don't use the word \"very\" too often.",
            "Do not use the letter e more than necessary.",
            "Don't use the letter e if you can avoid it.",
            "Try not to use commas unless a list needs them.",
            "Do not include a postscript.",
            // The same refusals with a curly apostrophe.
            "Don’t include a postscript.",
            "Please don’t add a P.S. at the end.",
            // A negation cut off from its verb by a comma.
            "Do not, under any circumstances, add a postscript.",
            "Never, in any reply, add a P.S. at the end.",
            "Don’t use the letter e if you can avoid it.",
            "Avoid commas and semicolons if possible.",
            "Try not to use semicolons and commas.",
            "Write about the PostScript language.",
            "I write PostScript programs for a living; help me debug this one.",
            "Explain when people use a P.S. in emails.",
            "Should I include a P.S. in my cover letter?",
            "Explain what the P.S. in a letter means; at the end of the day it is simple.",
            // Limited to a part of the answer: the rest may use them.
            "Do not use any commas in the code comments.",
            "Do not include the word \"bad\" in the title.",
            "Do not use the words \"cheap\" and \"buy\" in the title of the ad.",
            // A negation cut off by a comma.
            "Do not, under any circumstances, use the words \"sun\" and \"moon\".",
            // A permitted or softened word list.
            "Include the word \"apple\" unless it feels forced.",
            "You may include the keywords \"sun\" and \"moon\" if you like.",
            "Feel free to use the words \"sun\" and \"moon\".",
            // A negation that governs something else: unclear, so unread.
            "It is not necessary to include the keywords \"cell\" and \"wall\".",
            // A language as a topic, not the answer's.
            "Describe the Japanese language's writing systems.",
            // Case as a topic.
            "Explain why some people write entirely in lowercase online.",
            "Why do some people type in all caps?",
        ] {
            assert!(kinds(message).is_empty(), "{message}: {:?}", parse(message));
        }
        // A part's own length bounds that part, not the answer.
        assert_eq!(
            kinds("Your title must have at most 8 words."),
            ["title-words"]
        );
        // The same rules stated plainly still are, and a hedge in another clause changes nothing.
        for (message, kind) in [
            ("Write the answer without using any commas.", "no-commas"),
            (
                "Refrain from using commas: \"Except on Sundays, we rest.\"",
                "no-commas",
            ),
            (
                "Write an email and finish it with a short P.S.",
                "postscript",
            ),
            (
                "At the end of your response, add a postscript starting with P.S.",
                "postscript",
            ),
            (
                "Do not include the letter e anywhere in your answer.",
                "letter-count",
            ),
            ("Avoid the word \"synergy\".", "forbids"),
            // A negation governs the verb it stands before, with fillers between.
            (
                "Don't forget to include the keywords cell and wall.",
                "includes",
            ),
            (
                "Don’t forget to include the keywords cell and wall.",
                "includes",
            ),
            (
                "Do not fail to mention the words cell and wall.",
                "includes",
            ),
            (
                "Write another poem including the words \"sun\" and \"moon\".",
                "includes",
            ),
            ("Note: use the words \"sun\" and \"moon\".", "includes"),
            (
                "Write a story with no dialogue that includes the words \"sun\" and \"moon\".",
                "includes",
            ),
            (
                "Do not write anything that includes the words \"sun\" and \"moon\".",
                "forbids",
            ),
            (
                "Please refrain from using the words \"sun\" and \"moon\".",
                "forbids",
            ),
            (
                "Answer without mentioning the words \"sun\" and \"moon\".",
                "forbids",
            ),
            ("Don’t use the words \"sun\" and \"moon\".", "forbids"),
            ("Do not use any commas in your limerick.", "no-commas"),
            (
                "Write a song about rain. Commas are not allowed in the song.",
                "no-commas",
            ),
            (
                "Avoid \"synergy\" and \"leverage\" in the whole essay.",
                "forbids",
            ),
            ("Please respond only in the Thai language.", "script"),
            (
                "Respond in Russian, no other language is allowed.",
                "script",
            ),
            (
                "Explain the theory of relativity in all lowercase letters.",
                "lowercase",
            ),
            // A hedge in another clause, inside another word or quoted softens nothing.
            ("Do not use any commas, and try to be concise.", "no-commas"),
            ("Do not use any commas and try to rhyme.", "no-commas"),
            (
                "Do not use commas and don\u{2019}t use semicolons if possible.",
                "no-commas",
            ),
            // A curly negation governs the letter; "no" right before the verb forbids.
            (
                "Don\u{2019}t include the letter z in your answer.",
                "letter-count",
            ),
            // The letter at the sentence's end.
            ("Don't include the letter q.", "letter-count"),
            (
                "Write a poem with no mention of the words \"sun\" or \"moon\".",
                "forbids",
            ),
            // A lone "t" after a word ending in n is no curly "n’t".
            (
                "In column t include the words \"alpha\" and \"beta\".",
                "includes",
            ),
            (
                "Explain chemistry to a child without using any commas.",
                "no-commas",
            ),
            (
                "Describe a sunless world without using any commas.",
                "no-commas",
            ),
            (
                "Write an exceptionally short poem without commas.",
                "no-commas",
            ),
            ("Do not use the word \"unless\".", "forbids"),
            (
                "Do not use the letter e and try to make it rhyme.",
                "letter-count",
            ),
            // Plain requests for a postscript.
            (
                "Write a letter to a friend. Please write a postscript.",
                "postscript",
            ),
            ("Your reply must have a postscript.", "postscript"),
            (
                "Write a letter with no greeting and add a P.S.",
                "postscript",
            ),
            ("Don't forget to add a P.S. at the end.", "postscript"),
            (
                "Can you plan a trip, and a postscript at the end starting with P.S.?",
                "postscript",
            ),
            ("Can you plan a trip, and a P.S. at the end?", "postscript"),
            ("Please include a P.S. at the end.", "postscript"),
            (
                "Why is the sky blue? Your answer must be in all capital letters.",
                "uppercase",
            ),
        ] {
            assert_eq!(kinds(message), [kind], "{message}: {:?}", parse(message));
        }
    }

    #[test]
    fn checks_follow_the_published_semantics() {
        assert_eq!(word_count("it's a test_case, 3 times"), 6);
        assert_eq!(
            sentence_count("Dr. Smith came. He left at 5.30 p.m! Then… no"),
            3
        );
        // A lone full stop is the current directory.
        assert_eq!(
            sentence_count("The image builds (docker build -t ocr:py312 .), and passes. Done."),
            2
        );
        assert_eq!(highlight_count("*one* and **two** but ** ** not"), 2);
        let (ok, _) = check(&Rule::Bullets(Rel::Exactly, 2), "* a\n* b\n- c");
        assert!(!ok);
        let (ok, _) = check(&Rule::DividedParagraphs(2), "one\n***\ntwo");
        assert!(ok);
        let (ok, ev) = check(
            &Rule::Forbids(vec!["cook".into()]),
            "I cooked and will Cook.",
        );
        assert!(!ok && ev.unwrap().has("cook"));
        // A word quoted as the one taken out, or an annotation, is mentioned, not used.
        let leverage = Rule::Forbids(vec!["leverage".into()]);
        for mention in [
            "Rewrote the intro. I replaced \"leverage\" with \"use\" in two places.",
            "Tagged the old client with @Leverage so linters flag it.",
        ] {
            assert!(check(&leverage, mention).0, "{mention}");
        }
        for used in [
            "We leverage the cache.",
            "Removed two adverbs; \"leverage\" is the theme now.",
        ] {
            assert!(!check(&leverage, used).0, "{used}");
        }
        let (ok, _) = check(&Rule::Json, "```json\n{\"a\": 1}\n```");
        assert!(ok);
    }

    #[test]
    fn an_upper_bound_on_a_word_counts_the_word_not_longer_ones() {
        let most = Rule::WordCount("park".into(), Rel::LessThan, 3);
        assert!(check(&most, "A park, Parkside Mall's parking, then Hyde Park.").0);
        assert!(!check(&most, "Park one, park two, and a third park.").0);
        // An exact count holds if either count meets it.
        let exact = Rule::WordCount("fix".into(), Rel::Exactly, 2);
        assert!(check(&exact, "A fix here, a fix there, and it's fixed.").0);
        assert!(!check(&exact, "One fix only.").0);
        // A lower bound counts as IFEval does, inside longer words too.
        let least = Rule::WordCount("park".into(), Rel::AtLeast, 2);
        assert!(check(&least, "Parkside and the park.").0);
    }

    #[test]
    fn words_banned_from_the_prose_may_stand_in_code() {
        let m = "Patch it. In your report's prose, do not use the words \"fixed\" or \"resolved\".";
        let r = rules(m);
        let rule = Rule::ProseForbids(vec!["fixed".into(), "resolved".into()]);
        assert!(r.contains(&rule), "{r:?}");
        assert!(
            check(
                &rule,
                "Patched.\n\n```\nc81 loader: fixed newlines\n```\nSee `fixed_at`."
            )
            .0
        );
        assert!(!check(&rule, "The loader is fixed now.").0);
    }

    #[test]
    fn a_word_bound_on_the_prose_around_the_code_counts_the_prose() {
        let m = "Show how to debounce in JavaScript. Keep the text outside the code block under 30 words.";
        let r = rules(m);
        assert!(r.contains(&Rule::ProseWords(Rel::LessThan, 30)), "{r:?}");
        let code = (0..40)
            .map(|i| format!("const v{i} = {i};\n"))
            .collect::<String>();
        let short = format!("Wrap the handler:\n\n```js\n{code}```\n\nIt waits for a pause.");
        assert!(check(&Rule::ProseWords(Rel::LessThan, 30), &short).0);
        let long = format!("{}\n\n```js\n{code}```", "word ".repeat(31));
        let (ok, ev) = check(&Rule::ProseWords(Rel::LessThan, 30), &long);
        assert!(
            !ok && ev.as_ref().is_some_and(|e| e.has("31")),
            "{ok} {ev:?}"
        );
        // The whole answer's bound counts the code too.
        assert!(!check(&Rule::Words(Rel::LessThan, 30), &short).0);
    }

    #[test]
    fn a_case_rule_is_about_the_answer_not_an_operation_the_task_describes() {
        let task = parse("Add a slug(title) helper that lowercases the title and trims hyphens.");
        assert!(!task.iter().any(|(_, r)| *r == Rule::Lowercase), "{task:?}");
        let answer = parse("Your entire reply should be in English, in all lowercase letters.");
        assert!(
            answer.iter().any(|(_, r)| *r == Rule::Lowercase),
            "{answer:?}"
        );
        let caps = parse("Do not use any capital letters in your response.");
        assert!(caps.iter().any(|(_, r)| *r == Rule::Lowercase), "{caps:?}");
        for task in [
            "Write a middleware that lowercases the header names of the HTTP response.",
            "Add a function that counts the lowercase letters in the answer field.",
            // The case of a part the sentence opens with.
            "Headline in lowercase, body in sentence case.",
            "Close with the line SHIP IT (all caps, no full stop).",
            "Name the new S3 bucket in all lowercase.",
            "Your title all caps; keep the rest normal.",
        ] {
            let r = parse(task);
            assert!(
                !r.iter()
                    .any(|(_, r)| matches!(r, Rule::Lowercase | Rule::Uppercase)),
                "{task}: {r:?}"
            );
        }
        let only = parse("Use only lowercase.");
        assert!(only.iter().any(|(_, r)| *r == Rule::Lowercase), "{only:?}");
        let upper = parse("Write the summary with no lowercase letters allowed.");
        assert!(
            upper.iter().any(|(_, r)| *r == Rule::Uppercase),
            "{upper:?}"
        );
        assert!(
            !upper.iter().any(|(_, r)| *r == Rule::Lowercase),
            "{upper:?}"
        );
    }

    #[test]
    fn a_case_phrase_is_read_with_the_negation_that_governs_it() {
        let case = |m: &str| -> Vec<Rule> {
            parse(m)
                .into_iter()
                .map(|(_, r)| r)
                .filter(|r| matches!(r, Rule::Lowercase | Rule::Uppercase))
                .collect()
        };
        for (message, want) in [
            // Not all caps: mixed case keeps it, so neither rule.
            ("Don't write your answer in all caps.", vec![]),
            ("Don\u{2019}t write your answer in all caps.", vec![]),
            ("Don't write in all capital letters.", vec![]),
            ("Your response should not be in all caps.", vec![]),
            ("Avoid writing your answer in all capital letters.", vec![]),
            ("All caps is not allowed in your reply.", vec![]),
            ("Respond in English and don't use all caps.", vec![]),
            // A negation of another verb, or of something else, is not the phrase's.
            ("Don't forget to write your whole answer in all caps.", vec![Rule::Uppercase]),
            ("Write your reply in all caps, but don\u{2019}t shout.", vec![Rule::Uppercase]),
            // Negated lowercase asks for capitals, negated capitals for lowercase.
            (
                "Do not write your answer in lowercase; use all capital letters.",
                vec![Rule::Uppercase],
            ),
            (
                "Write the reply in all caps, lowercase letters are not allowed.",
                vec![Rule::Uppercase],
            ),
            ("Your answer should be in lowercase, not in all caps.", vec![Rule::Lowercase]),
            ("Capital letters are not allowed in your answer.", vec![Rule::Lowercase]),
            (
                "Write a limerick, and make sure not a single letter in your response is capitalized.",
                vec![Rule::Lowercase],
            ),
        ] {
            assert_eq!(case(message), want, "{message}");
        }
    }

    #[test]
    fn the_paragraph_a_word_opens_is_read_wherever_the_cue_stands() {
        let nth = |m: &str| {
            parse(m).into_iter().find_map(|(_, r)| match r {
                Rule::NthParagraphWord {
                    paragraphs,
                    nth,
                    word,
                } => Some((paragraphs, nth, word)),
                _ => None,
            })
        };
        for (message, want) in [
            // The cue within a few characters of the end.
            (
                "Write exactly 3 paragraphs separated by two new lines. The second one must start with \"maple\".",
                Some((3, 2, "maple".to_string())),
            ),
            (
                "Write exactly 4 paragraphs, separated by two new lines. Start the 3rd paragraph with the word \"cedar\".",
                Some((4, 3, "cedar".to_string())),
            ),
            (
                "Give exactly 2 paragraphs separated by two new lines. Paragraph 2 must begin with the word oak.",
                Some((2, 2, "oak".to_string())),
            ),
            // No paragraph count: nothing to check against.
            ("Start the 3rd paragraph with the word \"cedar\".", None),
        ] {
            assert_eq!(nth(message), want, "{message}");
        }
    }

    #[test]
    fn numbered_section_markers_written_out_are_counted() {
        let sections = |m: &str| {
            parse(m).into_iter().find_map(|(_, r)| match r {
                Rule::Sections(marker, n) => Some((marker, n)),
                _ => None,
            })
        };
        for (message, want) in [
            (
                "Tell a short story in two sections (Section 1 and Section 2).",
                Some(("Section".to_string(), 2)),
            ),
            (
                "Mark the beginning of each pitch with Option 1, Option 2 and Option 3.",
                Some(("Option".to_string(), 3)),
            ),
            // Numbered work is not a numbered answer.
            ("Implement Phase 1 and Phase 2 of the migration.", None),
            ("Fix Bug 1 and Bug 2 in the parser.", None),
        ] {
            assert_eq!(sections(message), want, "{message}");
        }
    }

    #[test]
    fn bounds_written_around_the_noun_are_read() {
        for (message, want) in [
            (
                "Keep the whole reply 80 words or less.",
                vec![Rule::Words(Rel::LessThan, 81)],
            ),
            (
                "Say it in 120 words or more.",
                vec![Rule::Words(Rel::AtLeast, 120)],
            ),
            (
                "Answer in 3 or 4 sentences.",
                vec![
                    Rule::Sentences(Rel::AtLeast, 3),
                    Rule::Sentences(Rel::LessThan, 5),
                ],
            ),
            (
                "Write between 6 and 9 sentences.",
                vec![
                    Rule::Sentences(Rel::AtLeast, 6),
                    Rule::Sentences(Rel::LessThan, 10),
                ],
            ),
            (
                "The number of words in the reply should be 90 or more.",
                vec![Rule::Words(Rel::AtLeast, 90)],
            ),
            (
                "The number of sentences in the reply should be in the range of 7 to 11.",
                vec![
                    Rule::Sentences(Rel::AtLeast, 7),
                    Rule::Sentences(Rel::LessThan, 12),
                ],
            ),
            // Named sentences, and a negated bound, are not counts of the answer.
            ("Fix the 2 or 3 sentences in the changelog.", vec![]),
            ("Don't write 80 words or less.", vec![]),
        ] {
            assert_eq!(rules(message), want, "{message}");
        }
    }

    #[test]
    fn negations_parts_and_exceptions_are_read_in_their_own_clause() {
        let ps = Rule::Postscript("P.S.".into());
        for (message, want) in [
            // An earlier, finished negation does not cut a later request off.
            (
                "Do not use commas, add a postscript starting with P.S.",
                vec![Rule::NoCommas, ps.clone()],
            ),
            (
                "Don't use any commas in your reply; at the end, add a P.S.",
                vec![Rule::NoCommas, ps.clone()],
            ),
            ("Don't be formal, add a P.S. at the end.", vec![ps.clone()]),
            // A point of view or a whole-answer word is no part.
            (
                "Write at least 5 sentences in the first person.",
                vec![Rule::Sentences(Rel::AtLeast, 5)],
            ),
            (
                "Give me at most 3 bullet points in a list.",
                vec![Rule::Bullets(Rel::LessThan, 4)],
            ),
            // The bound after the noun.
            (
                "Sum it up in 4 bullets or fewer.",
                vec![Rule::Bullets(Rel::LessThan, 5)],
            ),
            (
                "Sum it up in two bullet points or less.",
                vec![Rule::Bullets(Rel::LessThan, 3)],
            ),
            ("Do not sum it up in 4 bullets or fewer.", vec![]),
            (
                "Sum it up in 3 to 5 bullets, then list the files you changed.",
                vec![],
            ),
            // A part named before the bound: the report may hold more than the part.
            (
                "Reply with an overview of at most 3 bullets, then the open risks.",
                vec![],
            ),
            ("Write at most 5 sentences in the first paragraph.", vec![]),
            (
                "Use two short parts, and each part should have at most 3 sentences.",
                vec![],
            ),
            (
                "Give me a list of every country in Europe in less than 100 words.",
                vec![Rule::Words(Rel::LessThan, 100)],
            ),
            (
                "Keep the overview to at most 2 sentences, then a list of the tickets.",
                vec![],
            ),
            // An exception only in the count's own clause.
            (
                "Write under 40 words, other than that be creative.",
                vec![Rule::Words(Rel::LessThan, 40)],
            ),
            (
                "Write less than 100 words and nothing other than the poem.",
                vec![Rule::Words(Rel::LessThan, 100)],
            ),
            // A contraction typed with a space or a backtick still negates.
            (
                "Don t write more than 50 words.",
                vec![Rule::Words(Rel::LessThan, 51)],
            ),
            (
                "Don`t write more than 50 words.",
                vec![Rule::Words(Rel::LessThan, 51)],
            ),
            // A negated style leaves mixed case; negated letters ask for the other case.
            ("Don't write your answer in lowercase.", vec![]),
            (
                "Your response must not contain any lowercase letters.",
                vec![Rule::Uppercase],
            ),
            (
                "In your entire response, refrain from the use of any capital letters.",
                vec![Rule::Lowercase],
            ),
            (
                "None of the words in your response should be capitalized.",
                vec![Rule::Lowercase],
            ),
            // "… only" phrasings.
            (
                "Your whole reply should be in English, capital letters only.",
                vec![Rule::Uppercase, Rule::Language(&language::LANGUAGES[0])],
            ),
            // Code or data in a case, and talk about case, are not the answer's case.
            (
                "Write a function that converts the label to all uppercase letters.",
                vec![],
            ),
            (
                "Write a helper that turns the slug into all lowercase letters.",
                vec![],
            ),
            (
                "Writing in all uppercase reads as shouting, so stay calm.",
                vec![],
            ),
            (
                "Rename the enum variants so they are uppercase only.",
                vec![],
            ),
        ] {
            assert_eq!(rules(message), want, "{message}");
        }
    }

    #[test]
    fn delegation_messages_state_no_answer_shape_by_accident() {
        // Numbered work, documents shown for an edit, code in a case, counts that describe
        // something else: none of them is a constraint on the child's report.
        for message in [
            "Update Section 1 and Section 2 of the RFC; leave the other sections alone.",
            "Run the benchmark for Step 1 and Step 2 and report the numbers.",
            "Write the markdown docs for Phase 1 and Phase 2.",
            "Mark Task 1 as done in TODO.md, then start Task 2.",
            "Add the contact information to the footer so it reads:\n\nTeam\n***\nEmail\n***\nPhone",
            "Update docs/STYLE.md to the format below.\n\n# Style\nFour spaces.\n***\n# Names\nSnake case.\n***\n# Tests\nOne per module.",
            "Write a function that converts the text to all uppercase letters.",
            "Write a SQL query in all uppercase letters.",
            "Add a 1 or 2 sentence comment above the parse function.",
            "Expand the docstring from 2 to 4 sentences.",
            "Versions 1 and 2 sentences differ in tone.",
            "Store the number of sentences in a u32 and cap it at 500 or more.",
            "Use at most 40 words in the error message.",
        ] {
            let p = parse(message);
            assert!(p.is_empty(), "{message}: {p:?}");
        }
        // A shown format that ends with a rule has as many parts as it shows.
        let p = parse("Reply in this format:\nStage one\n***\nStage two\n***\nStage three\n***");
        assert_eq!(
            p.into_iter().map(|(_, r)| r).collect::<Vec<_>>(),
            [Rule::DividedParagraphs(3)]
        );
    }

    #[test]
    fn only_the_bounds_and_lists_that_are_clear_are_read() {
        for (message, want) in [
            // The negation far back may govern the second bound too: that one is unread.
            (
                "Don't write fewer than 100 words or more than 200 words.",
                vec![Rule::Words(Rel::AtLeast, 100)],
            ),
            // The intro's length is not the answer's.
            (
                "Write a 300+ word essay, but the intro should be under 50 words.",
                vec![Rule::Words(Rel::AtLeast, 300)],
            ),
            // The final report is the answer, not its last part.
            (
                "Fix the export. Keep your final report below 70 words; I read it on a phone.",
                vec![Rule::Words(Rel::LessThan, 70)],
            ),
            // A counted word is not a forbidden one.
            ("Do not use the word \"the\" more than 5 times.", vec![]),
            // A count of a part, or one that leaves something out, is not the answer's.
            (
                "Use not more than 3 bullet points in the summary section.",
                vec![],
            ),
            ("Write at most 5 sentences in the introduction.", vec![]),
            (
                "Keep the whole reply under 40 words, excluding code.",
                vec![],
            ),
            ("Write fewer than 200 words, code excluded.", vec![]),
            (
                "Write at most 5 sentences in total.",
                vec![Rule::Sentences(Rel::LessThan, 6)],
            ),
            (
                "Write fewer than 4 sentences (excluding 4).",
                vec![Rule::Sentences(Rel::LessThan, 4)],
            ),
            // A question that asks is not a permission.
            (
                "Can you include the keywords \"sun\" and \"moon\"?",
                vec![Rule::Includes(vec!["sun".into(), "moon".into()])],
            ),
        ] {
            assert_eq!(rules(message), want, "{message}");
        }
    }

    #[test]
    fn a_word_list_ends_where_a_contrast_begins() {
        for (message, rule) in [
            (
                "Write a letter using the words \"friend\" and \"summer\", but not \"winter\".",
                Rule::Includes(vec!["friend".into(), "summer".into()]),
            ),
            (
                "Include the keywords river, stone rather than rain.",
                Rule::Includes(vec!["river".into(), "stone".into()]),
            ),
        ] {
            let p = parse(message);
            assert_eq!(p.len(), 1, "{message}: {p:?}");
            assert_eq!(p[0].1, rule, "{message}");
        }
    }

    #[test]
    fn headings_json_keys_and_limits_in_delegation_messages() {
        let m = "Write the report under the headings Findings / Recommendation / Risks. Keep it to a hard 150-word limit. Use at most 5 bullets.";
        let p = rules(m);
        assert!(p.contains(&Rule::Headings(vec![
            "Findings".into(),
            "Recommendation".into(),
            "Risks".into()
        ])));
        assert!(p.contains(&Rule::Words(Rel::LessThan, 151)));
        assert!(p.contains(&Rule::Bullets(Rel::LessThan, 6)));
        let p = rules("fix it + add a test. reply in 60 words max pls, I'm pasting it");
        assert!(p.contains(&Rule::Words(Rel::LessThan, 61)), "{p:?}");
        let p = rules("Write 60 words, max 3 lines each.");
        assert!(!p.contains(&Rule::Words(Rel::LessThan, 61)), "{p:?}");
        let (ok, ev) = check(
            &Rule::Headings(vec!["Findings".into(), "Risks".into()]),
            "## Findings\nx\n\n**Summary**\ny",
        );
        assert!(!ok && ev.unwrap().has("Risks"));
        let only = parse("Return a JSON object with keys `file` and `issue`, and nothing else.");
        assert!(
            only.iter().any(
                |(_, r)| *r == Rule::JsonKeys(vec!["file".into(), "issue".into()], false, true)
            ),
            "{only:?}"
        );
        let j = parse("Return a bare JSON object with the keys `repo`, `pinned` and `risk`.");
        assert!(j.iter().any(|(_, r)| *r
            == Rule::JsonKeys(
                vec!["repo".into(), "pinned".into(), "risk".into()],
                false,
                true
            )));
        let (ok, ev) = check(
            &Rule::JsonKeys(vec!["repo".into(), "risk".into()], false, true),
            "```json\n{\"repo\": 1}\n```",
        );
        assert!(!ok && ev.unwrap().has("risk"));
        // The whole answer in JSON, said as the answer's form; not what built code returns.
        for m in [
            "Check the three queues. Output must be a raw JSON object mapping queue to depth.",
            "Report the sizes per bucket. JSON only.",
        ] {
            assert!(parse(m).iter().any(|(_, r)| *r == Rule::Json), "{m}");
        }
        assert!(
            !parse("Make the health endpoint respond with raw JSON only.")
                .iter()
                .any(|(_, r)| *r == Rule::Json)
        );
        // Files named, not the answer's form.
        for m in [
            "Set the flag in settings.json only.",
            "Raw JSON dumps are in `out/runs/*.json`; summarise them in a table.",
        ] {
            assert!(!parse(m).iter().any(|(_, r)| *r == Rule::Json), "{m}");
        }
        // Quoted keys with a note each, and "no other keys".
        let noted = parse("Reply with a JSON object with keys \"day\" (ISO date), \"hits\" (an int) and \"why\" (one sentence).");
        assert!(
            noted.iter().any(|(_, r)| *r
                == Rule::JsonKeys(
                    vec!["day".into(), "hits".into(), "why".into()],
                    false,
                    false
                )),
            "{noted:?}"
        );
        let exact = parse("Reply with a JSON object containing exactly the keys \"p50\", \"p95\" — no other keys.");
        let rule = exact
            .iter()
            .find(|(_, r)| matches!(r, Rule::JsonKeys(_, true, _)))
            .map(|(_, r)| r.clone());
        assert!(rule.is_some(), "{exact:?}");
        let rule = rule.unwrap_or(Rule::Json);
        assert!(check(&rule, "{\"p50\": 4, \"p95\": 9}").0);
        let (ok, ev) = check(&rule, "{\"p50\": 4, \"p95\": 9, \"note\": \"warm cache\"}");
        assert!(!ok && ev.unwrap_or_default().has("note"));
        // What may be there, before the colon that opens the list.
        let only =
            parse("Answer with exactly these JSON keys and no others: `host`, `port`, `tls`.");
        let rule = only
            .iter()
            .find(|(_, r)| matches!(r, Rule::JsonKeys(..)))
            .map(|(_, r)| r.clone());
        assert_eq!(
            rule,
            Some(Rule::JsonKeys(
                vec!["host".into(), "port".into(), "tls".into()],
                true,
                true
            )),
            "{only:?}"
        );
        // "keys" inside a code span before the word: the names after the word still read.
        let spanned = parse(
            "Print the `keys_total` JSON report; its top-level keys are exactly `host`, `port`.",
        );
        assert!(
            spanned
                .iter()
                .any(|(_, r)| *r == Rule::JsonKeys(vec!["host".into(), "port".into()], true, false)),
            "{spanned:?}"
        );
        // An array of objects, each with the keys.
        let each = Rule::JsonKeys(vec!["host".into(), "port".into()], false, true);
        assert!(
            check(
                &each,
                "[{\"host\": \"a\", \"port\": 1}, {\"host\": \"b\", \"port\": 2}]"
            )
            .0
        );
        let (ok, ev) = check(&each, "[{\"host\": \"a\", \"port\": 1}, {\"host\": \"b\"}]");
        assert!(!ok && ev.unwrap().has("port"));
        assert!(!check(&each, "[1, 2]").0);
        // A spaced hyphen after the list ends it, whatever follows.
        let after = rules("Return only JSON with keys `status` and `files` - that's it.");
        assert!(
            after.contains(&Rule::JsonKeys(
                vec!["status".into(), "files".into()],
                false,
                true
            )),
            "{after:?}"
        );
        // A spaced hyphen inside the list is a note, not its end.
        let noted = rules("Return JSON with exactly these keys: `status`, `files` - an array of paths - and `notes`.");
        assert!(
            !noted.contains(&Rule::JsonKeys(
                vec!["status".into(), "files".into()],
                true,
                false
            )),
            "{noted:?}"
        );
        // A list ended by a spaced hyphen.
        let dashed = rules("Return only JSON with keys `state`, `files` - nothing else.");
        assert!(
            dashed.contains(&Rule::JsonKeys(
                vec!["state".into(), "files".into()],
                false,
                true
            )),
            "{dashed:?}"
        );
        // The keys of a fenced block inside a longer report.
        let block = Rule::JsonKeys(vec!["ok".into(), "files".into()], true, true);
        let report = "Fixed the loader.\n\n```\n$ make check\nall good\n```\n\n```json\n{\"ok\": true, \"files\": [\"a.py\"]}\n```";
        assert!(check(&block, report).0);
        let (ok, ev) = check(&block, "Fixed it.\n\n```json\n{\"ok\": true}\n```");
        assert!(!ok && ev.unwrap_or_default().has("files"));
        // The keys of a nested object: the object that holds them all is the one they name.
        let inner = Rule::JsonKeys(vec!["city".into(), "zip".into()], true, true);
        assert!(
            check(
                &inner,
                "{\"address\": {\"city\": \"Lyon\", \"zip\": \"69001\"}}"
            )
            .0
        );
        assert!(
            check(
                &inner,
                "{\"people\": [{\"address\": {\"city\": \"Lyon\", \"zip\": \"1\"}}]}"
            )
            .0
        );
        let (ok, ev) = check(
            &Rule::JsonKeys(vec!["city".into(), "zip".into()], false, true),
            "{\"address\": {\"city\": \"Lyon\"}}",
        );
        assert!(!ok && ev.unwrap_or_default().has("zip"));
        let (ok, ev) = check(
            &inner,
            "{\"address\": {\"city\": \"Lyon\", \"zip\": \"1\", \"street\": \"x\"}}",
        );
        assert!(!ok && ev.unwrap_or_default().has("street"));
        let t = parse(
            "Reply with a Markdown table whose columns are, in order: `Endpoint | Method | Owner`.",
        );
        let cols = |c: &[&str]| {
            Rule::Table(tables::TableAsk {
                columns: c.iter().map(|x| x.to_string()).collect(),
                exact: false,
                ordered: true,
            })
        };
        assert!(t
            .iter()
            .any(|(_, r)| *r == cols(&["Endpoint", "Method", "Owner"])));
        let (ok, _) = check(
            &cols(&["Endpoint", "Method"]),
            "| Endpoint | Method |\n|---|---|\n| /a | GET |",
        );
        assert!(ok);
        let (ok, _) = check(
            &cols(&["Endpoint", "Method"]),
            "| Method | Path |\n|---|---|",
        );
        assert!(!ok);
        let h = parse("Put the report under three headings: `## Blockers`, `## Risks`, `## Passed` — nothing else.");
        assert!(
            h.iter().any(|(_, r)| *r
                == Rule::Headings(vec!["Blockers".into(), "Risks".into(), "Passed".into()])),
            "{h:?}"
        );
        // Limits on each part are not limits on the whole.
        assert!(!parse("Return 5 findings, each finding under 25 words.")
            .iter()
            .any(|(_, r)| matches!(r, Rule::Words(..))));
        // Lower-case words after "keys" are not a list of names.
        assert!(parse("Rotate the keys and fields regularly.").is_empty());
    }

    #[test]
    fn a_word_bound_is_broken_only_by_both_counts() {
        let limit = "Keep your reply to at most 6 words.";
        // Six words to a reader, eight `\w+` runs.
        let code = "Patched `Sender.send` and `Queue.pop` today.";
        let c = check_all(limit, code);
        assert!(!c.is_empty() && c.iter().all(|c| c.holds), "{c:?}");
        let long = check_all(limit, "one two three four five six seven");
        assert!(long.iter().any(|c| !c.holds), "{long:?}");
    }

    #[test]
    fn quoted_sections_of_the_answer_are_headings_to_have() {
        for (m, want) in [
            (
                "Your report must include a 'Rollback plan' section.",
                "Rollback plan",
            ),
            (
                "Include a `## Load impact` heading in your reply.",
                "Load impact",
            ),
            (
                "Finish with a summary that has a section titled \"Open questions\".",
                "Open questions",
            ),
            (
                "Report format; required sections: Summary, Steps, Rollback.",
                "Rollback",
            ),
            // A label of layout with no document written: the answer's.
            (
                "Write the notes. Required sections: Summary, Steps, Rollback.",
                "Rollback",
            ),
        ] {
            let p = rules(m);
            assert!(
                p.iter()
                    .any(|r| matches!(r, Rule::Headings(h) if h.last().is_some_and(|x| x == want))),
                "{m}: {p:?}"
            );
        }
        for m in [
            "Update the 'Usage' section of the README and report what changed.",
            "Your report doesn't need a 'Risks' section.",
            "Report the bug; the 'Billing' section of the page is blank.",
            // A label of layout in a message that writes a document: the document's.
            "Write the notes into docs/notes.md. Required sections: Summary, Steps, Rollback.",
            "Your report must explain why the 'Deploy' section of the workflow fails.",
            "Add a 'Troubleshooting' section to CONTRIBUTING.md and reply with a summary.",
            "Write the incident report in ops/may-outage.md with the following sections: Timeline, Impact.",
        ] {
            let p = rules(m);
            assert!(
                !p.iter().any(|r| matches!(r, Rule::Headings(_))),
                "{m}: {p:?}"
            );
        }
        // Several quoted sections, each placed as one.
        let two = rules("Your reply needs a heading `## Risks` and a heading `## Next steps`.");
        assert!(
            two.contains(&Rule::Headings(vec!["Risks".into(), "Next steps".into()])),
            "{two:?}"
        );
        // A section asked for only sometimes.
        let sometimes = rules("Your reply should include a `## Risks` section if there are any.");
        assert!(
            !sometimes.iter().any(|r| matches!(r, Rule::Headings(_))),
            "{sometimes:?}"
        );
        // A choice between sections: neither is required.
        let either =
            rules("Your reply must include a `## Risks` section or a `## Caveats` section.");
        assert!(
            !either.iter().any(|r| matches!(r, Rule::Headings(_))),
            "{either:?}"
        );
        // One quoted name that is no section: none is read.
        let mixed = rules("Your report must include a 'Risks' section covering `retry()`.");
        assert!(
            !mixed.iter().any(|r| matches!(r, Rule::Headings(_))),
            "{mixed:?}"
        );
        let m = "Your report must include a 'Rollback plan' section.";
        let c = check_all(m, "Done.\n\n**Rollback plan**\nRevert the flag.");
        assert!(!c.is_empty() && c.iter().all(|c| c.holds), "{c:?}");
        let c = check_all(m, "Done. Revert the flag to roll back.");
        assert!(c.iter().any(|c| !c.holds), "{c:?}");
    }

    #[test]
    fn a_quote_after_a_described_verb_asks_for_nothing() {
        // What a document or a person says is context, not a word the answer must hold.
        for m in [
            "Write the setup page; its old docs only say 'ask Sam'.",
            "Tidy the FAQ. Users often mention 'timeout' in tickets.",
        ] {
            assert!(
                !rules(m).iter().any(|r| matches!(r, Rule::Includes(_))),
                "{m}: {:?}",
                rules(m)
            );
        }
        for m in [
            "Mention 'rollback' in the summary.",
            "Write the setup page, and mention 'staging'.",
            "You must say 'approved' at the top.",
        ] {
            assert!(
                rules(m).iter().any(|r| matches!(r, Rule::Includes(_))),
                "{m}: {:?}",
                rules(m)
            );
        }
    }

    #[test]
    fn a_bound_on_code_blocks_bans_none_outright() {
        let short = "It reads the header:\n```js\nconst t = req.headers.auth;\n```";
        for m in [
            "Explain the login flow. No code blocks longer than 4 lines.",
            "Explain the login flow; no code block over ten lines, please.",
            "Explain the login flow with no code blocks except the one command.",
        ] {
            assert!(
                !rules(m).contains(&Rule::NoCodeBlocks),
                "{m}: {:?}",
                rules(m)
            );
            let c = super::super::score(m, short, &crate::config::Thresholds::default());
            assert!(c.violations.is_empty(), "{m}: {:?}", c.violations);
        }
        assert!(rules("Explain the login flow. No code blocks.").contains(&Rule::NoCodeBlocks));
        assert!(rules("Explain the login flow. No code blocks of any kind.")
            .contains(&Rule::NoCodeBlocks));
    }

    #[test]
    fn a_list_of_required_words_ends_at_a_negation() {
        let c = check_all("Use 'select', never 'click'.", "Select Save.");
        assert!(c.iter().all(|c| c.holds), "{c:?}");
        // A dash ends the list too: what follows it is another clause.
        for dash in ["\u{2014}", "-", "--"] {
            let ask = format!("Don't use the word 'hack' {dash} refer to it as 'the shim'.");
            let c = check_all(&ask, "Added the shim to the loader.");
            assert!(c.iter().all(|c| c.holds), "{ask}: {c:?}");
            let c = check_all(&ask, "Added a hack to the loader.");
            assert!(c.iter().any(|c| !c.holds), "{ask}: {c:?}");
        }
        // Half of a slash compound is not the word: "I" in "I/O".
        let c = check_all("Avoid the words 'I' and 'we'.", "The service is I/O bound.");
        assert!(c.iter().all(|c| c.holds), "{c:?}");
        let c = check_all("Avoid the words 'I' and 'we'.", "I wrote the service.");
        assert!(c.iter().any(|c| !c.holds), "{c:?}");
    }

    #[test]
    fn the_last_line_named_alone_is_the_answers() {
        for m in [
            "Write the PR description. The last line must be 'Ready for review.'",
            "Write up the findings; the final line should be \"Ready for review.\"",
            "Implement it. The final line of your result must be exactly: Ready for review.",
        ] {
            let p = rules(m);
            assert!(
                p.contains(&Rule::EndsWith("Ready for review.".into())),
                "{m}: {p:?}"
            );
            let c = check_all(m, "Two fixes.\n\nReady for review.\n(Happy to split it.)");
            assert!(c.iter().any(|c| !c.holds), "{c:?}");
            let c = check_all(m, "Two fixes.\n\nReady for review.");
            assert!(!c.is_empty() && c.iter().all(|c| c.holds), "{c:?}");
        }
        // Another thing's last line, a line described rather than quoted, a choice or a
        // template: no ending.
        for m in [
            "Finish your report with a line of the form `Confidence: high`, `Confidence: medium`, or `Confidence: low`.",
            "End your reply with 'Done' or 'Blocked'.",
            "Finish your report with a line of the form `Confidence: <level>`.",
            "The last line of config.yaml must be 'end: true'.",
            "The final line must be the test summary.",
        ] {
            assert!(
                !rules(m).iter().any(|r| matches!(r, Rule::EndsWith(_))),
                "{m}"
            );
        }
    }

    #[test]
    fn an_ending_offered_as_a_choice_is_any_of_them() {
        let m = "Investigate. Finish your report with a line of the form `Confidence: high`, `Confidence: medium`, or `Confidence: low`.";
        let p = rules(m);
        assert!(
            p.iter()
                .any(|r| matches!(r, Rule::EndsWithOneOf(c) if c.len() == 3)),
            "{p:?}"
        );
        let c = check_all(m, "The setup dominates.\nConfidence: medium");
        assert!(!c.is_empty() && c.iter().all(|c| c.holds), "{c:?}");
        let c = check_all(m, "The setup dominates. Overall confidence is moderate.");
        assert!(c.iter().any(|c| !c.holds), "{c:?}");
        let m = "Your reply must end with \"Risk level: low\", \"Risk level: medium\", or \"Risk level: high\".";
        assert!(rules(m)
            .iter()
            .any(|r| matches!(r, Rule::EndsWithOneOf(c) if c.len() == 3)));
    }

    #[test]
    fn no_ending_from_a_thing_a_command_a_negation_or_an_opening() {
        for m in [
            "Bundle the frontend with `vite` or `esbuild` on Node 20.",
            "Check that every image tag ends with `-alpine` or `-slim`.",
            "Finish with `make lint` or `make check`.",
            "End your report with a line starting with `VERDICT: PASS` or `VERDICT: FAIL`, then one sentence of reasons.",
            "Your final line must not be 'Let me know if this helps'.",
            "In `notify.sh` the last line should echo 'Deployed'.",
            "Don't end with 'Hope this helps' or 'Let me know'.",
            "Keep the 'Summary' section short; the final line should state the risk.",
        ] {
            let p = rules(m);
            assert!(
                !p.iter()
                    .any(|r| matches!(r, Rule::EndsWith(_) | Rule::EndsWithOneOf(_))),
                "{m}: {p:?}"
            );
        }
        // A choice's phrase in the answer's own marks still ends it.
        let m =
            "Finish your report with a line of the form `Confidence: high` or `Confidence: low`.";
        let c = check_all(m, "Done.\n**Confidence:** high.");
        assert!(!c.is_empty() && c.iter().all(|c| c.holds), "{c:?}");
        // Word limits of a part, and short counted words, are not read.
        for m in [
            "Start with a TL;DR (25 words max), then the details.",
            "Write the blurb; mention 'AI' no more than twice.",
        ] {
            let p = rules(m);
            assert!(
                !p.iter()
                    .any(|r| matches!(r, Rule::Words(..) | Rule::WordCount(..))),
                "{m}: {p:?}"
            );
        }
        let p = rules("Draft it. Use 'rollback' at least 3 times.");
        assert!(
            p.iter()
                .any(|r| matches!(r, Rule::WordCount(w, Rel::AtLeast, 3) if w == "rollback")),
            "{p:?}"
        );
    }

    #[test]
    fn a_quoted_word_after_a_verb_of_use_is_counted() {
        let m =
            "Draft the intro. Mention 'deprecated' no more than twice; people find it alarming.";
        let p = rules(m);
        assert!(
            p.iter()
                .any(|r| matches!(r, Rule::WordCount(w, _, _) if w == "deprecated")),
            "{p:?}"
        );
        let c = check_all(
            m,
            "Some calls are deprecated. The deprecated ones warn. Nothing else is deprecated.",
        );
        assert!(c.iter().any(|c| !c.holds), "{c:?}");
        let c = check_all(m, "Some calls are deprecated and warn once; see the table.");
        assert!(!c.is_empty() && c.iter().all(|c| c.holds), "{c:?}");
        // A quote that is not the counted thing.
        for m in [
            "Rename 'fetchAll' in at most 3 files.",
            "The 'retry' flag was set 3 times in the logs; explain why.",
        ] {
            assert!(
                !rules(m).iter().any(|r| matches!(r, Rule::WordCount(..))),
                "{m}: {:?}",
                rules(m)
            );
        }
    }

    #[test]
    fn a_heading_of_a_form_is_a_template() {
        let m =
            "Document these endpoints. Use a heading of the form `### METHOD /path` for each one.";
        assert!(
            !rules(m).iter().any(|r| matches!(r, Rule::Headings(_))),
            "{:?}",
            rules(m)
        );
        // Named headings still are.
        let m = "Use the headings Findings, Risks and Next steps in your report.";
        assert!(
            rules(m).iter().any(|r| matches!(r, Rule::Headings(_))),
            "{:?}",
            rules(m)
        );
    }

    #[test]
    fn the_ending_is_the_phrase_after_its_cue() {
        let p = rules("Start your reply with \"Summary:\" and end it with \"-- end of report\".");
        assert!(
            p.contains(&Rule::EndsWith("-- end of report".into())),
            "{p:?}"
        );
        assert!(!p.contains(&Rule::EndsWith("Summary:".into())), "{p:?}");
        // The exact phrase as a code span: its text, without the marks or the full stop.
        let m = "Sketch the schema only. Close your report with the exact phrase `== ready ==`.";
        let p = rules(m);
        assert!(p.contains(&Rule::EndsWith("== ready ==".into())), "{p:?}");
        let c = check_all(m, "Tables: users, orders.\n\n== ready ==");
        assert!(!c.is_empty() && c.iter().all(|c| c.holds), "{c:?}");
        // A code span after the cue; a tool's name is none.
        let p = rules(
            "Edit the compose file. The last line of your result must be exactly `STATUS: green`.",
        );
        assert!(p.contains(&Rule::EndsWith("STATUS: green".into())), "{p:?}");
        let p = rules("Fix it. The last line of your report must be `Passed: <n>/<total>`.");
        assert!(!p.iter().any(|r| matches!(r, Rule::EndsWith(_))), "{p:?}");
        // A condition's words inside the phrase make no condition; outside it they do.
        let p = rules("Close your note with exactly: Ping me if anything is unclear.");
        assert!(
            p.contains(&Rule::EndsWith("Ping me if anything is unclear.".into())),
            "{p:?}"
        );
        // A letter the sentence defines makes a template.
        let p = rules("End your report with a final line `Score: N/10` where N is a whole number.");
        assert!(!p.iter().any(|r| matches!(r, Rule::EndsWith(_))), "{p:?}");
        for m in [
            // A part named after the span, not a line.
            "End your reply with a `## Next steps` section.",
            // Templates and choices, which one phrase cannot stand for.
            "End your reply with one line in the form `NEXT: <the next step>` and nothing after it.",
            "Finish your report with a line `Risk: low|medium|high`.",
            "End your reply with \"Approved\" if the checks pass.",
            "End your reply with 'Thanks, ping me if stuck', unless it is a question.",
        ] {
            let p = rules(m);
            assert!(
                !p.iter().any(|r| matches!(r, Rule::EndsWith(_))),
                "{m}: {p:?}"
            );
        }
        for m in [
            "Fix the import. Finish with `attempt_completion` and list the files.",
            "Fix the types and finish with `npm run lint`.",
            "Run the backend with `npm run dev` on port 3000.",
            "End your reply with the output of `git status`.",
        ] {
            let p = rules(m);
            assert!(
                !p.iter().any(|r| matches!(r, Rule::EndsWith(_))),
                "{m}: {p:?}"
            );
        }
        let p = rules(
            "Your attempt_completion must start with the tag `[db]` as its first characters.",
        );
        assert!(p.contains(&Rule::StartsWith("[db]".into())), "{p:?}");
        // The answer's opening, quoted after a cue whose subject is the answer.
        for (m, want) in [
            (
                "Start your reply with \"Summary:\" and end it with \"-- end\".",
                "Summary:",
            ),
            (
                "The very first line must begin with 'STATE:' so the bot can parse it.",
                "STATE:",
            ),
            (
                "Your reply must open with exactly 'Hello all,'.",
                "Hello all,",
            ),
            (
                "The first line of your result must be exactly `STATUS: green` for the parser.",
                "STATUS: green",
            ),
            ("Its very first line should read: \"ACK\".", "ACK"),
            (
                "Important: the first line of your reply must be `[READY]`.",
                "[READY]",
            ),
        ] {
            let p = rules(m);
            assert!(p.contains(&Rule::StartsWith(want.into())), "{m}: {p:?}");
        }
        for m in [
            "Start your answer with 'Yes' or 'No', then justify it.",
            "Feature flag names must start with `ff_`.",
            "Each bullet should start with a verb.",
            "End with one line that starts with \"Verdict:\".",
            // A file's first line, not the answer's; a deliverable the answer may hold with
            // notes around it.
            "The first line of the CSV must be exactly \"id,name\".",
            "The email must open with exactly 'Hello all,'.",
            "The very first line of your report must be `ticket: <id>` and nothing else.",
            "Every new file's first line must be `// SPDX-License-Identifier: MIT`.",
            "The first line of the HTTP response must be `HTTP/1.1 200 OK`.",
            "The first line of report.md must be `# Audit`.",
            "The first line of your reply must be `RESULT: PASS|FAIL`.",
            "The first line of each commit message should be 'fix: …' style.",
        ] {
            assert!(
                !rules(m).iter().any(|r| matches!(r, Rule::StartsWith(_))),
                "{m}"
            );
        }
        // One of several first lines.
        let m = "The first line of your reply must be `VERDICT: ship` or `VERDICT: hold`, then reasons.";
        let choice = Rule::StartsWithOneOf(vec!["VERDICT: ship".into(), "VERDICT: hold".into()]);
        assert!(rules(m).contains(&choice), "{:?}", rules(m));
        assert!(check(&choice, "VERDICT: hold\nThe canary is red.").0);
        assert!(!check(&choice, "The canary is red.\nVERDICT: hold").0);
        assert!(
            check(
                &Rule::StartsWith("STATE:".into()),
                "## STATE: green\nAll good."
            )
            .0
        );
        assert!(
            !check(
                &Rule::StartsWith("STATE:".into()),
                "## Etcd check\nSTATE: green"
            )
            .0
        );
        let p = rules("Finish with attempt_completion: root cause, fix, tests.");
        assert!(!p.iter().any(|r| matches!(r, Rule::EndsWith(_))), "{p:?}");
        let p = rules("Important: end your reply with a one-line verdict.");
        assert!(!p.iter().any(|r| matches!(r, Rule::EndsWith(_))), "{p:?}");
        assert!(
            check(
                &Rule::StartsWith("## Summary".into()),
                "## Summary\nAll good."
            )
            .0
        );
        let p = rules("The result must finish with the line 'DONE'.");
        assert!(p.contains(&Rule::EndsWith("DONE".into())), "{p:?}");
        let p = rules("Please close your report with the line 'DONE-42'.");
        assert!(p.contains(&Rule::EndsWith("DONE-42".into())), "{p:?}");
        // An ending that turns on a condition is not read.
        let p = rules("Close with 'ship it' if the checks pass, otherwise close with 'hold'.");
        assert!(!p.iter().any(|r| matches!(r, Rule::EndsWith(_))), "{p:?}");
        // How the last line opens is no ending.
        let p = rules("End your report with one line that starts with \"Verdict:\".");
        assert!(!p.iter().any(|r| matches!(r, Rule::EndsWith(_))), "{p:?}");
        // A phrase written before its cue is still read.
        let p = rules("The phrase \"Any questions?\" should end your response.");
        assert!(
            p.contains(&Rule::EndsWith("Any questions?".into())),
            "{p:?}"
        );
    }

    /// Case rules are the prose's: code keeps its own case.
    #[test]
    fn case_rules_leave_code_alone() {
        let sql = "dedup now keeps the newest row:\n```sql\nSELECT id FROM events\n```\nuse `ROW_NUMBER()` for it.";
        assert!(check(&Rule::Lowercase, sql).0);
        assert!(!check(&Rule::Lowercase, "Dedup now keeps the newest row.").0);
        assert!(check(&Rule::Uppercase, "DONE: `make test` PASSED").0);
        assert!(!check(&Rule::Uppercase, "DONE: tests passed").0);
    }

    /// A rule said of a part or another deliverable, under a condition, or taken back later in
    /// the message is not checked on the whole answer; the answer's own rules still are.
    #[test]
    fn soft_counts_left_out_code_templates_and_replaced_rules() {
        let kinds_of = |m: &str| kinds(m);
        // Wishes and conditions bound nothing.
        for m in [
            "Ideally keep it under 50 words, but don't sweat it.",
            "Under 100 words, unless you find a security problem.",
            "Answer yes or no first, then explain in up to two sentences.",
            "Keep the summary under 50 words. The rest of the document can be as long as it needs to be.",
            "Start your reply with 'Findings:'. Change of plan: start with 'Verdict:' instead.",
            "Finish with the line 'Tests: <passed>/<total>'.",
            "Respond as JSON with keys `a` and `b`. Update: plain text is fine.",
            "Return a JSON object with keys `q`, `n`. You can add a one-line note after it.",
            "Create `tools/manifest.json` with keys `id`, `checksum`.",
            "Write all hex values with uppercase digits.",
        ] {
            assert!(
                !kinds_of(m).iter().any(|k| crate::drift::text::in_list("words|sentences|opening|ending|json|json-keys|uppercase", k) && !m.has("Verdict")),
                "{m}: {:?}",
                parse(m)
            );
        }
        // The later opening replaces the earlier.
        let replaced = parse(
            "Start your reply with 'Findings:'. Oh, change of plan: start with 'Verdict:' instead.",
        );
        assert!(
            !replaced
                .iter()
                .any(|(_, r)| *r == Rule::StartsWith("Findings:".into())),
            "{replaced:?}"
        );
        // A literal tag is no template.
        assert!(
            kinds("Your reply must start with the tag `[schema-migration]`.").contains(&"opening")
        );
        // Choices written with bars.
        assert_eq!(
            alternatives("Confidence: high|medium|low"),
            Some(vec![
                "Confidence: high".into(),
                "Confidence: medium".into(),
                "Confidence: low".into()
            ])
        );
        // Code left out of a count: the prose is counted.
        for m in [
            "Keep your prose under 120 words; code blocks don't count.",
            "Report in under 100 words; the migration file content you paste doesn't count toward that.",
            "Keep the explanation under 60 words \u{2014} the YAML itself doesn't count toward that.",
        ] {
            assert!(
                parse(m).iter().any(|(_, r)| matches!(r, Rule::ProseWords(..))),
                "{m}: {:?}",
                parse(m)
            );
        }
        let sql = "Two sentences here. And the second.\n```sql\nSELECT 1;\nSELECT 2;\n```";
        assert!(check(&Rule::Sentences(Rel::LessThan, 3), sql).0);
        // Word bans: fenced blocks, code spans and quoted sentences are not the answer's words,
        // unless the ban reaches everywhere.
        let ban = Rule::Forbids(vec!["just".into()]);
        assert!(check(&ban, "Added a `just lint` recipe.\n```\n# just run it\n```").0);
        assert!(check(&ban, "Reviewer said \"this just needs a check\"; done.").0);
        assert!(!check(&ban, "I just added it.").0);
        let everywhere = parse("Don't use the word \"simply\" anywhere.");
        assert!(
            everywhere
                .iter()
                .any(|(_, r)| matches!(r, Rule::ForbidsAnywhere(_))),
            "{everywhere:?}"
        );
        assert!(
            !check(
                &Rule::ForbidsAnywhere(vec!["simply".into()]),
                "```\nsimply pass None\n```"
            )
            .0
        );
        // A ban placed in a named part is that part's.
        let placed = parse("Don't use the word \"vulnerable\" in the Summary.");
        assert!(
            matches!(placed.as_slice(), [(_, Rule::InPart(p, _))] if p == "summary"),
            "{placed:?}"
        );
        // "List your findings as at most 4 bullets": the findings' count.
        let findings = parse(
            "List your findings as at most 4 bullets. Also tell me which files you looked at.",
        );
        assert!(
            matches!(findings.as_slice(), [(_, Rule::InPart(p, _))] if p == "findings"),
            "{findings:?}"
        );
    }

    /// Readings of the 38th session: a rule taken back whole ("scratch that"), permissions
    /// given later, counts after a first part, things that may be a labelled part.
    #[test]
    fn taken_back_permitted_and_labelled_parts() {
        // "Scratch that" takes back the sentence before; the new bound stays.
        let raised = parse("Keep it under 40 words. Hmm, scratch that, go up to 120 words.");
        assert_eq!(
            raised,
            vec![(false, Rule::Words(Rel::LessThan, 121))],
            "{raised:?}"
        );
        // "That rule doesn't apply to …" narrows the sentence before, which is then not read.
        assert!(parse(
            "For the public text only: don't use the word \"bug\" there. That rule doesn't apply to the internal note."
        )
        .is_empty());
        // "Ignore that the build is slow" takes nothing back.
        assert!(!parse("Answer in under 40 words. Ignore that the build is slow.").is_empty());
        // A snippet allowed after "no code"; a note allowed above the JSON; a marker dropped.
        for m in [
            "Explain it in prose, no code. Well, one short snippet is fine if it helps.",
            "Return a JSON object with keys `a`, `b`. You may put one short line above the JSON.",
            "End with the marker `<<DONE>>`. Edit: scratch the marker, I read the reply myself.",
        ] {
            let ks = kinds(m);
            assert!(
                !crate::drift::text::any_word_in(
                    &ks,
                    "code|no-code-blocks|json|json-keys|ending|title"
                ),
                "{m}: {:?}",
                parse(m)
            );
        }
        // A replacement word is no banned word.
        assert_eq!(
            parse("Don't use the word \"kludge\", say \"interim fix\" if you must."),
            vec![(false, Rule::Forbids(vec!["kludge".into()]))]
        );
        // "Start with Yes or No, then …", "Yes or No followed by one sentence": the count is of
        // what follows.
        for m in [
            "Start your answer with Yes or No, then explain in at most 2 sentences.",
            "Reply Yes or No followed by exactly one sentence.",
        ] {
            assert!(!kinds(m).contains(&"sentences"), "{m}: {:?}", parse(m));
        }
        // "Sec. 4" and "No. 12" end no sentence.
        assert_eq!(
            sentence_count("It is covered by Sec. 4 of the policy. See No. 12 too."),
            2
        );
        // A link is no use of a banned word.
        let ban = Rule::Forbids(vec!["gitlab".into()]);
        assert!(check(&ban, "It links to https://gitlab.com/acme/tool instead.").0);
        assert!(!check(&ban, "It links to the GitLab repo instead.").0);
        // A count or ban of a thing the result may label: the labelled part, else the whole.
        let described =
            parse("Write the description of the lamp. The description must be exactly 12 words.");
        assert!(
            matches!(described.as_slice(), [(_, Rule::PartOrWhole(p, _))] if p == "description"),
            "{described:?}"
        );
        let rule = &described[0].1;
        let labelled = "Description:\none two three four five six seven eight nine ten eleven twelve\n\nNotes: the source is the vendor sheet, checked twice.";
        assert!(check(rule, labelled).0);
        assert!(
            !check(
                rule,
                "one two three four five six seven eight nine ten eleven"
            )
            .0
        );
        let listed = parse("Give at most 3 bullet points of advice.");
        assert!(
            matches!(listed.as_slice(), [(_, Rule::PartOrWhole(p, _))] if p == "advice"),
            "{listed:?}"
        );
        let placed = parse("Don't use 'simply' in the guidance.");
        assert!(
            matches!(placed.as_slice(), [(_, Rule::PartOrWhole(p, _))] if p == "guidance"),
            "{placed:?}"
        );
        let rule = &placed[0].1;
        assert!(
            check(
                rule,
                "Guidance:\n\n> Call us.\n\nI simply copied the old page."
            )
            .0
        );
        assert!(!check(rule, "You simply call us.").0);
        // The thing itself, pasted in the result's one block quote.
        let itself = parse(
            "Draft the launch note for the app. The launch note itself must be under 8 words.",
        );
        assert!(
            matches!(itself.as_slice(), [(_, Rule::PartOrWhole(p, _))] if p == "launch note"),
            "{itself:?}"
        );
        let rule = &itself[0].1;
        assert!(
            check(
                rule,
                "Launch note:\n\n> Sale ends Friday.\n\nWant a longer one, as asked by the team?"
            )
            .0
        );
        // An unlabelled quote that keeps it may be it: silent. One that breaks it does not
        // stand for it alone: the whole breaks it too.
        assert!(check(rule, "Here it is, kept short as asked by the team:\n\n> Sale ends Friday.\n\nWant a longer one?").0);
        assert!(!check(rule, "Here it is, kept short as asked by the team:\n\n> Sale ends Friday, so order your boots today.\n\nWant a longer one?").0);
        // "ignore that" mid-sentence, "make it 2 commits" take nothing back.
        assert!(!parse("Answer in under 20 words. The build warns; ignore that.").is_empty());
        assert!(!parse("Keep it under 20 words. Split the work: make it 2 commits.").is_empty());
        // One language: a later one replaces the earlier, "fine with English" drops it.
        for m in [
            "Antworte bitte auf Deutsch. Ach, vergiss das -- write in English.",
            "Please respond in German. PS: they're fine with English after all.",
        ] {
            let langs: Vec<&str> = parse(m)
                .iter()
                .filter_map(|(_, r)| match r {
                    Rule::Language(l) => Some(l.name),
                    _ => None,
                })
                .collect();
            assert!(!langs.contains(&"German"), "{m}: {langs:?}");
        }
        // Case rules with exceptions; counts that leave a list or a query out; placeholders.
        for (m, kind) in [
            (
                "Reply in lowercase. Product names can keep their capitals.",
                "lowercase",
            ),
            (
                "Write in lowercase only. Exception: country codes like DE can stay uppercase.",
                "lowercase",
            ),
            (
                "All variables in the template must use the {{NAME}} format.",
                "includes",
            ),
        ] {
            assert!(!kinds(m).contains(&kind), "{m}: {:?}", parse(m));
        }
        for m in [
            "Summarize the cleanup in under 80 words; don't count the list of removed files.",
            "Keep the explanation under 40 words; put the query in a code block, the query doesn't count toward the limit.",
            "Keep the summary under 50 words; attach the log excerpt below it.",
        ] {
            assert!(
                parse(m).iter().any(|(_, r)| matches!(r, Rule::ProseWords(..))),
                "{m}: {:?}",
                parse(m)
            );
        }
        // Named parts: two capitalised words, a marked "part"; bare plurals of other things.
        let known = parse("Draft the notes. The Known issues section gets at most 3 bullets.");
        assert!(
            matches!(known.as_slice(), [(_, Rule::InPart(p, _))] if p == "known issues"),
            "{known:?}"
        );
        let part = parse("The \"Next steps\" part keep maximum 2 bullets, rest is free.");
        assert!(
            matches!(part.as_slice(), [(_, Rule::InPart(p, _))] if p == "next steps"),
            "{part:?}"
        );
        assert!(parse("PR titles must not contain the word \"wip\".").is_empty());
        // A deliverable's ending, with words to the requester after it.
        let ending = "Write the patch note and end it with 'See the docs.'";
        let broken = check_all(ending, "Faster sync.\n\nThe note ends there.");
        assert!(broken.iter().any(|c| !c.holds), "{broken:?}");
        let kept = check_all(
            ending,
            "Faster sync. See the docs.\n\nAsk Priya before publishing.",
        );
        assert!(kept.iter().all(|c| c.holds), "{kept:?}");
        // "make that 4 bullets" replaces the count; "English it is" the language; a described
        // ending ("an array with …") is none; a first line's case is that line's.
        let made = parse("List them as exactly 3 bullets.\n\nUpdate: make that 4 bullets.");
        assert!(
            !made.contains(&(false, Rule::Bullets(Rel::Exactly, 3))),
            "{made:?}"
        );
        assert!(!kinds("Write the report in French. Update: English it is.").contains(&"language"));
        assert!(
            !kinds("Write notes, but finish with a JSON block: an array with keys `a`, `b`.")
                .contains(&"ending")
        );
        assert!(!kinds(
            "First line of your reply must be one word in ALL CAPS. Then write normally."
        )
        .contains(&"uppercase"));
        // Parts named by a heading after "Under a", a marked heading "containing" a count, the
        // subject of a ban.
        for (m, part) in [
            (
                "Under a `Risks` heading, give at most 3 bullets; the rest of the reply is free.",
                "risks",
            ),
            (
                "Start with a `### Summary` containing exactly 3 bullets.",
                "summary",
            ),
        ] {
            let r = parse(m);
            assert!(
                matches!(r.as_slice(), [(_, Rule::InPart(p, _))] if p == part),
                "{m}: {r:?}"
            );
        }
        let subject =
            parse("Write the store notes. The store notes must not contain the word \"bug\".");
        assert!(
            matches!(subject.as_slice(), [(_, Rule::PartOrWhole(p, _))] if p == "store notes"),
            "{subject:?}"
        );
        // "… and nothing after it": the very end.
        let strict = check_all(
            "Write the patch note and end it with 'See the docs.' and nothing after it.",
            "Faster sync. See the docs.\n\nAsk Priya before publishing.",
        );
        assert!(strict.iter().any(|c| !c.holds), "{strict:?}");
    }

    #[test]
    fn rules_of_parts_conditions_and_lifted_rules_are_not_read() {
        for m in [
            "The PR description must include a Testing section and must be under 150 words.",
            "The slogan must be in ALL CAPS.",
            "Push: max 40 characters each, no emoji.",
            "If everything passes, keep your reply under 150 words.",
            "Should any check fail, answer in JSON.",
            "Don't use the word \"simply\" anywhere in the changelog entry.",
            "No code blocks in the explanation itself.",
            "Keep it under 100 words. Edit: actually, ignore the word limit for this one.",
            "Keep your reply under 200 words. The 200-word cap doesn\u{2019}t apply to the table.",
            "Return JSON with the keys `a` and `b`. Scratch the JSON, plain text is fine.",
            "Within the 2.8.0 entry, use only these headings: Added, Changed, Fixed.",
            "- in the description don't use the word \"best\"",
            "Start with `TL;DR:` and at most 2 sentences.",
            "No code blocks please. Actually, scratch the no-code rule for this one.",
            "Usually I ask subtasks to keep reports under 150 words \u{2014} not this time.",
            "<under 60 words>",
            "Executive summary \u{2014} no more than 3 sentences.",
            "Use exactly these headers in your report, in this order, all caps: SUMMARY, DETAILS.",
            "Don't use \"secure\" or \"safe\" to describe the result.",
        ] {
            assert_eq!(kinds(m), Vec::<&str>::new(), "{m}");
        }
        // Not the reply's case: the subject of the commit it shows.
        assert_eq!(
            kinds("The commit message must be entirely lowercase."),
            vec!["commit-form"]
        );
        // "Anywhere in the text" is the answer's text; "in the policy text" names a part.
        assert_eq!(
            kinds("Write the help article. Avoid the word 'just' anywhere in the text."),
            vec!["forbids"]
        );
        assert_eq!(
            kinds("Rewrite section 4. Avoid the word 'should' anywhere in the policy text."),
            Vec::<&str>::new()
        );
        assert_eq!(
            kinds("Tidy docs/onboarding.md. Don't use the word 'simply' anywhere in the text."),
            Vec::<&str>::new()
        );
        // A message that opens with "Review" asks for a review: a ban placed in it is the
        // answer's; a review the message does not ask for is another text.
        assert_eq!(
            kinds("Review PR #418. Do not use the word 'nit' anywhere in the review."),
            vec!["forbids"]
        );
        assert_eq!(
            kinds("Fix the bug, then ask Dana for a review. Do not use the word 'nit' anywhere in the review."),
            Vec::<&str>::new()
        );
        // One line's case is that line's rule, not the whole answer's.
        assert_eq!(
            kinds("Format: the first line is a title in ALL CAPS, then normal text below it."),
            vec!["line-case"]
        );
        // A count of a named part is checked on that part.
        for (m, part) in [
            (
                "**Root cause** \u{2014} no more than two sentences.",
                "root cause",
            ),
            (
                "Start with a \"## Summary\" section of no more than 5 bullets.",
                "summary",
            ),
            ("Under \"Risks\", no more than 3 bullets.", "risks"),
            ("Keep the `## Risks` section to at most 4 bullets.", "risks"),
        ] {
            assert!(
                matches!(parse(m).as_slice(), [(_, Rule::InPart(p, _))] if p == part),
                "{m}: {:?}",
                parse(m)
            );
        }
        let part = Rule::InPart("risks".into(), Box::new(Rule::Bullets(Rel::LessThan, 4)));
        assert!(check(&part, "## Findings\n- a\n- b\n- c\n- d\n## Risks\n- x\n- y").0);
        assert!(!check(&part, "## Risks\n- a\n- b\n- c\n- d\n## Plan\n- x").0);
        // Not shown, not checked.
        assert!(check(&part, "- a\n- b\n- c\n- d\n- e").0);
        for (m, kind) in [
            ("Your reply must be under 150 words.", "words"),
            ("The output must be in all lowercase.", "lowercase"),
            ("The response should stay under 100 words.", "words"),
            ("The last line must be 'DONE'.", "ending"),
            ("Format: keep the reply under 80 words.", "words"),
            ("Respond in German: the team reads no English.", "language"),
            (
                "Write up the results. Don't use the word \"significant\" anywhere in the write-up.",
                "forbids",
            ),
            ("Don't forget to answer in all lowercase.", "lowercase"),
            (
                "Write a haiku. Do not use any commas in the haiku.",
                "no-commas",
            ),
            ("When you are done, reply in under 50 words.", "words"),
            (
                "Ignore the test logs. Keep the reply under 50 words.",
                "words",
            ),
            // Lift words that lift nothing here, and subjects, labels and places that are the
            // answer's.
            ("Respond in all lowercase, no longer than 100 words.", "lowercase"),
            ("Ignore the limitations section; keep it under 100 words.", "words"),
            ("Summarize the incident. Your summary must be under 100 words.", "words"),
            ("In the interest of brevity, keep your reply under 100 words.", "words"),
            ("Remember: keep it under 100 words.", "words"),
            ("Start with a one-line summary, and keep the whole reply under 150 words.", "words"),
        ] {
            assert!(kinds(m).contains(&kind), "{m}: {:?}", kinds(m));
        }
    }

    #[test]
    fn offsets_stay_on_the_original_text() {
        // Lowercasing "İ" changes its byte length; offsets found in the lowered text must still
        // point at the same place in the original.
        let m =
            "İİİ Do not include the letter \"c\" anywhere. İİ End your response with \"Bye İ.\"";
        let p = rules(m);
        assert!(
            p.contains(&Rule::LetterCount('c', Rel::LessThan, 1)),
            "{p:?}"
        );
        assert!(p.contains(&Rule::EndsWith("Bye İ.".into())), "{p:?}");
    }

    #[test]
    fn a_heading_dropped_later_is_not_asked() {
        for (m, want) in [
            (
                "Use the headings Overview, Findings, Limits. Update: remove Limits, we track them in the tracker.",
                &["Overview", "Findings"][..],
            ),
            (
                "Use the headings Summary and Risks. Risks matter most: don't drop them.",
                &["Summary", "Risks"],
            ),
            (
                "Use the headings Summary and Risks. Don't skip Risks even if it is short.",
                &["Summary", "Risks"],
            ),
        ] {
            let p = rules(m);
            let want = Rule::Headings(want.iter().map(|h| h.to_string()).collect());
            assert!(p.contains(&want), "{m}: {p:?}");
        }
    }

    #[test]
    fn a_sentence_ends_with_the_quote_closed_after_its_stop() {
        assert_eq!(
            sentences("It must end with 'No advice.' Put the draft in your report."),
            [
                "It must end with 'No advice.'",
                " Put the draft in your report."
            ]
        );
        // Not where the sentence goes on in lower case.
        assert_eq!(
            sentences("End with \"Thanks.\" in the email."),
            ["End with \"Thanks.\" in the email."]
        );
    }

    #[test]
    fn plain_prose_has_no_checkable_constraints() {
        assert!(kinds(
            "Refactor the login handler so it returns early on a bad token, and add a test for it."
        )
        .is_empty());
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod word_scan {
    use super::words_at;
    use proptest::prelude::*;

    /// Words as first written: every character decoded.
    fn reference(s: &str) -> Vec<(usize, &str)> {
        let mut out = Vec::new();
        let mut start = None;
        for (i, c) in s.char_indices() {
            let inside = c.is_alphanumeric() || c == '\'' || c == '+' || c == '-';
            match (inside, start) {
                (true, None) => start = Some(i),
                (false, Some(b)) => {
                    out.push((b, s.get(b..i).unwrap_or_default()));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(b) = start {
            out.push((b, s.get(b..).unwrap_or_default()));
        }
        out
    }

    #[test]
    fn every_character_splits_words_as_the_decoding_scan_did() {
        for c in (0..=0x10FFFF_u32).filter_map(char::from_u32) {
            let text = format!("a{c}b {c}3+{c}");
            assert_eq!(words_at(&text), reference(&text), "{c:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn the_byte_scan_finds_the_words_every_character_decoded_found(
            parts in proptest::collection::vec(
                prop_oneof![
                    "[a-zA-Z0-9'+\\- .,;:!?\n\t]{0,10}",
                    Just("é".to_string()), Just("日本".to_string()), Just("\u{a0}".to_string()),
                    Just("\u{2014}".to_string()), Just("½".to_string()), any::<String>(),
                ],
                0..20,
            )
        ) {
            let text: String = parts.concat();
            prop_assert_eq!(words_at(&text), reference(&text));
        }
    }
}
