//! Tests on eight bytes of text at once (SWAR), for the scans that skip plain text quickly.
//! Each says whether some byte of the word is of a kind: never false when one is.

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Whether a byte of `w` is below `n` (`n` at most 0x80).
#[inline]
pub fn any_below(w: u64, n: u8) -> bool {
    w.wrapping_sub(ONES * u64::from(n)) & !w & HIGH != 0
}

/// Whether a byte of `w` is `b`.
#[inline]
pub fn any_equal(w: u64, b: u8) -> bool {
    any_below(w ^ (ONES * u64::from(b)), 1)
}

/// Whether a byte of `w` is DEL (0x7F) or above (not ASCII).
#[inline]
pub fn any_del_or_above(w: u64) -> bool {
    (w.wrapping_add(ONES) | w) & HIGH != 0
}

/// Equality of short strings (property names, enum members) in an inline loop: at opt-level
/// `z`, `==` calls `memcmp`, which costs more than the loop on a few bytes and is called even
/// when the first bytes differ.
#[inline(always)]
pub fn eq_short(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_test_finds_a_byte_at_every_place() {
        for at in 0..8 {
            for b in 0u8..=255 {
                let mut word = [b'a'; 8];
                word[at] = b;
                let w = u64::from_le_bytes(word);
                assert_eq!(any_below(w, 0x20), b < 0x20, "{b:#x} at {at}");
                assert_eq!(any_equal(w, b'"'), b == b'"', "{b:#x} at {at}");
                assert_eq!(any_del_or_above(w), b >= 0x7f, "{b:#x} at {at}");
            }
        }
    }
}
