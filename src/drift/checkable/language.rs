//! "Respond in German", "your entire answer should be in Italian": languages written in the
//! Latin script, told apart by their commonest function words. Scripts of their own (Hindi,
//! Russian, Thai …) are checked by script instead (`Rule::Script`).
//!
//! The word lists are each language's most frequent grammatical words (articles, conjunctions,
//! prepositions, pronouns, auxiliaries), as any grammar lists them, less those that are also
//! common English words ("die", "was", "on", "do", "per") or code keywords ("var", "for"), so
//! that English prose or code never reads as another language. A verdict needs a text long
//! enough to judge, almost none of the asked language's words and plenty of another's: anything
//! less is left alone.

use crate::drift::text::Has;
use crate::drift::text::Lower;
use crate::gather::Gather;
use crate::gather::GatherText;
use crate::gather::Keep;
/// A language and its function words.
#[derive(Debug, PartialEq)]
pub struct Language {
    pub name: &'static str,
    /// Space-separated (one string: a table of pointers per word cost 8 bytes each).
    words: &'static str,
    /// Languages close enough to share many function words: never told apart.
    group: u8,
}

impl Language {
    /// Whether `w` is one of the language's function words.
    pub fn has(&self, w: &str) -> bool {
        self.words.split(' ').any(|x| x == w)
    }
}

const fn lang(name: &'static str, group: u8, words: &'static str) -> Language {
    Language { name, words, group }
}

/// Latin-script languages by their English names (the names a message uses).
pub const LANGUAGES: [Language; 17] = [
    lang(
        "english",
        1,
        "the and of to that it with as on are this be was by not or have from but they which you we can will at their has been would there what were when your should these than its our in is a an for if all no so do does into after before now only each",
    ),
    lang(
        "german",
        2,
        "der und nicht ein eine zu den mit sich auf für von dem des ist auch es ich wir sie werden wird sind oder aber wenn dass das nach bei aus wie noch nur kann einer einen diese dieser über sehr haben hat keine",
    ),
    lang(
        "french",
        3,
        "les et est des une du pour que qui dans pas sur avec au ce il elle nous vous sont se par mais ou cette été aux leur tout très être je comme sa ses la en un de",
    ),
    lang(
        "spanish",
        4,
        "el los las y es que en un una por para con se al lo como más pero su sus este esta está hay muy también sobre entre cuando porque puede ser fue la de le",
    ),
    lang(
        "italian",
        5,
        "il la le è di che un una con della dei sono anche più ma si gli lo nel alla questo questa essere ha da delle degli al ed però molto quando tutti suo sua",
    ),
    lang(
        "portuguese",
        6,
        "é de que um uma para não da dos das na por mais mas se como são está ao foi seu sua ele ela isso este esta também muito quando pelo pela já nos ou ser tem há",
    ),
    lang(
        "dutch",
        7,
        "de het een en dat niet op te voor zijn er aan ook als maar om dit wordt worden bij naar kan heeft hij ze wij ik je deze geen nog wel meer zo dan",
    ),
    lang(
        "swedish",
        8,
        "och att det som en är av på med inte den har ett om så kan vi jag han hon från eller också detta sig de kommer skulle vid efter mycket när alla sina där",
    ),
    lang(
        "danish",
        8,
        "og det som en er af på med ikke den til har et om så kan vi jeg han hun fra eller også dette sig de vil skal ved efter meget når alle hvor være",
    ),
    lang(
        "norwegian",
        8,
        "og det som en er av på med ikke den til har et om så kan vi jeg han hun fra eller også dette seg de vil skal ved etter mye når alle hvor være",
    ),
    lang(
        "finnish",
        9,
        "ja ei se että kun mutta tai ovat oli myös kuin joka tämä hän niin jos voi sen siitä mitä olla nyt jo sitä ne minä sinä hyvin kaikki joten koska sekä ole olen",
    ),
    lang(
        "polish",
        10,
        "na nie się że jak ale tak za od przez dla są czy tylko jego jej ich lub oraz może być już bardzo tym tego które który która jako gdy",
    ),
    lang(
        "turkish",
        11,
        "ve bir bu da de için ile çok daha ne gibi ama olarak en o mi değil kadar sonra şey ya olan veya ancak ise göre diye bunu ben sen biz siz onlar nasıl neden çünkü",
    ),
    lang(
        "vietnamese",
        12,
        "và của là có không được cho một các những với trong này người đã để khi đến từ như cũng thì ra sẽ về nhưng làm phải nhiều rất",
    ),
    lang(
        "indonesian",
        13,
        "yang dan di itu dengan untuk tidak dari dalam akan pada juga ke ada saya kita bisa atau karena oleh sebagai adalah mereka lebih sudah telah kami namun hanya",
    ),
    lang(
        "malay",
        13,
        "yang dan di itu dengan untuk tidak dari dalam akan pada juga ke ada saya kita boleh atau kerana oleh sebagai adalah mereka lebih sudah telah kami tetapi hanya",
    ),
    lang(
        "swahili",
        14,
        "na ya wa kwa ni za katika la kuwa hii au lakini pia kama cha hiyo sana yake zaidi hayo baada hadi bila huo kwamba wao sisi mimi yeye",
    ),
];

