//! Fixed phrase lists searched in one pass: an Aho-Corasick automaton per list, built on first
//! use, instead of one substring search per phrase (each a full scan of the text, and without
//! SIMD in wasm).

use aho_corasick::automaton::Automaton;
use aho_corasick::dfa::DFA;
use aho_corasick::{Input, Match, MatchKind};
use std::borrow::Cow;
use std::sync::OnceLock;

/// One DFA over `phrases`, reporting every match (overlapping ones too); `None` only if it
/// cannot be built (it can for these small lists), and the callers then search phrase by phrase.
/// The DFA itself rather than `AhoCorasick`, which carries its other automata too (issue 14).
fn build(phrases: &[&str], any_case: bool) -> Option<DFA> {
    DFA::builder()
        .match_kind(MatchKind::Standard)
        .ascii_case_insensitive(any_case)
        // The prefilter looks for rare bytes first; without SIMD (wasm) that scan costs more
        // than stepping the DFA over these short texts.
        .prefilter(false)
        .build(phrases)
        .ok()
}

/// Every match in `hay`, overlapping ones too (a standard, unanchored search cannot fail).
fn overlapping<'a, 'h>(ac: &'a DFA, hay: &'h str) -> impl Iterator<Item = Match> + use<'a, 'h> {
    ac.try_find_overlapping_iter(Input::new(hay))
        .ok()
        .into_iter()
        .flatten()
}

/// A phrase list: one string joined by `|` (a pointer and a length per phrase less in the
/// module), or a list shared with other readings.
#[derive(Clone, Copy)]
enum List {
    Joined(&'static str),
    Slice(&'static [&'static str]),
}

impl List {
    fn all(self) -> Vec<&'static str> {
        match self {
            List::Joined(s) => s.split('|').collect(),
            List::Slice(l) => l.to_vec(),
        }
    }

    fn get(self, i: usize) -> Option<&'static str> {
        match self {
            List::Joined(s) => s.split('|').nth(i),
            List::Slice(l) => l.get(i).copied(),
        }
    }
}

pub struct Phrases {
    list: List,
    /// Match ASCII letters in any case (the phrases are lowercase).
    any_case: bool,
    automaton: OnceLock<Option<DFA>>,
}

impl Phrases {
    /// Phrases joined by `|`.
    pub const fn new(joined: &'static str) -> Self {
        Phrases {
            list: List::Joined(joined),
            any_case: false,
            automaton: OnceLock::new(),
        }
    }

    /// Lowercase phrases joined by `|`, found in text of any ASCII case, without lowercasing
    /// the text.
    pub const fn any_case(joined: &'static str) -> Self {
        Phrases {
            list: List::Joined(joined),
            any_case: true,
            automaton: OnceLock::new(),
        }
    }

    /// A list other readings use too.
    pub const fn of(list: &'static [&'static str], any_case: bool) -> Self {
        Phrases {
            list: List::Slice(list),
            any_case,
            automaton: OnceLock::new(),
        }
    }

    fn automaton(&self) -> Option<&DFA> {
        self.automaton
            .get_or_init(|| build(&self.list.all(), self.any_case))
            .as_ref()
    }

    /// Every start of every phrase, overlapping ones too, as the automaton reports them: the
    /// phrase-by-phrase search where no automaton was built (ASCII-lowercased for an any-case
    /// list; byte offsets unchanged).
    fn searched(&self, hay: &str) -> Vec<(usize, &'static str)> {
        let hay: Cow<'_, str> = if self.any_case {
            Cow::Owned(hay.to_ascii_lowercase())
        } else {
            Cow::Borrowed(hay)
        };
        let mut out = Vec::new();
        for p in self.list.all() {
            let step = p.chars().next().map_or(1, char::len_utf8);
            let mut from = 0;
            while let Some(i) = hay.get(from..).and_then(|h| h.find(p)) {
                out.push((from + i, p));
                from += i + step;
            }
        }
        out
    }

    /// Whether `hay` contains any of the phrases.
    pub fn any(&self, hay: &str) -> bool {
        match self.automaton() {
            Some(ac) => ac.try_find(&Input::new(hay)).is_ok_and(|m| m.is_some()),
            None => !self.searched(hay).is_empty(),
        }
    }

    /// Whether some occurrence of a phrase (overlapping ones too) passes `keep(start, phrase)`,
    /// stopping at the first that does.
    pub fn any_where(&self, hay: &str, keep: impl Fn(usize, &str) -> bool) -> bool {
        match self.automaton() {
            Some(ac) => overlapping(ac, hay).any(|m| {
                self.list
                    .get(m.pattern().as_usize())
                    .is_some_and(|p| keep(m.start(), p))
            }),
            None => self.searched(hay).into_iter().any(|(i, p)| keep(i, p)),
        }
    }

    /// Every occurrence of every phrase (overlapping ones too), as (start, phrase).
    pub fn occurrences(&self, hay: &str) -> Vec<(usize, &'static str)> {
        match self.automaton() {
            Some(ac) => overlapping(ac, hay)
                .filter_map(|m| {
                    self.list
                        .get(m.pattern().as_usize())
                        .map(|p| (m.start(), p))
                })
                .collect(),
            None => self.searched(hay),
        }
    }

    /// The phrases found in `hay`, each once, in list order.
    pub fn found(&self, hay: &str) -> Vec<&'static str> {
        let all = self.list.all();
        let mut seen = vec![false; all.len()];
        match self.automaton() {
            Some(ac) => {
                for m in overlapping(ac, hay) {
                    if let Some(s) = seen.get_mut(m.pattern().as_usize()) {
                        *s = true;
                    }
                }
            }
            None => {
                let hits = self.searched(hay);
                for (s, p) in seen.iter_mut().zip(&all) {
                    *s = hits.iter().any(|(_, h)| h == p);
                }
            }
        }
        all.into_iter()
            .zip(seen)
            .filter_map(|(p, s)| s.then_some(p))
            .collect()
    }

    /// The earliest occurrence of any phrase, as (start, phrase); the shorter phrase when two
    /// start at the same place, as a `min` over (position, phrase) would pick.
    pub fn first(&self, hay: &str) -> Option<(usize, &'static str)> {
        self.occurrences(hay).into_iter().min()
    }
}

