//! UAX #29 word boundaries for text that is not ASCII, with the word-break property read from
//! the standard library's Unicode tables (alphabetic, numeric) and short lists of the other
//! classes. `unicode-segmentation`'s own property table was 8 KB of the gzipped module; this
//! agrees with it on Latin, Greek, Cyrillic, Hebrew, Arabic, CJK, kana, emoji and the marks,
//! spaces and punctuation around them (a test compares the two); in the Indic and South-East
//! Asian scripts a mark that is not alphanumeric is read as Extend, and the words there may
//! differ from the standard's where it writes them without spaces.
use crate::gather::Gather;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Wb {
    Cr,
    Lf,
    Newline,
    Extend,
    Zwj,
    RegionalIndicator,
    Format,
    Katakana,
    HebrewLetter,
    ALetter,
    SingleQuote,
    DoubleQuote,
    MidNumLet,
    MidLetter,
    MidNum,
    Numeric,
    ExtendNumLet,
    WSegSpace,
    /// Other, and whether it is an extended pictograph (a ZWJ before one joins it, WB3c).
    Other(bool),
}

/// Whether `c` lies in one of the inclusive ranges.
fn within(c: u32, ranges: &[(u32, u32)]) -> bool {
    ranges.iter().any(|&(a, b)| (a..=b).contains(&c))
}

const EXTEND: &[(u32, u32)] = &[
    (0x300, 0x36F),
    (0x483, 0x489),
    (0x591, 0x5BD),
    (0x5BF, 0x5BF),
    (0x5C1, 0x5C2),
    (0x5C4, 0x5C5),
    (0x5C7, 0x5C7),
    (0x610, 0x61A),
    (0x64B, 0x65F),
    (0x670, 0x670),
    (0x6D6, 0x6DC),
    (0x6DF, 0x6E4),
    (0x6E7, 0x6E8),
    (0x6EA, 0x6ED),
    (0x898, 0x89F),
    (0x8CA, 0x8E1),
    (0x8E3, 0x903),
    (0x93A, 0x93C),
    (0x93E, 0x94F),
    (0x951, 0x957),
    (0x962, 0x963),
    (0x1AB0, 0x1AFF),
    (0x1DC0, 0x1DFF),
    (0x200C, 0x200C),
    (0x20D0, 0x20F0),
    (0x302A, 0x302F),
    (0x3099, 0x309A),
    (0xA66F, 0xA672),
    (0xA67C, 0xA67D),
    (0xFB1E, 0xFB1E),
    (0xFE00, 0xFE0F),
    (0xFE20, 0xFE2F),
    (0xFF9E, 0xFF9F),
    (0x1F3FB, 0x1F3FF),
    (0xE0020, 0xE007F),
    (0xE0100, 0xE01EF),
];

const FORMAT: &[(u32, u32)] = &[
    (0xAD, 0xAD),
    (0x61C, 0x61C),
    (0x70F, 0x70F),
    (0x180E, 0x180E),
    (0x200E, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x2064),
    (0x2066, 0x206F),
    (0xFEFF, 0xFEFF),
    (0xFFF9, 0xFFFB),
    (0xE0001, 0xE0001),
];

const KATAKANA: &[(u32, u32)] = &[
    (0x3031, 0x3035),
    (0x309B, 0x309C),
    (0x30A0, 0x30FA),
    (0x30FC, 0x30FF),
    (0x31F0, 0x31FF),
    (0x32D0, 0x32FE),
    (0x3300, 0x3357),
    (0xFF66, 0xFF9D),
    (0x1B000, 0x1B000),
];

/// Marks and signs that are ALetter though not alphabetic (modifier letters' neighbours, the
/// Hebrew geresh, the Armenian apostrophes).
const ALETTER_SIGNS: &[(u32, u32)] = &[
    (0x2C2, 0x2C5),
    (0x2D2, 0x2D7),
    (0x2DE, 0x2DF),
    (0x2E5, 0x2EB),
    (0x2ED, 0x2ED),
    (0x2EF, 0x2FF),
    (0x55A, 0x55C),
    (0x55E, 0x55E),
    (0x58A, 0x58A),
    (0x5F3, 0x5F3),
    (0xA708, 0xA716),
    (0xA720, 0xA721),
    (0xA789, 0xA78A),
    (0xAB5B, 0xAB5B),
    (0xAB6A, 0xAB6B),
];

/// Letters that are no ALetter: ideographs, hiragana, and the scripts written without spaces
/// (Line_Break SA: Thai, Lao, Myanmar, Khmer, Tai scripts).
const NOT_ALETTER: &[(u32, u32)] = &[
    (0x3006, 0x3007),
    (0x3021, 0x3029),
    (0x3038, 0x303A),
    (0x3040, 0x309F),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0x20000, 0x3FFFF),
    (0xE00, 0xEFF),
    (0x1000, 0x109F),
    (0x1780, 0x17FF),
    (0x1950, 0x19DF),
    (0x1A20, 0x1AAF),
    (0xAA60, 0xAADF),
];

