//! Fixed phrase lists searched in one pass: an Aho-Corasick automaton per list, built on first
//! use, instead of one substring search per phrase (each a full scan of the text, and without
//! SIMD in wasm).

use crate::gather::Gather;
use std::borrow::Cow;
use std::sync::OnceLock;

/// A dense Aho-Corasick automaton over byte classes, reporting every match (overlapping ones
/// too). Hand-written: the `aho-corasick` crate's DFA, builders and search loops were about
/// 26 KB of the module before wasm-opt for what these lists need (issue 14).
struct Dfa {
    /// The class of each byte: one per distinct byte of the phrases (ASCII letters folded with
    /// `any_case`), 0 for every other byte.
    classes: [u8; 256],
    stride: usize,
    /// The next state of each (state, class), failure links already followed.
    next: Vec<u32>,
    /// The phrases (their indexes) that end at each state, those of its failure states too.
    ends: Vec<Vec<u32>>,
    /// The phrases, by index (a joined list split once, not per match).
    phrases: Vec<&'static str>,
}

impl Dfa {
    /// Every match of `hay` in order of its end, as (phrase index, start), until `f` says stop;
    /// whether it did.
    fn each(&self, hay: &str, mut f: impl FnMut(usize, usize) -> bool) -> bool {
        let mut state = 0usize;
        for (i, b) in hay.bytes().enumerate() {
            let class = usize::from(self.classes.get(usize::from(b)).copied().unwrap_or(0));
            state = self
                .next
                .get(state * self.stride + class)
                .map_or(0, |&s| s as usize);
            for &p in self.ends.get(state).map(Vec::as_slice).unwrap_or_default() {
                let len = self.phrases.get(p as usize).map_or(0, |p| p.len());
                if f(p as usize, i + 1 - len) {
                    return true;
                }
            }
        }
        false
    }
}

/// The automaton over `phrases` (empty ones left out); `None` only if its states overflow, and
/// the callers then search phrase by phrase.
fn build(phrases: Vec<&'static str>, any_case: bool) -> Option<Dfa> {
    let mut classes = [0u8; 256];
    let mut count = 1usize;
    for b in phrases.iter().flat_map(|p| p.bytes()) {
        let b = if any_case { b.to_ascii_lowercase() } else { b };
        let class = classes.get_mut(usize::from(b))?;
        if *class == 0 {
            *class = u8::try_from(count).ok()?;
            count += 1;
        }
    }
    if any_case {
        for b in b'a'..=b'z' {
            let lower = *classes.get(usize::from(b))?;
            *classes.get_mut(usize::from(b.to_ascii_uppercase()))? = lower;
        }
    }
    let stride = count;
    const NONE: u32 = u32::MAX;
    let mut next = vec![NONE; stride];
    let mut ends: Vec<Vec<u32>> = vec![Vec::new()];
    // The trie.
    for (k, p) in phrases.iter().enumerate() {
        if p.is_empty() {
            continue;
        }
        let mut state = 0usize;
        for b in p.bytes() {
            let at = state * stride + usize::from(*classes.get(usize::from(b))?);
            state = match next.get(at).copied()? {
                NONE => {
                    let new = ends.len();
                    *next.get_mut(at)? = u32::try_from(new).ok()?;
                    next.resize(next.len() + stride, NONE);
                    ends.push(Vec::new());
                    new
                }
                s => s as usize,
            };
        }
        ends.get_mut(state)?.push(u32::try_from(k).ok()?);
    }
    // Failure links, breadth first: a state's row is finished after its failure state's.
    let mut fail = vec![0usize; ends.len()];
    let mut queue = std::collections::VecDeque::new();
    for c in 0..stride {
        match next.get(c).copied()? {
            NONE => *next.get_mut(c)? = 0,
            s => queue.push_back(s as usize),
        }
    }
    while let Some(s) = queue.pop_front() {
        let f = *fail.get(s)?;
        for c in 0..stride {
            let through = *next.get(f * stride + c)?;
            match next.get(s * stride + c).copied()? {
                NONE => *next.get_mut(s * stride + c)? = through,
                t => {
                    let t = t as usize;
                    *fail.get_mut(t)? = through as usize;
                    let inherited = ends.get(through as usize)?.clone();
                    ends.get_mut(t)?.extend(inherited);
                    queue.push_back(t);
                }
            }
        }
    }
    Some(Dfa {
        classes,
        stride,
        next,
        ends,
        phrases,
    })
}

/// A phrase list: one string joined by `|` (a pointer and a length per phrase less in the
/// module).
#[derive(Clone, Copy)]
struct List(&'static str);

impl List {
    fn all(self) -> Vec<&'static str> {
        self.0.split('|').gather()
    }
}

pub struct Phrases {
    list: List,
    /// Match ASCII letters in any case (the phrases are lowercase).
    any_case: bool,
    automaton: OnceLock<Option<Dfa>>,
}

impl Phrases {
    /// Phrases joined by `|`.
    pub const fn new(joined: &'static str) -> Self {
        Phrases {
            list: List(joined),
            any_case: false,
            automaton: OnceLock::new(),
        }
    }