/// Words needed before a text is judged: a short answer (a name, a number, a code block with a
/// line of prose) says too little about its language.
const MIN_WORDS: usize = 25;
/// The asked language's share of the words at most, and another language's at least, for the
/// text to be in that other language. Running prose has 25–45 % function words.
const ASKED_AT_MOST: f64 = 0.05;
const OTHER_AT_LEAST: f64 = 0.2;
/// Distinct function words of the other language at least: prose in a language uses many of
/// them, while a terse English list can repeat one word that happens to be on a list ("CI", or
/// "non" from "non-null") until it is a fifth of the words.
const OTHER_DISTINCT: usize = 6;
/// Another language's share when the asked one has no word at all in the text.
const OTHER_WITH_NONE_ASKED: f64 = 0.1;
const DISTINCT_WITH_NONE_ASKED: usize = 4;
/// A paragraph or list item judged on its own: its words, its distinct function words of the
/// other language and their share.
const UNIT_MIN_WORDS: usize = 8;
const UNIT_DISTINCT: usize = 3;
const UNIT_OTHER_AT_LEAST: f64 = 0.25;

/// Whether `text` can be in `asked`; when it plainly is in another language, the evidence.
pub fn check(text: &str, asked: &Language) -> (bool, Option<String>) {
    let words = prose_words(text);
    if words.len() < MIN_WORDS {
        return (true, None);
    }
    let share =
        |l: &Language| words.iter().filter(|w| l.has(w)).count() as f64 / words.len() as f64;
    let own = share(asked);
    if own > ASKED_AT_MOST {
        return match unit_in_another(text, asked) {
            Some((l, unit)) => (false, Some(format!("a passage in {}: \"{unit}\"", l.name))),
            None => (true, None),
        };
    }
    let distinct = |l: &Language| distinct_words(&words, l);
    let other = LANGUAGES
        .iter()
        .filter(|l| l.group != asked.group)
        .map(|l| (l, share(l)))
        .max_by(|a, b| a.1.total_cmp(&b.1));
    // Not one of the asked language's words in 25 or more, and the other's words plainly
    // there: terse English (a list of findings) has fewer function words than running prose.
    let none_asked = own == 0.0;
    match other {
        Some((l, s))
            if (s >= OTHER_AT_LEAST && distinct(l) >= OTHER_DISTINCT)
                || (none_asked
                    && s >= OTHER_WITH_NONE_ASKED
                    && distinct(l) >= DISTINCT_WITH_NONE_ASKED) =>
        {
            (
                false,
                Some(format!(
                    "written in {}: {} % of its words are common {} words, {} % {} ones",
                    l.name,
                    super::super::text::percent(s),
                    l.name,
                    super::super::text::percent(own),
                    asked.name
                )),
            )
        }
        _ => match unit_in_another(text, asked) {
            Some((l, unit)) => (false, Some(format!("a passage in {}: \"{unit}\"", l.name))),
            None => (true, None),
        },
    }
}

/// How many of a language's function words a text's words use, each once.
fn distinct_words(words: &[String], l: &Language) -> usize {
    let mut seen: Vec<&str> = words.iter().map(String::as_str).gather().kept(|w| l.has(w));
    crate::sort::sort(&mut seen);
    seen.dedup();
    seen.len()
}