/// Numbers that are no decimal digits (superscripts, fractions, enclosed and circled ones).
const NOT_DIGITS: &[(u32, u32)] = &[
    (0xB2, 0xB3),
    (0xB9, 0xB9),
    (0xBC, 0xBE),
    (0x2070, 0x209F),
    (0x2150, 0x218F),
    (0x2460, 0x24FF),
    (0x2776, 0x2793),
    (0x3192, 0x3195),
    (0x3220, 0x3229),
    (0x3248, 0x325F),
    (0x3280, 0x3289),
    (0x32B1, 0x32BF),
    (0x1F100, 0x1F10C),
];

/// Extended pictographs, roughly: the emoji and symbol blocks.
const PICTOGRAPHS: &[(u32, u32)] = &[
    (0xA9, 0xA9),
    (0xAE, 0xAE),
    (0x203C, 0x203C),
    (0x2049, 0x2049),
    (0x2122, 0x2122),
    (0x2139, 0x2139),
    (0x2194, 0x21FF),
    (0x2300, 0x23FF),
    (0x25A0, 0x27BF),
    (0x2B00, 0x2BFF),
    (0x3030, 0x3030),
    (0x303D, 0x303D),
    (0x3297, 0x3299),
    (0x1F000, 0x1F0FF),
    (0x1F10D, 0x1F1E5),
    (0x1F200, 0x1FAFF),
    (0x1FC00, 0x1FFFD),
];

fn class(c: char) -> Wb {
    let u = u32::from(c);
    match u {
        0xD => return Wb::Cr,
        0xA => return Wb::Lf,
        0xB | 0xC | 0x85 | 0x2028 | 0x2029 => return Wb::Newline,
        0x200D => return Wb::Zwj,
        0x27 => return Wb::SingleQuote,
        0x22 => return Wb::DoubleQuote,
        0x20 | 0x1680 | 0x2000..=0x2006 | 0x2008..=0x200A | 0x205F | 0x3000 => {
            return Wb::WSegSpace
        }
        0x2E | 0x2018 | 0x2019 | 0x2024 | 0xFE52 | 0xFF07 | 0xFF0E => return Wb::MidNumLet,
        0x3A | 0xB7 | 0x387 | 0x55F | 0x5F4 | 0x2027 | 0xFE13 | 0xFE55 | 0xFF1A => {
            return Wb::MidLetter
        }
        0x2C | 0x3B | 0x37E | 0x589 | 0x60C | 0x60D | 0x66C | 0x7F8 | 0x2044 | 0xFE10 | 0xFE14
        | 0xFE50 | 0xFE54 | 0xFF0C | 0xFF1B => return Wb::MidNum,
        0x5F | 0x202F | 0x203F | 0x2040 | 0x2054 | 0xFE33 | 0xFE34 | 0xFE4D..=0xFE4F | 0xFF3F => {
            return Wb::ExtendNumLet
        }
        0x1F1E6..=0x1F1FF => return Wb::RegionalIndicator,
        // With the prepended concatenation marks (U+0600…).
        0x600..=0x605 | 0x6DD | 0x8E2 | 0x66B | 0xFF10..=0xFF19 => return Wb::Numeric,
        _ => {}
    }
    // The marks of the Indic and South-East Asian scripts (viramas, nuktas, tone marks): not
    // alphanumeric there, and not their punctuation (dandas).
    let brahmic = within(
        u,
        &[
            (0x900, 0xDFF),
            (0xE00, 0xEFF),
            (0x1000, 0x109F),
            (0x1780, 0x17FF),
        ],
    ) && !c.is_alphanumeric()
        && !matches!(
            u,
            0x964 | 0x965 | 0xE4F | 0xE5A | 0xE5B | 0x104A | 0x104B | 0x17D4..=0x17D6
        );
    if brahmic || within(u, EXTEND) {
        Wb::Extend
    } else if within(u, FORMAT) {
        Wb::Format
    } else if within(u, KATAKANA) {
        Wb::Katakana
    } else if (0x5D0..=0x5F2).contains(&u) || (0xFB1D..=0xFB4F).contains(&u) && c.is_alphabetic() {
        Wb::HebrewLetter
    } else if (c.is_alphabetic() && !within(u, NOT_ALETTER)) || within(u, ALETTER_SIGNS) {
        Wb::ALetter
    } else if c.is_numeric() && !c.is_alphabetic() && !within(u, NOT_DIGITS) {
        Wb::Numeric
    } else {
        Wb::Other(within(u, PICTOGRAPHS))
    }
}

fn ignored(c: Wb) -> bool {
    matches!(c, Wb::Extend | Wb::Format | Wb::Zwj)
}

fn ah_letter(c: Wb) -> bool {
    matches!(c, Wb::ALetter | Wb::HebrewLetter)
}

fn mid_num_let_q(c: Wb) -> bool {
    matches!(c, Wb::MidNumLet | Wb::SingleQuote)
}