    /// Lowercase phrases joined by `|`, found in text of any ASCII case, without lowercasing
    /// the text.
    pub const fn any_case(joined: &'static str) -> Self {
        Phrases {
            list: List(joined),
            any_case: true,
            automaton: OnceLock::new(),
        }
    }

    fn automaton(&self) -> Option<&Dfa> {
        self.automaton
            .get_or_init(|| build(self.list.all(), self.any_case))
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
            Some(ac) => ac.each(hay, |_, _| true),
            None => !self.searched(hay).is_empty(),
        }
    }

    /// Whether some occurrence of a phrase (overlapping ones too) passes `keep(start, phrase)`,
    /// stopping at the first that does.
    pub fn any_where(&self, hay: &str, keep: impl Fn(usize, &str) -> bool) -> bool {
        match self.automaton() {
            Some(ac) => ac.each(hay, |k, start| {
                ac.phrases.get(k).is_some_and(|p| keep(start, p))
            }),
            None => self.searched(hay).into_iter().any(|(i, p)| keep(i, p)),
        }
    }

    /// Every occurrence of every phrase (overlapping ones too), as (start, phrase).
    pub fn occurrences(&self, hay: &str) -> Vec<(usize, &'static str)> {
        match self.automaton() {
            Some(ac) => {
                let mut out = Vec::new();
                ac.each(hay, |k, start| {
                    if let Some(p) = ac.phrases.get(k) {
                        out.push((start, *p));
                    }
                    false
                });
                out
            }
            None => self.searched(hay),
        }
    }

    /// The phrases found in `hay`, each once, in list order.
    pub fn found(&self, hay: &str) -> Vec<&'static str> {
        let all = self.list.all();
        let mut seen = vec![false; all.len()];
        match self.automaton() {
            Some(ac) => {
                ac.each(hay, |k, _| {
                    if let Some(s) = seen.get_mut(k) {
                        *s = true;
                    }
                    false
                });
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
            .gather()
    }

    /// The earliest occurrence of any phrase, as (start, phrase); the shorter phrase when two
    /// start at the same place, as a `min` over (position, phrase) would pick.
    pub fn first(&self, hay: &str) -> Option<(usize, &'static str)> {
        self.occurrences(hay).into_iter().min()
    }
}

/// Several phrase lists searched in one pass, for a text that is asked about each of them (each
/// list '|'-joined).
pub struct PhraseGroups<const N: usize> {
    groups: [&'static str; N],
    /// The automaton over every phrase, and the group of each phrase.
    automaton: OnceLock<Option<(Dfa, Vec<usize>)>>,
}

impl<const N: usize> PhraseGroups<N> {
    pub const fn new(groups: [&'static str; N]) -> Self {
        PhraseGroups {
            groups,
            automaton: OnceLock::new(),
        }
    }

    fn automaton(&self) -> Option<&(Dfa, Vec<usize>)> {
        self.automaton
            .get_or_init(|| {
                let (phrases, group_of): (Vec<&str>, Vec<usize>) = self
                    .groups
                    .iter()
                    .enumerate()
                    .flat_map(|(g, list)| list.split('|').map(move |p| (p, g)))
                    .unzip();
                build(phrases, false).map(|ac| (ac, group_of))
            })
            .as_ref()
    }

    /// For each group, whether any of its phrases occurs in `hay`.
    pub fn present(&self, hay: &str) -> [bool; N] {
        let mut found = [false; N];
        match self.automaton() {
            Some((ac, group_of)) => {
                ac.each(hay, |k, _| {
                    if let Some(f) = group_of.get(k).and_then(|g| found.get_mut(*g)) {
                        *f = true;
                    }
                    false
                });
            }
            None => {
                for (f, list) in found.iter_mut().zip(self.groups) {
                    *f = list.split('|').any(|p| hay.contains(p));
                }
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: &str = "no |not |nothing|do not|let me know";

    fn agrees_with_substring_search(set: &Phrases) {
        let hay = "do not add nothing; let me know if not needed. no way";
        let naive: Vec<&str> = LIST.split('|').filter(|p| hay.contains(p)).collect();
        assert_eq!(set.found(hay), naive);
        assert!(set.any(hay));
        assert!(!set.any("all fine here"));
        let mut occ = set.occurrences(hay);
        occ.sort();
        let mut want: Vec<(usize, &str)> = LIST
            .split('|')
            .flat_map(|p| hay.match_indices(p).map(move |(i, _)| (i, p)))
            .collect();
        want.sort();
        assert_eq!(occ, want);
        assert_eq!(set.first(hay), Some((0, "do not")));
        assert_eq!(set.first("x"), None);
    }

    #[test]
    fn the_automaton_agrees_with_substring_search() {
        agrees_with_substring_search(&Phrases::new(LIST));
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
        let groups = PhraseGroups::new(["unit test|add tests", "explain", "readme"]);
        let hay = "explain how to add tests";
        assert_eq!(groups.present(hay), [true, true, false]);
        assert_eq!(groups.present("nothing here"), [false; 3]);
        let fallback = PhraseGroups::new(["unit test|add tests", "explain", "readme"]);
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