/// A paragraph (or list item) of the answer's own prose plainly in another language than the
/// one asked, when the rest may be in the asked one: "Next steps: re-run the export tonight."
/// closing a German report. Only English against another asked language, and another language
/// against asked English: the mix-ins a report has. A unit needs eight words or more, none of
/// the asked language's, and three distinct function words of the other making a quarter of
/// its words; quoted passages (a line opening with a quote mark) are someone else's words.
fn unit_in_another(text: &str, asked: &Language) -> Option<(&'static Language, String)> {
    let english = &LANGUAGES[0];
    let mut units: Vec<String> = Vec::new();
    let mut current = String::new();
    // A line that introduces what follows ("Die Fehlermeldung lautet:", "Customer-facing
    // error (fr.json):"): the passage after it is cited.
    let mut cited = false;
    let mut cited_list = false;
    for line in super::lists::outside_fences(text) {
        // Indented code is code.
        if line.starts_with("    ") || line.starts_with('\t') {
            continue;
        }
        let body = line.trim();
        // The passage a colon introduces, a list of cited lines included.
        let listed = body.starts_with(&['-', '*', '+'][..]);
        if cited && !body.is_empty() && (listed || !cited_list) {
            cited_list = listed;
            cited = body.ends_with(':') || listed;
            continue;
        }
        // The line after a cited list is the reply's again.
        if !body.is_empty() {
            cited_list = false;
        }
        if !body.is_empty() {
            cited = body.ends_with(':');
        }
        let item = body.starts_with(&['-', '*', '+', '\u{2022}'][..])
            || body
                .split_once(&['.', ')'][..])
                .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if body.is_empty() || item || body.starts_with('#') {
            units.push(std::mem::take(&mut current));
        }
        if !body.is_empty() {
            current.push_str(body);
            current.push('\n');
        }
    }
    units.push(current);
    for unit in units {
        let t = unit.trim();
        if t.starts_with(&['"', '\u{201c}', '\u{201e}', '\'', '>', '|', '\u{ab}'][..])
            || t.contains('\u{ab}')
            // An error or a test line cited in the passage ("Failed: … AssertionError: …").
            || crate::drift::text::contains_any(
                t.to_ascii_lowercase(),
                "error|exception|failed|traceback|warn",
            )
        {
            continue;
        }
        // A label naming a cited thing ("Commit message: …", "ERROR: …").
        let body = t.trim_start_matches(&['-', '*', '+', ' '][..]);
        if let Some((label, _)) = body.split_once(':') {
            let l = label.to_ascii_lowercase();
            let artefact = crate::drift::text::contains_any(
                &l,
                "commit|message|error|log|string|key|title|subject|output|command|warn|info",
            );
            if (artefact && label.split_whitespace().count() <= 3)
                || (label.len() >= 3 && label.chars().all(|c| c.is_ascii_uppercase()))
            {
                continue;
            }
        }
        let words = prose_words(t);
        if words.len() < UNIT_MIN_WORDS {
            continue;
        }
        let count = |l: &Language| words.iter().filter(|w| l.has(w)).count();
        if count(asked) > 0 {
            continue;
        }
        let others: Vec<&'static Language> = if asked.group == english.group {
            LANGUAGES
                .iter()
                .filter(|l| l.group != english.group)
                .gather()
        } else {
            vec![english]
        };
        for l in others {
            if distinct_words(&words, l) >= UNIT_DISTINCT
                && count(l) as f64 / words.len() as f64 >= UNIT_OTHER_AT_LEAST
            {
                let shown: String = t
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .chars()
                    .take(80)
                    .gather_text();
                return Some((l, shown));
            }
        }
    }
    None
}

