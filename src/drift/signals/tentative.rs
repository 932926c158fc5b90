//! Tentative voice: modal and future verbs ("would", "could", "should", "will", "might") per
//! sentence of prose, against what a completion report is written in — things done.

use super::{pieces, Ctx, Signal};
use crate::drift::text::word_runs;
use crate::gather::Gather;

pub const NAME: &str = "tentative";

const MODALS: &str = "will|would|could|should|might|may|shall|can|i'll|we'll";

/// Bytes of the longest modal ("should").
const LONGEST: usize = 6;

/// The words of `text` — runs of letters, digits and apostrophes — that are modals, in order.
fn modals(text: &str) -> Vec<&'static str> {
    word_runs(text, crate::drift::text::alnum_apostrophe)
        .filter(|(_, w)| (2..=LONGEST).contains(&w.len()))
        .filter_map(|(_, w)| MODALS.split('|').find(|m| m.eq_ignore_ascii_case(w)))
        .gather()
}

pub fn measure(ctx: &Ctx) -> Signal {
    let sentences = pieces(ctx.prose)
        .filter(|s| s.split_whitespace().nth(2).is_some())
        .count()
        .max(1);
    let all = modals(ctx.prose);
    let n = all.len();
    let mut found: Vec<&str> = Vec::new();
    for m in all {
        if !found.contains(&m) {
            found.push(m);
        }
    }
    let evidence = if n == 0 {
        Vec::new()
    } else {
        vec![format!(
            "{n} modal or future verbs in {sentences} sentences ({})",
            found.join(", ")
        )]
    };
    Signal::new(NAME, n as f64 / sentences as f64, evidence)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::{modals, pieces, MODALS};
    use proptest::prelude::*;

    /// The measure as it was first written: the text lowercased, then split by `str` methods.
    fn reference(prose: &str) -> (usize, Vec<&'static str>) {
        let text = prose.to_lowercase();
        let sentences = text
            .split_inclusive(&['.', '!', '?', '\n'][..])
            .filter(|s| s.split_whitespace().count() >= 3)
            .count()
            .max(1);
        let mut found = Vec::new();
        for w in text.split(crate::drift::text::char_test(|c: char| {
            !(c.is_alphanumeric() || c == '\'')
        })) {
            if let Some(m) = MODALS.split('|').find(|m| *m == w) {
                found.push(m);
            }
        }
        (sentences, found)
    }

    fn fast(prose: &str) -> (usize, Vec<&'static str>) {
        let sentences = pieces(prose)
            .filter(|s| s.split_whitespace().nth(2).is_some())
            .count()
            .max(1);
        (sentences, modals(prose))
    }

    #[test]
    fn modal_verbs_are_found_in_any_case_and_only_as_whole_words() {
        assert_eq!(
            modals("We WILL ship; it Could break. I'll fix it, we'll see. Willing cans."),
            vec!["will", "could", "i'll", "we'll"]
        );
        assert_eq!(modals("é-would, naïve can't"), vec!["would"]);
    }

    #[test]
    fn every_character_next_to_a_modal_splits_as_the_lowercased_text_did() {
        for c in (0..=0x10FFFF_u32).filter_map(char::from_u32) {
            // 'İ' lowercases to 'i' and a combining dot, which the old split cut at.
            if c == '\u{130}' {
                continue;
            }
            let text = format!("{c}will {c}. could{c}");
            assert_eq!(fast(&text), reference(&text), "{c:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn the_byte_scan_counts_what_the_lowercased_split_counted(
            parts in proptest::collection::vec(
                prop_oneof![
                    Just("will".to_string()), Just("Would".to_string()), Just("I'LL".to_string()),
                    Just("can".to_string()), Just("shall".to_string()), Just("should".to_string()),
                    Just(" ".to_string()), Just(". ".to_string()), Just("?\n".to_string()),
                    Just("!".to_string()), Just("'".to_string()), Just("é".to_string()),
                    Just("\u{212A}".to_string()), Just("日本".to_string()),
                    Just("-".to_string()), Just("\u{a0}".to_string()), "[a-zA-Z0-9' .!?\n]{0,12}",
                    any::<String>(),
                ],
                0..24,
            )
        ) {
            let text: String = parts.concat();
            // Lowercasing 'İ' gives 'i' and a combining dot, which the old split cut at: it read
            // "İwill" as "i" and "will". The byte scan reads one word, as written.
            prop_assume!(!text.contains('\u{130}'));
            prop_assert_eq!(fast(&text), reference(&text));
            let cut: Vec<&str> = pieces(&text).collect();
            let want: Vec<&str> = text.split_inclusive(&['.', '!', '?', '\n'][..]).collect();
            prop_assert_eq!(cut, want);
        }
    }
}