/// Several phrase lists searched in one pass, for a text that is asked about each of them.
pub struct PhraseGroups<const N: usize> {
    groups: [&'static [&'static str]; N],
    /// The automaton over every phrase, and the group of each phrase.
    automaton: OnceLock<Option<(DFA, Vec<usize>)>>,
}

impl<const N: usize> PhraseGroups<N> {
    pub const fn new(groups: [&'static [&'static str]; N]) -> Self {
        PhraseGroups {
            groups,
            automaton: OnceLock::new(),
        }
    }

    fn automaton(&self) -> Option<&(DFA, Vec<usize>)> {
        self.automaton
            .get_or_init(|| {
                let (phrases, group_of): (Vec<&str>, Vec<usize>) = self
                    .groups
                    .iter()
                    .enumerate()
                    .flat_map(|(g, list)| list.iter().map(move |p| (*p, g)))
                    .unzip();
                build(&phrases, false).map(|ac| (ac, group_of))
            })
            .as_ref()
    }

    /// For each group, whether any of its phrases occurs in `hay`.
    pub fn present(&self, hay: &str) -> [bool; N] {
        let mut found = [false; N];
        match self.automaton() {
            Some((ac, group_of)) => {
                for m in overlapping(ac, hay) {
                    if let Some(f) = group_of
                        .get(m.pattern().as_usize())
                        .and_then(|g| found.get_mut(*g))
                    {
                        *f = true;
                    }
                }
            }
            None => {
                for (f, list) in found.iter_mut().zip(self.groups) {
                    *f = list.iter().any(|p| hay.contains(p));
                }
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: [&str; 5] = ["no ", "not ", "nothing", "do not", "let me know"];

    fn agrees_with_substring_search(set: &Phrases) {
        let hay = "do not add nothing; let me know if not needed. no way";
        let naive: Vec<&str> = LIST.into_iter().filter(|p| hay.contains(p)).collect();
        assert_eq!(set.found(hay), naive);
        assert!(set.any(hay));
        assert!(!set.any("all fine here"));
        let mut occ = set.occurrences(hay);
        occ.sort();
        let mut want: Vec<(usize, &str)> = LIST
            .into_iter()
            .flat_map(|p| hay.match_indices(p).map(move |(i, _)| (i, p)))
            .collect();
        want.sort();
        assert_eq!(occ, want);
        assert_eq!(set.first(hay), Some((0, "do not")));
        assert_eq!(set.first("x"), None);
    }

    #[test]
    fn the_automaton_agrees_with_substring_search() {
        agrees_with_substring_search(&Phrases::of(&LIST, false));
    }

    #[test]
    fn any_case_matches_ascii_letters_in_any_case() {
        static SET: Phrases = Phrases::any_case("signal completion|supersede");
        let fallback = Phrases::any_case("signal completion|supersede");
        assert!(fallback.automaton.set(None).is_ok());
        for set in [&SET, &fallback] {
            assert!(set.any("Then Signal Completion using attempt_completion."));
            assert!(set.any("These instructions SUPERSEDE any others."));
            assert!(!set.any("Signal the completion"));
            assert_eq!(set.first("Now SUPERSEDE it"), Some((4, "supersede")));
            assert_eq!(set.found("Signal Completion"), ["signal completion"]);
        }
    }

    #[test]
    fn groups_tell_which_lists_occur() {
        let groups = PhraseGroups::new([&["unit test", "add tests"], &["explain"], &["readme"]]);
        let hay = "explain how to add tests";
        assert_eq!(groups.present(hay), [true, true, false]);
        assert_eq!(groups.present("nothing here"), [false; 3]);
        let fallback = PhraseGroups::new([&["unit test", "add tests"], &["explain"], &["readme"]]);
        assert!(fallback.automaton.set(None).is_ok());
        assert_eq!(fallback.present(hay), [true, true, false]);
        assert_eq!(fallback.present("see the readme"), [false, false, true]);
    }

    #[test]
    fn the_fallback_agrees_with_substring_search() {
        let set = Phrases::new("no |not |nothing|do not|let me know");
        assert!(set.automaton.set(None).is_ok());
        assert!(set.automaton().is_none());
        agrees_with_substring_search(&set);
    }
}