/// The lowercased words of the text's own prose: fenced and inline code, table rows, quoted
/// lines (`>`) and URLs left out — what an answer quotes or lists as data (a German error
/// message, a table of French strings) is not the language it is written in.
fn prose_words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in super::lists::outside_fences(text) {
        let body = line.trim_start();
        if body.starts_with('|') || body.starts_with('>') {
            continue;
        }
        for span in crate::drift::text::prose_spans(line) {
            for token in span.split_whitespace() {
                if token.has("://") {
                    continue;
                }
                for w in token.split(crate::drift::text::char_test(|c: char| {
                    !(c.is_alphabetic() || c == '\'')
                })) {
                    let w = w.trim_matches('\'');
                    if !w.is_empty() {
                        out.push(w.lower());
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lang(name: &str) -> &'static Language {
        LANGUAGES
            .iter()
            .find(|l| l.name == name)
            .unwrap_or(&LANGUAGES[0])
    }

    const GERMAN: &str = "Die Funktion prüft zuerst, ob der Benutzer angemeldet ist. Wenn nicht, \
        wird eine Fehlermeldung zurückgegeben und die Anfrage bricht ab. Danach werden die \
        Eingaben mit dem Schema verglichen, das wir in der letzten Woche eingeführt haben. Das \
        ist auch der Grund, warum die Tests jetzt länger dauern, aber sie sind zuverlässiger.";
    const ENGLISH: &str = "The function first checks that the user is signed in. If not, it \
        returns an error and the request stops there. After that the inputs are compared with \
        the schema we introduced last week. That is also why the tests take longer now, but \
        they are more reliable than they were before the change.";

    #[test]
    fn an_answer_in_another_language_is_named_with_its_share() {
        let (ok, why) = check(ENGLISH, lang("german"));
        assert!(!ok);
        let why = why.unwrap_or_default();
        assert!(why.starts_with("written in english"), "{why}");
        let (ok, why) = check(GERMAN, lang("english"));
        assert!(!ok, "{why:?}");
        assert!(why.unwrap_or_default().starts_with("written in german"));
    }

    #[test]
    fn an_answer_in_the_asked_language_holds() {
        assert_eq!(check(GERMAN, lang("german")), (true, None));
        assert_eq!(check(ENGLISH, lang("english")), (true, None));
    }

    #[test]
    fn close_languages_are_never_told_apart() {
        let swedish = "Funktionen kontrollerar först att användaren är inloggad. Om inte så \
            returneras ett fel och förfrågan stoppas där. Efter det jämförs indata med det schema \
            som vi införde förra veckan, och det är också därför som testerna tar längre tid nu \
            men de är mycket mer tillförlitliga än de var.";
        assert_eq!(check(swedish, lang("swedish")), (true, None));
        assert_eq!(check(swedish, lang("danish")), (true, None));
        assert!(!check(swedish, lang("english")).0);
    }

    #[test]
    fn short_answers_and_code_say_nothing_about_the_language() {
        assert_eq!(
            check("Fertig. Siehe `src/app.ts`.", lang("english")),
            (true, None)
        );
        let code = format!(
            "Hier ist der Code:\n\n```ts\n{}\n```\n",
            ENGLISH.replace(". ", ";\n// ")
        );
        assert_eq!(check(&code, lang("german")), (true, None));
        // English code comments inside fences do not outweigh the German prose around them.
        let mixed = format!("{GERMAN}\n\n```\n// {ENGLISH}\n```");
        assert_eq!(check(&mixed, lang("german")), (true, None));
    }

    #[test]
    fn terse_lists_quoted_text_and_tables_are_not_prose_in_another_language() {
        // Repeated list words ("CI", "non-" prefixes, "TODO") are not a language.
        let bullets = "Changes:\n- CI: non-zero exit now fails the job\n- CI: lint step non-blocking\n\
            - Parser: non-ASCII keys handled\n- CI: cache restored per branch\n- Docs: CI badge added\n\
            - Tests: non-flaky retry helper\n- TODO: tokenizer offsets\n- TODO: release notes";
        assert_eq!(check(bullets, lang("english")), (true, None));
        // A table of foreign strings, or a quoted foreign log, with a line of English around it.
        let table = "Strings to port:\n\n| key | text |\n|---|---|\n\
            | save | Enregistrer les modifications avant de quitter |\n\
            | quit | Voulez-vous vraiment quitter sans enregistrer ? |\n\
            | error | Une erreur est survenue pendant la synchronisation des fichiers |\n\
            | retry | Réessayer dans quelques minutes, le serveur est occupé |";
        assert_eq!(check(table, lang("english")), (true, None));
        let quoted = format!("The build failed with:\n\n> {GERMAN}\n\nFix: the path.");
        assert_eq!(check(&quoted, lang("english")), (true, None));
    }

    #[test]
    fn the_lists_keep_out_common_english_words() {
        for l in LANGUAGES.iter().filter(|l| l.name != "english") {
            for w in l.words.split(' ') {
                assert!(
                    !lang("english").has(w),
                    "{} shares {w} with English",
                    l.name
                );
            }
            for w in [
                "die", "was", "on", "do", "in", "is", "of", "a", "i", "as", "no", "so", "var",
                "for", "per", "her", "me", "os",
            ] {
                assert!(!l.has(w), "{} lists {w}", l.name);
            }
        }
    }
}