/// Segments of `text` by the UAX #29 word rules, with their byte offsets.
pub fn segments(text: &str) -> Vec<(usize, &str)> {
    let chars: Vec<(usize, Wb)> = text.char_indices().map(|(i, c)| (i, class(c))).gather();
    let at = |i: usize| chars.get(i).map(|x| x.1);
    // The class a rule sees before position `i` (WB4: marks after a character are that
    // character), and where it stands.
    let before = |i: usize| -> Option<(usize, Wb)> {
        let mut j = i.checked_sub(1)?;
        loop {
            let c = at(j)?;
            if !ignored(c) {
                return Some((j, c));
            }
            match j.checked_sub(1) {
                Some(k) if !matches!(at(k), Some(Wb::Cr | Wb::Lf | Wb::Newline)) => j = k,
                // A mark at the start or after a line end stands as itself.
                _ => return Some((j, c)),
            }
        }
    };
    // unicode-segmentation, which the test compares with, joins a middle character followed by
    // a ZWJ and a pictograph ("a.\u{200d}©"): read as the class that joins.
    let after = |i: usize| {
        let mut k = i + 1;
        while let Some(c) = at(k) {
            if c == Wb::Zwj && at(k + 1) == Some(Wb::Other(true)) {
                return Some(Wb::Zwj);
            }
            if !ignored(c) {
                return Some(c);
            }
            k += 1;
        }
        None
    };
    let mut out = Vec::new();
    let mut start = 0;
    // Regional indicators in a row before the character looked at (counted as they come: a
    // count per indicator would make a long run quadratic).
    let mut flags = usize::from(at(0) == Some(Wb::RegionalIndicator));
    for i in 1..chars.len() {
        let (Some(prev_raw), Some(cur)) = (at(i - 1), at(i)) else {
            continue;
        };
        let run = flags;
        if !ignored(cur) {
            flags = if cur == Wb::RegionalIndicator {
                flags + 1
            } else {
                0
            };
        }
        let flags = run;
        let joins = if prev_raw == Wb::Cr && cur == Wb::Lf {
            true
        } else if matches!(prev_raw, Wb::Cr | Wb::Lf | Wb::Newline)
            || matches!(cur, Wb::Cr | Wb::Lf | Wb::Newline)
        {
            false
        } else if (prev_raw == Wb::Zwj && cur == Wb::Other(true))
            || (prev_raw == Wb::WSegSpace && cur == Wb::WSegSpace)
            || ignored(cur)
        {
            true
        } else {
            let (p, prev) = before(i).unwrap_or((i - 1, prev_raw));
            let prev2 = before(p).map(|x| x.1);
            let next = after(i);
            match (prev, cur) {
                (a, b) if ah_letter(a) && ah_letter(b) => true,
                (a, m)
                    if ah_letter(a)
                        && (m == Wb::MidLetter || mid_num_let_q(m))
                        && next.is_some_and(|n| ah_letter(n) || n == Wb::Zwj) =>
                {
                    true
                }
                (m, b)
                    if ah_letter(b)
                        && (m == Wb::MidLetter || mid_num_let_q(m))
                        && prev2.is_some_and(ah_letter) =>
                {
                    true
                }
                (Wb::HebrewLetter, Wb::SingleQuote) => true,
                (Wb::HebrewLetter, Wb::DoubleQuote) => {
                    matches!(next, Some(Wb::HebrewLetter | Wb::Zwj))
                }
                (Wb::DoubleQuote, Wb::HebrewLetter) => prev2 == Some(Wb::HebrewLetter),
                (Wb::Numeric, Wb::Numeric) => true,
                (a, Wb::Numeric) if ah_letter(a) => true,
                (Wb::Numeric, b) if ah_letter(b) => true,
                (m, Wb::Numeric) if (m == Wb::MidNum || mid_num_let_q(m)) => {
                    prev2 == Some(Wb::Numeric)
                }
                (Wb::Numeric, m) if (m == Wb::MidNum || mid_num_let_q(m)) => {
                    matches!(next, Some(Wb::Numeric | Wb::Zwj))
                }
                (Wb::Katakana, Wb::Katakana) => true,
                (
                    Wb::ALetter | Wb::HebrewLetter | Wb::Numeric | Wb::Katakana | Wb::ExtendNumLet,
                    Wb::ExtendNumLet,
                ) => true,
                (Wb::ExtendNumLet, Wb::ALetter | Wb::HebrewLetter | Wb::Numeric | Wb::Katakana) => {
                    true
                }
                // Pairs: joins after an odd run of indicators.
                (Wb::RegionalIndicator, Wb::RegionalIndicator) => flags % 2 == 1,
                _ => false,
            }
        };
        if !joins {
            let from = chars.get(start).map_or(0, |x| x.0);
            let to = chars.get(i).map_or(text.len(), |x| x.0);
            out.push((from, text.get(from..to).unwrap_or_default()));
            start = i;
        }
    }
    if let Some(&(from, _)) = chars.get(start) {
        out.push((from, text.get(from..).unwrap_or_default()));
    }
    out
}
