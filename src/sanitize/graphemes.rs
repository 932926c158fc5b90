//! Where a cut may fall without splitting what a reader sees as one character: a base and its
//! combining marks, a joiner sequence (👨‍👩‍👧), a flag's two regional indicators, a Hangul
//! syllable's jamo, a variation selector, a skin tone or a tag. A compact reading of Unicode's
//! extended grapheme clusters (UAX #29) for the scripts text reaches us in: marks are read from
//! the combining blocks and the Indic blocks' shared layout rather than from the full property
//! tables (unicode-segmentation's tables were about 8 KB of the compressed module for the one
//! cut that needs them). Compared with unicode-segmentation in the tests.

/// Whether `c` attaches to the character before it.
fn extends(c: char) -> bool {
    let u = c as u32;
    // The Indic blocks (Devanagari … Malayalam) share one layout: signs at 0x00–0x03, nukta,
    // vowel signs and virama at 0x3A–0x4F, stress marks 0x51–0x57, vowel signs 0x62–0x63.
    if (0x0900..0x0D80).contains(&u) {
        let o = u & 0x7F;
        return matches!(o, 0x00..=0x03 | 0x3A..=0x3C | 0x3E..=0x4F | 0x51..=0x57 | 0x62..=0x63);
    }
    matches!(u,
        0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05BD | 0x05BF | 0x05C1..=0x05C2
        | 0x05C4..=0x05C5 | 0x05C7 | 0x0610..=0x061A | 0x064B..=0x065F | 0x0670
        | 0x06D6..=0x06DC | 0x06DF..=0x06E4 | 0x06E7..=0x06E8 | 0x06EA..=0x06ED
        | 0x0D81..=0x0D83 | 0x0DCA..=0x0DDF | 0x0DF2..=0x0DF3
        | 0x0E31 | 0x0E33..=0x0E3A | 0x0E47..=0x0E4E | 0x0EB1 | 0x0EB3..=0x0EBC | 0x0EC8..=0x0ECE
        | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x200C..=0x200D | 0x20D0..=0x20FF
        | 0x302A..=0x302F | 0x3099..=0x309A | 0xFE00..=0xFE0F | 0xFE20..=0xFE2F
        | 0xFF9E..=0xFF9F | 0x1F3FB..=0x1F3FF | 0xE0020..=0xE007F | 0xE0100..=0xE01EF)
}

/// A pictograph a zero-width joiner can join to the one before it.
fn pictographic(c: char) -> bool {
    matches!(c as u32, 0x2300..=0x23FF | 0x2600..=0x27BF | 0x2B00..=0x2BFF | 0x1F000..=0x1FAFF)
        && !regional(c)
}

fn regional(c: char) -> bool {
    matches!(c as u32, 0x1F1E6..=0x1F1FF)
}

/// Hangul jamo kind: leading consonant, vowel (or a syllable ending in one), trailing
/// consonant (or a syllable ending in one).
#[derive(PartialEq, Clone, Copy)]
enum Jamo {
    L,
    V,
    T,
    None,
}

fn jamo(c: char) -> Jamo {
    match c as u32 {
        0x1100..=0x115F | 0xA960..=0xA97F => Jamo::L,
        0x1160..=0x11A7 | 0xD7B0..=0xD7C6 => Jamo::V,
        0x11A8..=0x11FF | 0xD7CB..=0xD7FB => Jamo::T,
        // A precomposed syllable: LV when it has no trailing consonant.
        u @ 0xAC00..=0xD7A3 if (u - 0xAC00) % 28 == 0 => Jamo::V,
        0xAC00..=0xD7A3 => Jamo::T,
        _ => Jamo::None,
    }
}

/// Whether a cluster goes on from `prev` to `c` (`ri`: regional indicators in the cluster so
/// far; `pict`: it is a pictograph and its marks, so a joiner may join the next).
fn continues(prev: char, c: char, ri: usize, pict: bool) -> bool {
    if prev == '\r' && c == '\n' {
        return true;
    }
    if extends(c) && !matches!(prev, '\r' | '\n') {
        return true;
    }
    if prev == '\u{200D}' && pict && pictographic(c) {
        return true;
    }
    // A conjunct: consonant, virama, consonant (Devanagari, Bengali, Gujarati, Oriya, Telugu,
    // Malayalam, whose virama links).
    let (p, u) = (prev as u32, c as u32);
    if matches!(p, 0x094D | 0x09CD | 0x0ACD | 0x0B4D | 0x0C4D | 0x0D4D)
        && p >> 7 == u >> 7
        && matches!(u & 0x7F, 0x15..=0x39 | 0x58..=0x5F)
    {
        return true;
    }
    if regional(prev) && regional(c) {
        return ri % 2 == 1;
    }
    let hangul_syllable = |x: char| (0xAC00..=0xD7A3).contains(&(x as u32));
    match (jamo(prev), jamo(c)) {
        (Jamo::L, Jamo::L | Jamo::V) => true,
        (Jamo::L, Jamo::T) => hangul_syllable(c),
        (Jamo::V, Jamo::V | Jamo::T) if !hangul_syllable(c) => true,
        (Jamo::T, Jamo::T) if !hangul_syllable(c) => true,
        _ => false,
    }
}

/// The byte offsets where clusters of `s` start (the first is 0), with each cluster's length in
/// code points.
pub fn clusters(s: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut chars = s.char_indices().peekable();
    std::iter::from_fn(move || {
        let (start, first) = chars.next()?;
        let (mut prev, mut n, mut ri) = (first, 1, usize::from(regional(first)));
        let mut pict = pictographic(first);
        while let Some(&(_, c)) = chars.peek() {
            if !continues(prev, c, ri, pict) {
                break;
            }
            ri += usize::from(regional(c));
            pict = pictographic(c) || (pict && extends(c));
            prev = c;
            n += 1;
            chars.next();
        }
        Some((start, n))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_segmentation::UnicodeSegmentation;

    /// Cluster starts as unicode-segmentation reads them.
    fn theirs(s: &str) -> Vec<(usize, usize)> {
        s.grapheme_indices(true)
            .map(|(i, g)| (i, g.chars().count()))
            .collect()
    }

    #[test]
    fn clusters_agree_with_unicode_segmentation_on_common_scripts() {
        let pieces = [
            "a",
            "Z",
            " ",
            "\r\n",
            "\n",
            "e\u{301}",
            "n\u{303}\u{301}",
            "👨\u{200D}👩\u{200D}👧",
            "👍🏽",
            "🇬🇧",
            "🇫🇷🇩🇪",
            "❤\u{FE0F}",
            "한",
            "글",
            "\u{1100}\u{1161}\u{11A8}",
            "नमस्ते",
            "क्षि",
            "বাংলা",
            "தமிழ்",
            "ಕನ್ನಡ",
            "ไทย",
            "ที่",
            "مرحبا",
            "שָׁלוֹם",
            "日本",
            "Ω",
            "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
            "1️⃣",
            "é",
            "a\u{20DD}",
        ];
        // Every pair and triple of pieces, so that joins across them are read too.
        let mut texts: Vec<String> = Vec::new();
        for a in pieces {
            for b in pieces {
                texts.push(format!("{a}{b}"));
                for c in ["x", "🇯", "\u{200D}", "\u{301}"] {
                    texts.push(format!("{a}{c}{b}"));
                }
            }
        }
        for t in &texts {
            assert_eq!(clusters(t).collect::<Vec<_>>(), theirs(t), "{t:?}");
        }
    }
}
